import { z } from "zod";
import { formatInstantDate } from "../../../../shared/dates";
import { analyticsRepo, type SegmentRecord } from "../../analytics.repo";
import { dailySummaryOfRows, dayInstants } from "../daily-summary";
import { rollupsRepo } from "../../rollups.repo";
import { defineReport, type ReportRow, type ReportScope } from "../../../shared/reports/report-definition";

/** On screen a report shows at most this many rows; exports have them all. */
export const SCREEN_ROWS = 5000;

const iso = (d: Date) => d.toISOString();
const durationS = (s: SegmentRecord) => (s.end_time.getTime() - s.start_time.getTime()) / 1000;
const place = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

/** Vehicle and driver labels for the rows. */
export function labels(scope: ReportScope) {
  return {
    vehicle: (id: string) => scope.vehicleNames.get(id) ?? id,
    driver: (id: string | null) => (id ? (scope.driverNames.get(id) ?? "") : ""),
  };
}

const none = z.object({});

export const tripsReport = defineReport({
  type: "trips",
  group: "activity",
  params: none,
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "start", kind: "datetime" },
    { key: "start_place", kind: "place" },
    { key: "end", kind: "datetime" },
    { key: "end_place", kind: "place" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "duration", kind: "duration", total: "sum" },
    { key: "idle", kind: "duration", total: "sum" },
    { key: "avg_speed", kind: "speed" },
    { key: "max_speed", kind: "speed", total: "max" },
    { key: "start_odometer", kind: "odometer" },
    { key: "end_odometer", kind: "odometer" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["distance"] },
  async run(scope) {
    const l = labels(scope);
    const segs = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["trip"], limit: scope.maxRows + 1 });
    const rows: ReportRow[] = segs.slice(0, scope.maxRows).map((s) => ({
      vehicle: l.vehicle(s.vehicle_id),
      driver: l.driver(s.driver_id),
      start: iso(s.start_time),
      start_place: place(s.start_lat, s.start_lon),
      end: iso(s.end_time),
      end_place: place(s.end_lat, s.end_lon),
      distance: s.distance_m,
      duration: durationS(s),
      idle: s.idle_s,
      avg_speed: durationS(s) > 0 ? (s.distance_m / durationS(s)) * 3.6 : 0,
      max_speed: s.max_speed_kmh,
      start_odometer: s.start_odometer_m,
      end_odometer: s.end_odometer_m,
    }));
    return { rows, truncated: segs.length > scope.maxRows };
  },
});

export const stopsReport = defineReport({
  type: "stops",
  group: "activity",
  params: z.object({ min_minutes: z.coerce.number().int().min(0).max(1440).default(0) }),
  fields: [{ name: "min_minutes", kind: "number", min: 0, max: 1440, default: 0 }],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "start", kind: "datetime" },
    { key: "end", kind: "datetime" },
    { key: "duration", kind: "duration", total: "sum" },
    { key: "place", kind: "place" },
    { key: "engine_on_share", kind: "percent" },
    { key: "odometer", kind: "odometer" },
    { key: "no_data", kind: "text" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["duration"] },
  async run(scope, params) {
    const l = labels(scope);
    const segs = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["stop"] });
    const long = segs.filter((s) => durationS(s) >= params.min_minutes * 60);
    const rows: ReportRow[] = long.slice(0, scope.maxRows).map((s) => ({
      vehicle: l.vehicle(s.vehicle_id),
      driver: l.driver(s.driver_id),
      start: iso(s.start_time),
      end: iso(s.end_time),
      duration: durationS(s),
      place: place(s.start_lat, s.start_lon),
      engine_on_share: durationS(s) > 0 ? (100 * s.engine_s) / durationS(s) : 0,
      odometer: s.start_odometer_m,
      no_data: s.gap ? "yes" : "",
    }));
    return { rows, truncated: long.length > scope.maxRows };
  },
});

export const idlingReport = defineReport({
  type: "idling",
  group: "driving",
  params: z.object({ min_minutes: z.coerce.number().int().min(0).max(600).default(2) }),
  fields: [{ name: "min_minutes", kind: "number", min: 0, max: 600, default: 2 }],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "start", kind: "datetime" },
    { key: "end", kind: "datetime" },
    { key: "duration", kind: "duration", total: "sum" },
    { key: "place", kind: "place" },
    { key: "fuel_estimate", kind: "number", total: "sum" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["duration"] },
  async run(scope, params) {
    const l = labels(scope);
    const segs = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["idle"] });
    const long = segs.filter((s) => durationS(s) >= params.min_minutes * 60);
    // a typical passenger or light commercial engine burns about 1 l/h at idle (documented in docs/analytics.md)
    const rows: ReportRow[] = long.slice(0, scope.maxRows).map((s) => ({
      vehicle: l.vehicle(s.vehicle_id),
      driver: l.driver(s.driver_id),
      start: iso(s.start_time),
      end: iso(s.end_time),
      duration: durationS(s),
      place: place(s.start_lat, s.start_lon),
      fuel_estimate: Math.round((durationS(s) / 3600) * 100) / 100,
    }));
    return { rows, truncated: long.length > scope.maxRows };
  },
});

export const speedingReport = defineReport({
  type: "speeding",
  group: "driving",
  params: z.object({ min_seconds: z.coerce.number().int().min(0).max(3600).default(0) }),
  fields: [{ name: "min_seconds", kind: "number", min: 0, max: 3600, default: 0 }],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "start", kind: "datetime" },
    { key: "duration", kind: "duration", total: "sum" },
    { key: "max_speed", kind: "speed", total: "max" },
    { key: "limit", kind: "speed" },
    { key: "excess", kind: "speed" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "place", kind: "place" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["duration"] },
  async run(scope, params) {
    const l = labels(scope);
    const segs = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["speeding"] });
    const kept = segs.filter((s) => durationS(s) >= params.min_seconds);
    const rows: ReportRow[] = kept.slice(0, scope.maxRows).map((s) => ({
      vehicle: l.vehicle(s.vehicle_id),
      driver: l.driver(s.driver_id),
      start: iso(s.start_time),
      duration: durationS(s),
      max_speed: s.max_speed_kmh,
      limit: scope.speedLimitKmh,
      excess: s.max_speed_kmh - scope.speedLimitKmh,
      distance: s.distance_m,
      place: place(s.start_lat, s.start_lon),
    }));
    return { rows, truncated: kept.length > scope.maxRows };
  },
});

export const dailySummaryReport = defineReport({
  type: "daily_summary",
  group: "activity",
  params: none,
  columns: [
    { key: "day", kind: "date" },
    { key: "vehicle", kind: "text" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "driving", kind: "duration", total: "sum" },
    { key: "idle", kind: "duration", total: "sum" },
    { key: "stopped", kind: "duration", total: "sum" },
    { key: "trips", kind: "count", total: "sum" },
    { key: "first_start", kind: "datetime" },
    { key: "last_end", kind: "datetime" },
    { key: "max_speed", kind: "speed", total: "max" },
    { key: "engine_hours", kind: "duration", total: "sum" },
  ],
  chart: { type: "bar", category: "day", series: ["distance"], stacked: true },
  async run(scope) {
    const l = labels(scope);
    const { starts, ends } = dayInstants(scope.period);
    const days = dailySummaryOfRows(
      await rollupsRepo.summaryDays(scope.db, scope.orgId, scope.vehicleIds, starts, ends, scope.driverIds),
      scope.period,
    );
    const rows: ReportRow[] = days.slice(0, scope.maxRows).map((d) => ({
      day: d.day,
      vehicle: l.vehicle(d.vehicleId),
      distance: d.distanceM,
      driving: d.drivingS,
      idle: d.idleS,
      stopped: d.stopS,
      trips: d.trips,
      first_start: d.firstStart === null ? null : new Date(d.firstStart).toISOString(),
      last_end: d.lastEnd === null ? null : new Date(d.lastEnd).toISOString(),
      max_speed: d.maxSpeedKmh,
      engine_hours: d.engineS,
    }));
    return { rows, truncated: days.length > scope.maxRows };
  },
});

/** Mileage per vehicle and local day or month, with the odometer at both ends. */
export const mileageReport = defineReport({
  type: "mileage",
  group: "activity",
  params: z.object({ group_by: z.enum(["day", "month"]).default("day") }),
  fields: [
    { name: "group_by", kind: "select", options: ["day", "month"], optionLabels: "params.group_", default: "day" },
  ],
  columns: [
    { key: "period", kind: "text" },
    { key: "vehicle", kind: "text" },
    { key: "start_odometer", kind: "odometer" },
    { key: "end_odometer", kind: "odometer" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "trips", kind: "count", total: "sum" },
  ],
  chart: { type: "bar", category: "period", series: ["distance"], stacked: true },
  async run(scope, params) {
    const l = labels(scope);
    const trips = await analyticsRepo.segments(scope.db, { ...scope, kinds: ["trip"] });
    const cells = new Map<string, ReportRow & { distance: number; trips: number; end_odometer: number }>();
    for (const t of trips) {
      const day = formatInstantDate(t.start_time, scope.period.timeZone);
      const key = params.group_by === "month" ? day.slice(0, 7) : day;
      const id = `${key}|${t.vehicle_id}`;
      const c = cells.get(id) ?? {
        period: key,
        vehicle: l.vehicle(t.vehicle_id),
        start_odometer: t.start_odometer_m,
        end_odometer: 0,
        distance: 0,
        trips: 0,
      };
      c.distance += t.distance_m;
      c.trips += 1;
      c.end_odometer = Math.max(c.end_odometer, t.end_odometer_m);
      cells.set(id, c);
    }
    const rows = [...cells.values()].sort(
      (a, b) => String(a.period).localeCompare(String(b.period)) || String(a.vehicle).localeCompare(String(b.vehicle)),
    );
    return { rows };
  },
});
