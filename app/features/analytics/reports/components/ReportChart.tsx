import { useRef } from "react";
import { useEChart } from "../../../../components/charts/useEChart";
import type { ReportTable } from "../reports.server";

type ECharts = import("./echarts-reports").ECharts;
type Chart = NonNullable<ReportTable["chart"]>;

/** The ECharts option of a report's chart: the first figure per category (days in order, else largest first). */
export function reportChartOption(chart: Chart): Record<string, unknown> {
  const names = chart.bars.map((b) => b.label);
  const values = chart.bars.map((b) => b.value);
  if (chart.type === "pie") {
    return {
      tooltip: { trigger: "item" },
      series: [{ type: "pie", radius: ["35%", "70%"], name: chart.label, data: chart.bars.map((b) => ({ name: b.label, value: b.value })) }],
    };
  }
  const vertical = chart.time || chart.type === "line";
  const category = { type: "category", data: vertical ? names : [...names].reverse(), axisLabel: { width: 140, overflow: "truncate" } };
  const value = { type: "value", name: chart.label };
  return {
    tooltip: { trigger: "axis" },
    grid: { left: vertical ? 48 : 150, right: 24, top: 32, bottom: 32 },
    xAxis: vertical ? category : value,
    yAxis: vertical ? value : category,
    series: [{ type: chart.type === "line" ? "line" : "bar", name: chart.label, data: vertical ? values : [...values].reverse(), itemStyle: { color: "#2563eb" } }],
  };
}

/**
 * The report's chart, drawn in the browser (ECharts); without JavaScript the table under it carries the same
 * figures. `data-bars` lets a test read what is drawn.
 */
export function ReportChart({ chart }: { chart: Chart }) {
  const el = useRef<HTMLDivElement>(null);
  const option = reportChartOption(chart);
  const key = JSON.stringify(option);
  useEChart<ECharts>(el, () => import("./echarts-reports"), (instance, dom) => {
    instance.setOption(option);
    dom.dataset.ready = "1";
  }, [key]);
  const height = chart.type === "pie" || chart.time ? 300 : Math.max(160, 40 + chart.bars.length * 22);
  return <div ref={el} className="report-chart" style={{ height }} data-testid="report-chart" data-type={chart.type} data-bars={chart.bars.length} role="img" aria-label={chart.label} />;
}
