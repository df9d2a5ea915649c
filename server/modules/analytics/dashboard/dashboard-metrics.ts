import type { SegmentRecord } from "../analytics.repo";
import { ECO_WEIGHTS, ecoScore, speedingPoints } from "../reports/types/score-reports";
import type { Metric } from "./dashboard.schema";

/** What one vehicle did in a window, in base units (m, s, km/h, l). */
export interface VehicleFigures {
  distance: number;
  driving_time: number;
  idling_time: number;
  stops: number;
  trips: number;
  max_speed: number;
  speeding_events: number;
  alerts: number;
  /** null when the vehicle has no consumption figure */
  fuel_used: number | null;
  engine_hours: number;
  /** penalty points for the eco score */
  eco_points: number;
}

export const emptyFigures = (): VehicleFigures => ({
  distance: 0,
  driving_time: 0,
  idling_time: 0,
  stops: 0,
  trips: 0,
  max_speed: 0,
  speeding_events: 0,
  alerts: 0,
  fuel_used: 0,
  engine_hours: 0,
  eco_points: 0,
});

/** Adds a segment (already known to start inside the window) to a vehicle's figures. */
export function addSegment(f: VehicleFigures, s: SegmentRecord, speedLimitKmh: number): void {
  const d = (s.end_time.getTime() - s.start_time.getTime()) / 1000;
  if (s.kind === "trip") {
    f.trips += 1;
    f.distance += s.distance_m;
    f.driving_time += d - s.idle_s;
    f.max_speed = Math.max(f.max_speed, s.max_speed_kmh);
    f.engine_hours += s.engine_s;
    f.eco_points +=
      ECO_WEIGHTS.harshEvent * (s.harsh_accel + s.harsh_brake + s.harsh_corner) +
      ECO_WEIGHTS.idlePer10Min * Math.floor(s.idle_s / 600);
  } else if (s.kind === "stop") {
    f.stops += 1;
    f.engine_hours += s.engine_s;
  } else if (s.kind === "idle") {
    f.idling_time += d;
  } else {
    f.speeding_events += 1;
    f.eco_points += speedingPoints(s.max_speed_kmh - speedLimitKmh);
  }
}

/** A metric's value for some vehicles' pooled figures over `days` days (eco score pooled per km, utilisation per vehicle-day). */
export function metricValue(metric: Metric, figures: VehicleFigures[], days: number, normHours = 8): number | null {
  if (!figures.length) return null;
  const sum = (k: keyof VehicleFigures) => figures.reduce((a, f) => a + ((f[k] as number | null) ?? 0), 0);
  switch (metric) {
    case "max_speed":
      return Math.max(...figures.map((f) => f.max_speed));
    case "eco_score":
      return ecoScore(sum("distance") / 1000, sum("eco_points"));
    case "utilisation":
      return (100 * sum("engine_hours")) / (normHours * 3600 * days * figures.length);
    case "fuel_used": {
      const known = figures.filter((f) => f.fuel_used !== null);
      return known.length ? known.reduce((a, f) => a + f.fuel_used!, 0) : null;
    }
    default:
      return sum(metric);
  }
}

/** Metrics that are already per vehicle (averaging them again would be wrong). */
export const INTENSIVE: ReadonlySet<Metric> = new Set(["max_speed", "eco_score", "utilisation"]);

/** A tile's single number: the total over the vehicles, or the average per vehicle. */
export function aggregate(
  metric: Metric,
  figures: VehicleFigures[],
  days: number,
  how: "total" | "average",
): number | null {
  const v = metricValue(metric, figures, days);
  if (v === null || how === "total" || INTENSIVE.has(metric)) return v;
  return v / figures.length;
}

/** Top or bottom N entries by value; entries without a value go last and are not ranked. */
export function rank<T extends { value: number | null }>(entries: T[], direction: "top" | "bottom", size: number): T[] {
  const valued = entries.filter((e) => e.value !== null);
  valued.sort((a, b) => (direction === "top" ? b.value! - a.value! : a.value! - b.value!));
  return valued.slice(0, size);
}
