import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

echarts.use([BarChart, LineChart, PieChart, GridComponent, SVGRenderer]);

/**
 * A chart drawn on the server as SVG by ECharts (its server-side rendering), so a browser without JavaScript sees
 * the chart too; with JavaScript the interactive chart takes its place (dashboard tiles, report charts).
 */
export function renderChartSvg(option: Record<string, unknown> | null, width = 480, height = 256): string | null {
  if (!option) return null;
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false, tooltip: undefined });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
