import { z } from "zod";
import { timeSchema } from "../../../../shared/date-schemas";
import { formatInstantDate, formatInstantTime, minutesOfDay, weekday } from "../../../../shared/dates";
import { analyticsRepo, type SegmentRecord } from "../../analytics.repo";
import { daysOf } from "../../../shared/reports/period";
import { defineReport, type ReportRow } from "../../../shared/reports/report-definition";
import { labels } from "./segment-reports";

const durationS = (s: SegmentRecord) => (s.end_time.getTime() - s.start_time.getTime()) / 1000;

/** Eco-driving weights (docs/analytics.md): penalty points, normalised per 100 km. */
export const ECO_WEIGHTS = {
  harshEvent: 5,
  idlePer10Min: 1,
  speedingBands: [
    [10, 2],
    [20, 10],
    [30, 25],
    [50, 75],
  ] as const,
};
/** Below this distance a score would be noise: none is given. */
export const ECO_MIN_KM = 10;

export function speedingPoints(excessKmh: number): number {
  let points = 0;
  for (const [over, p] of ECO_WEIGHTS.speedingBands) if (excessKmh >= over) points = p;
  return points;
}

export function ecoScore(km: number, points: number): number | null {
  if (km < ECO_MIN_KM) return null;
  return Math.max(0, Math.round(100 - (points * 100) / km));
}

export const engineHoursReport = defineReport({
  type: "engine_hours",
  group: "activity",
  params: z.object({ daily_norm_hours: z.coerce.number().min(1).max(24).default(8) }),
  fields: [{ name: "daily_norm_hours", kind: "number", min: 1, max: 24, step: 0.5, default: 8 }],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "engine_hours", kind: "duration", total: "sum" },
    { key: "driving", kind: "duration", total: "sum" },
    { key: "idle", kind: "duration", total: "sum" },
    { key: "days_used", kind: "count" },
    { key: "days", kind: "count" },
    { key: "days_used_share", kind: "percent", total: "avg" },
    { key: "utilisation", kind: "percent", total: "avg" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["utilisation"] },
  async run(scope, params) {
    const l = labels(scope);
    const { start } = scope.period;
    const segs = await analyticsRepo.overlapping(scope.db, { ...scope, kinds: ["trip", "stop"] });
    const days = daysOf(scope.period).length;
    const rows: ReportRow[] = scope.vehicleIds.map((id) => {
      const mine = segs.filter((s) => s.vehicle_id === id && s.start_time >= start);
      const trips = mine.filter((s) => s.kind === "trip");
      const engine = mine.reduce((a, s) => a + s.engine_s, 0);
      const used = new Set(trips.map((t) => formatInstantDate(t.start_time, scope.period.timeZone))).size;
      const idle = trips.reduce((a, s) => a + s.idle_s, 0);
      return {
        vehicle: l.vehicle(id),
        engine_hours: engine,
        driving: trips.reduce((a, s) => a + durationS(s), 0) - idle,
        idle,
        days_used: used,
        days,
        days_used_share: (100 * used) / days,
        utilisation: (100 * engine) / (params.daily_norm_hours * 3600 * days),
      };
    });
    return { rows };
  },
});

export const ecoScoreReport = defineReport({
  type: "eco_score",
  group: "driving",
  params: z.object({ by: z.enum(["driver", "vehicle"]).default("driver") }),
  fields: [
    { name: "by", kind: "select", options: ["driver", "vehicle"], optionLabels: "params.by_", default: "driver" },
  ],
  columns: [
    { key: "name", kind: "text" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "harsh_accel", kind: "count", total: "sum" },
    { key: "harsh_brake", kind: "count", total: "sum" },
    { key: "harsh_corner", kind: "count", total: "sum" },
    { key: "speeding", kind: "duration", total: "sum" },
    { key: "idle", kind: "duration", total: "sum" },
    { key: "points", kind: "number", total: "sum" },
    { key: "score", kind: "number", total: "avg" },
    { key: "rank", kind: "count" },
  ],
  chart: { type: "bar", category: "name", series: ["score"] },
  async run(scope, params) {
    const l = labels(scope);
    const segs = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["trip", "speeding"] });
    const keyOf = (s: SegmentRecord) => (params.by === "driver" ? (s.driver_id ?? "") : s.vehicle_id);
    const acc = new Map<
      string,
      { distance: number; accel: number; brake: number; corner: number; speeding: number; idle: number; points: number }
    >();
    for (const s of segs) {
      const k = keyOf(s);
      const a = acc.get(k) ?? { distance: 0, accel: 0, brake: 0, corner: 0, speeding: 0, idle: 0, points: 0 };
      if (s.kind === "trip") {
        a.distance += s.distance_m;
        a.accel += s.harsh_accel;
        a.brake += s.harsh_brake;
        a.corner += s.harsh_corner;
        a.speeding += s.speeding_s;
        a.idle += s.idle_s;
        a.points +=
          ECO_WEIGHTS.harshEvent * (s.harsh_accel + s.harsh_brake + s.harsh_corner) +
          ECO_WEIGHTS.idlePer10Min * Math.floor(s.idle_s / 600);
      } else {
        a.points += speedingPoints(s.max_speed_kmh - scope.speedLimitKmh);
      }
      acc.set(k, a);
    }
    const rows = [...acc.entries()].map(([k, a]) => ({
      name: params.by === "driver" ? (k ? l.driver(k) : "—") : l.vehicle(k),
      distance: a.distance,
      harsh_accel: a.accel,
      harsh_brake: a.brake,
      harsh_corner: a.corner,
      speeding: a.speeding,
      idle: a.idle,
      points: a.points,
      score: ecoScore(a.distance / 1000, a.points),
      rank: null as number | null,
      unknown: k === "",
    }));
    // trips without a known driver are nobody's score: listed last, unranked
    rows.sort(
      (a, b) =>
        Number(a.unknown) - Number(b.unknown) ||
        (b.score ?? -1) - (a.score ?? -1) ||
        String(a.name).localeCompare(String(b.name)),
    );
    let rank = 0;
    for (const r of rows) r.rank = r.unknown || r.score === null ? null : ++rank;
    for (const r of rows) delete (r as { unknown?: boolean }).unknown;
    return { rows: rows as ReportRow[] };
  },
});

export const driverActivityReport = defineReport({
  type: "driver_activity",
  group: "driving",
  params: z.object({}),
  columns: [
    { key: "driver", kind: "text" },
    { key: "vehicles", kind: "text" },
    { key: "first_activity", kind: "datetime" },
    { key: "last_activity", kind: "datetime" },
    { key: "trips", kind: "count", total: "sum" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "driving", kind: "duration", total: "sum" },
    { key: "idle", kind: "duration", total: "sum" },
  ],
  chart: { type: "bar", category: "driver", series: ["distance"] },
  async run(scope) {
    const l = labels(scope);
    const trips = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["trip"] });
    const acc = new Map<
      string,
      {
        vehicles: Set<string>;
        first: number;
        last: number;
        trips: number;
        distance: number;
        driving: number;
        idle: number;
      }
    >();
    for (const t of trips) {
      const k = t.driver_id ?? "";
      const a = acc.get(k) ?? {
        vehicles: new Set(),
        first: Infinity,
        last: 0,
        trips: 0,
        distance: 0,
        driving: 0,
        idle: 0,
      };
      a.vehicles.add(l.vehicle(t.vehicle_id));
      a.first = Math.min(a.first, t.start_time.getTime());
      a.last = Math.max(a.last, t.end_time.getTime());
      a.trips += 1;
      a.distance += t.distance_m;
      a.driving += durationS(t) - t.idle_s;
      a.idle += t.idle_s;
      acc.set(k, a);
    }
    const rows: ReportRow[] = [...acc.entries()].map(([k, a]) => ({
      driver: k ? l.driver(k) : "—",
      vehicles: [...a.vehicles].sort().join(", "),
      first_activity: new Date(a.first).toISOString(),
      last_activity: new Date(a.last).toISOString(),
      trips: a.trips,
      distance: a.distance,
      driving: a.driving,
      idle: a.idle,
    }));
    rows.sort((a, b) => String(a.driver).localeCompare(String(b.driver)));
    return { rows };
  },
});

const clock = timeSchema();
const workDays = z.preprocess(
  (v) => (v === undefined ? ["1", "2", "3", "4", "5"] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().min(0).max(6)),
);

/** A logbook: each trip classed business (it starts on a working day inside working hours) or private. */
export const workingTimeReport = defineReport({
  type: "working_time",
  group: "driving",
  params: z.object({ work_from: clock.default("08:00"), work_to: clock.default("17:00"), work_days: workDays }),
  fields: [
    { name: "work_from", kind: "time", default: "08:00" },
    { name: "work_to", kind: "time", default: "17:00" },
    { name: "work_days", kind: "weekdays", default: [1, 2, 3, 4, 5] },
  ],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "start", kind: "datetime" },
    { key: "end", kind: "datetime" },
    { key: "class", kind: "text" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "duration", kind: "duration", total: "sum" },
  ],
  chart: { type: "pie", category: "class", series: ["distance"] },
  async run(scope, params) {
    const l = labels(scope);
    const trips = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["trip"] });
    const from = minutesOfDay(params.work_from)!;
    const to = minutesOfDay(params.work_to)!;
    const days = new Set(params.work_days);
    const rows: ReportRow[] = trips.map((t) => {
      const tz = scope.period.timeZone;
      const day = formatInstantDate(t.start_time, tz);
      const m = minutesOfDay(formatInstantTime(t.start_time, tz)) ?? 0;
      const inHours = from <= to ? m >= from && m < to : m >= from || m < to;
      return {
        vehicle: l.vehicle(t.vehicle_id),
        driver: l.driver(t.driver_id),
        start: t.start_time.toISOString(),
        end: t.end_time.toISOString(),
        class: days.has(weekday(day)) && inHours ? "business" : "private",
        distance: t.distance_m,
        duration: durationS(t),
      };
    });
    return { rows };
  },
});
