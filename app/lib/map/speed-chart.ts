import type { TrackPoint } from "./playback";

export interface SpeedChartLabels {
  speed: string;
  unit: string;
}

/** [time in ms, km/h] pairs for the chart's time axis. */
export const speedSeries = (points: TrackPoint[]): [number, number][] =>
  points.map((p) => [Date.parse(p.t), Math.round(p.speed * 10) / 10]);

/** ECharts option: km/h over time, with a vertical marker at the scrubber's instant. */
export function speedChartOption(points: TrackPoint[], cursorMs: number | null, labels: SpeedChartLabels) {
  const data = speedSeries(points);
  const max = data.reduce((m, [, s]) => Math.max(m, s), 0);
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    tooltip: { trigger: "axis" as const },
    xAxis: { type: "time" as const },
    yAxis: { type: "value" as const, name: labels.unit, min: 0, max: max > 0 ? Math.ceil(max / 10) * 10 : 10 },
    series: [
      {
        name: labels.speed,
        type: "line" as const,
        showSymbol: false,
        data,
        lineStyle: { width: 1.5, color: "#0f5c8c" },
        areaStyle: { opacity: 0.12, color: "#0f5c8c" },
        markLine: cursorMarkLine(cursorMs),
      },
    ],
  };
}

function cursorMarkLine(cursorMs: number | null) {
  return { symbol: "none", silent: true, animation: false, label: { show: false }, lineStyle: { color: "#b42318", type: "solid" as const }, data: cursorMs === null ? [] : [{ xAxis: cursorMs }] };
}

/** Partial option that only moves the scrubber line (merged by setOption, the series data stays). */
export const cursorOption = (cursorMs: number | null) => ({ series: [{ markLine: cursorMarkLine(cursorMs) }] });
