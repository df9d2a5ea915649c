import type { Metric } from "../../../server/modules/analytics/dashboard/dashboard.schema";
import { formatNumber } from "../../lib/numbers";

/** The report behind each metric (a catalogue type name: /analytics/reports/:type). */
export const METRIC_REPORT: Record<Metric, string> = {
  distance: "mileage",
  driving_time: "daily_summary",
  idling_time: "idling",
  stops: "stops",
  trips: "trips",
  max_speed: "trips",
  speeding_events: "speeding",
  alerts: "alerts",
  fuel_used: "mileage",
  utilisation: "engine_hours",
  engine_hours: "engine_hours",
  eco_score: "eco_score",
};

/** The report of a tile for its period and vehicles, opened with the same choices. */
export function reportLink(
  t: { metric: Metric; vehicle_ids: string[]; team_ids: string[] },
  from: string,
  to: string,
): string {
  const q = new URLSearchParams({ from, to });
  for (const id of t.vehicle_ids) q.append("vehicle_ids", id);
  for (const id of t.team_ids) q.append("team_ids", id);
  return `/analytics/reports/${METRIC_REPORT[t.metric]}?${q}`;
}

/** Base units (m, s) to what people read (km, h); the rest is shown as computed. */
const SCALE: Partial<Record<Metric, number>> = {
  distance: 1 / 1000,
  driving_time: 1 / 3600,
  idling_time: 1 / 3600,
  engine_hours: 1 / 3600,
};

/** A metric's value in its display unit, rounded to one decimal (counts stay whole). */
export function displayValue(metric: Metric, v: number | null): number | null {
  if (v === null || !Number.isFinite(v)) return null;
  const x = v * (SCALE[metric] ?? 1);
  return Math.round(x * 10) / 10;
}

/** Metrics with a unit label in locales/<lng>/dashboard.json "units". */
export const HAS_UNIT: ReadonlySet<Metric> = new Set([
  "distance",
  "driving_time",
  "idling_time",
  "max_speed",
  "fuel_used",
  "utilisation",
  "engine_hours",
  "eco_score",
]);

export function formatTileNumber(v: number | null, lng: string): string {
  return v === null ? "—" : formatNumber(v, lng);
}
