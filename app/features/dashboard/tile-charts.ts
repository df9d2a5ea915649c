/** What a chart needs of a tile (display units). */
export interface ChartTile {
  chart_type: string;
  entries: Array<{ id: string; label: string; value: number | null }>;
  series: Array<{ day: string; value: number | null }>;
}

/**
 * Nothing to draw: a line without days, a ranking without vehicles, or a pie whose slices are all zero (ECharts
 * would share the circle out equally, showing a split that is not there).
 */
export function tileIsEmpty(tile: ChartTile): boolean {
  if (tile.chart_type === "line") return tile.series.length === 0;
  if (tile.chart_type === "pie") return !tile.entries.some((e) => (e.value ?? 0) > 0);
  return tile.entries.length === 0;
}

/** The ECharts option of a bar, line or pie tile (pure, no ECharts import); null for number and table tiles and empty ones. */
export function tileOption(tile: ChartTile, seriesName: string): Record<string, unknown> | null {
  const tooltip = { trigger: tile.chart_type === "pie" ? "item" : "axis" };
  if (tileIsEmpty(tile)) return null;
  if (tile.chart_type === "line") {
    return {
      tooltip,
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: "category", data: tile.series.map((s) => s.day.slice(5)) },
      yAxis: { type: "value" },
      // straight segments: a smoothed curve dips below zero between a busy day and an idle one
      series: [{ type: "line", name: seriesName, data: tile.series.map((s) => s.value), areaStyle: { opacity: 0.15 } }],
    };
  }
  if (tile.chart_type === "bar") {
    const entries = [...tile.entries].reverse();
    return {
      tooltip,
      grid: { left: 110, right: 24, top: 8, bottom: 24 },
      xAxis: { type: "value" },
      yAxis: { type: "category", data: entries.map((e) => e.label), axisLabel: { width: 100, overflow: "truncate" } },
      series: [{ type: "bar", name: seriesName, data: entries.map((e) => e.value), itemStyle: { color: "#2563eb" } }],
    };
  }
  if (tile.chart_type === "pie") {
    return {
      tooltip,
      series: [
        {
          type: "pie",
          name: seriesName,
          radius: ["35%", "70%"],
          data: tile.entries.map((e) => ({ name: e.label, value: e.value })),
        },
      ],
    };
  }
  return null;
}
