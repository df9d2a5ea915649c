import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

/** Only what the dashboard's tiles draw (bars, lines, pies), so the browser loads a fraction of ECharts. */
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer]);

export const { init } = echarts;
export type ECharts = echarts.ECharts;
