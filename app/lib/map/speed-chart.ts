import type { ReplayPoint } from "../../../server/shared/replay-point";
import { formatClock, formatDateTime } from "./time";

export interface SpeedChartLabels {
  speed: string;
  unit: string;
}

/** [time in ms, km/h] pairs for the chart's time axis. */
export const speedSeries = (points: ReplayPoint[]): [number, number][] =>
  points.map((p) => [Date.parse(p.t), Math.round(p.speed * 10) / 10]);

/** ECharts option: km/h over time, with a vertical marker at the scrubber's instant. */
export function speedChartOption(
  points: ReplayPoint[],
  cursorMs: number | null,
  labels: SpeedChartLabels,
  timeZone = "UTC",
) {
  const data = speedSeries(points);
  const max = data.reduce((m, [, s]) => Math.max(m, s), 0);
  const multiDay = data.length > 1 && data[data.length - 1][0] - data[0][0] > 86_400_000;
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    tooltip: {
      trigger: "axis" as const,
      formatter: (items: { value: [number, number] }[]) => {
        const [t, kmh] = items[0]?.value ?? [0, 0];
        return `${formatDateTime(new Date(t).toISOString(), timeZone)}<br/>${labels.speed}: ${kmh} ${labels.unit}`;
      },
    },
    xAxis: { type: "time" as const, axisLabel: { formatter: (ms: number) => formatClock(ms, timeZone, multiDay) } },
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
  return {
    symbol: "none",
    silent: true,
    animation: false,
    label: { show: false },
    lineStyle: { color: "#b42318", type: "solid" as const },
    data: cursorMs === null ? [] : [{ xAxis: cursorMs }],
  };
}

/** Partial option that only moves the scrubber line (merged by setOption, the series data stays). */
export const cursorOption = (cursorMs: number | null) => ({ series: [{ markLine: cursorMarkLine(cursorMs) }] });
