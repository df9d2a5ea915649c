/** What a report's chart shows: the first figure per category (days in order, else largest first). */
export interface ReportChartData {
  type: "bar" | "line" | "pie";
  label: string;
  bars: Array<{ label: string; value: number }>;
  time: boolean;
}

/** The chart's height in pixels: pies and time axes a fixed 300, rankings by their number of bars. */
export const reportChartHeight = (chart: ReportChartData) =>
  chart.type === "pie" || chart.time ? 300 : Math.max(160, 40 + chart.bars.length * 22);

/** The ECharts option of a report's chart (pure, no ECharts import: the server draws it as SVG, the browser live). */
export function reportChartOption(chart: ReportChartData): Record<string, unknown> {
  const names = chart.bars.map((b) => b.label);
  const values = chart.bars.map((b) => b.value);
  if (chart.type === "pie") {
    return {
      tooltip: { trigger: "item" },
      series: [
        {
          type: "pie",
          radius: ["35%", "70%"],
          name: chart.label,
          data: chart.bars.map((b) => ({ name: b.label, value: b.value })),
        },
      ],
    };
  }
  const vertical = chart.time || chart.type === "line";
  const category = {
    type: "category",
    data: vertical ? names : [...names].reverse(),
    axisLabel: { width: 140, overflow: "truncate" },
  };
  const value = { type: "value", name: chart.label };
  return {
    tooltip: { trigger: "axis" },
    grid: { left: vertical ? 48 : 150, right: 24, top: 32, bottom: 32 },
    xAxis: vertical ? category : value,
    yAxis: vertical ? value : category,
    series: [
      {
        type: chart.type === "line" ? "line" : "bar",
        name: chart.label,
        data: vertical ? values : [...values].reverse(),
        itemStyle: { color: "#2563eb" },
      },
    ],
  };
}
