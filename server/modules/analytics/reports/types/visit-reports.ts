import { z } from "zod";
import { uuidList } from "../../../shared/form-values";
import { MAX_POI_RADIUS_M, visitsRepo } from "../../visits/visits.repo";
import {
  defineReport,
  type ReportField,
  type ReportRow,
  type ReportScope,
} from "../../../shared/reports/report-definition";
import { labels } from "./segment-reports";

/** The default radius of a point of interest (points have no radius of their own). */
export const DEFAULT_POI_RADIUS_M = 100;

interface Visit {
  vehicleId: string;
  driverId: string | null;
  placeId: string;
  placeName: string;
  category?: string;
  enter: number;
  /** null while the vehicle is still there */
  exit: number | null;
  /** distance driven inside (geofences only; null while the visit is open) */
  distanceM?: number | null;
}

const groupBy = z.enum(["visit", "place"]).default("visit");
const minMinutes = z.coerce.number().int().min(0).max(1440).default(0);
/** The form fields both visit reports share (the place list differs by kind). */
const commonFields: ReportField[] = [
  { name: "group_by", kind: "select", options: ["visit", "place"], optionLabels: "params.group_", default: "visit" },
  { name: "min_minutes", kind: "number", min: 0, max: 1440, default: 0 },
];

/**
 * Visits as rows: each visit, or per vehicle and place (count, first entry, last exit, sums). A visit still
 * under way lasts until now; "in_period" is the part of each visit inside the report's period.
 */
function visitRows(
  scope: ReportScope,
  visits: Visit[],
  by: "visit" | "place",
  minS: number,
  keys: { place: string; enter: string; exit: string },
) {
  const l = labels(scope);
  const now = Date.now();
  const start = scope.period.start.getTime();
  const end = scope.period.end.getTime();
  const kept = visits
    .map((v) => {
      const until = v.exit ?? Math.max(now, v.enter);
      return {
        ...v,
        durationS: (until - v.enter) / 1000,
        inPeriodS: Math.max(0, Math.min(until, end) - Math.max(v.enter, start)) / 1000,
      };
    })
    .filter((v) => v.durationS >= minS);
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  let rows: ReportRow[];
  if (by === "visit") {
    rows = kept.map((v) => ({
      vehicle: l.vehicle(v.vehicleId),
      driver: l.driver(v.driverId),
      [keys.place]: v.placeName,
      ...(v.category !== undefined ? { category: v.category } : {}),
      [keys.enter]: iso(v.enter),
      [keys.exit]: iso(v.exit),
      duration: v.durationS,
      in_period: v.inPeriodS,
      ...(v.distanceM !== undefined ? { distance_inside: v.distanceM } : {}),
      visits: 1,
    }));
  } else {
    const cells = new Map<
      string,
      ReportRow & {
        first: number;
        last: number | null;
        open: boolean;
        durationS: number;
        inPeriodS: number;
        distanceM: number | null;
        n: number;
      }
    >();
    for (const v of kept) {
      const id = `${v.vehicleId}|${v.placeId}`;
      const c = cells.get(id) ?? {
        vehicle: l.vehicle(v.vehicleId),
        [keys.place]: v.placeName,
        ...(v.category !== undefined ? { category: v.category } : {}),
        first: v.enter,
        last: v.exit,
        open: false,
        durationS: 0,
        inPeriodS: 0,
        distanceM: null,
        n: 0,
      };
      c.n += 1;
      c.durationS += v.durationS;
      c.inPeriodS += v.inPeriodS;
      if (v.distanceM != null) c.distanceM = (c.distanceM ?? 0) + v.distanceM;
      c.open ||= v.exit === null;
      if (v.exit !== null && (c.last === null || v.exit > c.last)) c.last = v.exit;
      cells.set(id, c);
    }
    rows = [...cells.values()].map(({ first, last, open, durationS, inPeriodS, distanceM, n, ...c }) => ({
      ...c,
      driver: "",
      [keys.enter]: iso(first),
      [keys.exit]: open ? null : iso(last),
      duration: durationS,
      in_period: inPeriodS,
      ...(keys.place === "geofence" ? { distance_inside: distanceM } : {}),
      visits: n,
    }));
    rows.sort(
      (a, b) =>
        String(a.vehicle).localeCompare(String(b.vehicle)) ||
        String(a[keys.place]).localeCompare(String(b[keys.place])),
    );
  }
  return { rows: rows.slice(0, scope.maxRows), truncated: rows.length > scope.maxRows };
}

/** Geofence visits: when each vehicle entered and left each geofence, and for how long it was inside. */
export const geofenceVisitsReport = defineReport({
  type: "geofence_visits",
  group: "places",
  params: z.object({ group_by: groupBy, min_minutes: minMinutes, place_ids: uuidList() }),
  fields: [...commonFields, { name: "place_ids", kind: "places", placeKind: "geofence" }],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "geofence", kind: "text" },
    { key: "enter", kind: "datetime" },
    { key: "exit", kind: "datetime" },
    { key: "duration", kind: "duration", total: "sum" },
    { key: "in_period", kind: "duration", total: "sum" },
    { key: "distance_inside", kind: "distance", total: "sum" },
    { key: "visits", kind: "count", total: "sum" },
  ],
  chart: { type: "bar", category: "geofence", series: ["in_period"] },
  async run(scope, params) {
    // each visit is a row: the screen's limit and the minimum time inside go to the query
    const perVisit = params.group_by === "visit";
    const found = await visitsRepo.geofenceVisits(
      scope.db,
      scope.orgId,
      scope.vehicleIds,
      scope.period.start,
      scope.period.end,
      params.place_ids,
      scope.driverIds,
      params.min_minutes * 60,
      perVisit && scope.maxRows < Number.MAX_SAFE_INTEGER ? scope.maxRows + 1 : undefined,
    );
    const visits: Visit[] = found.map((v) => ({
      vehicleId: v.vehicle_id,
      driverId: v.driver_id,
      placeId: v.place_id,
      placeName: v.place_name,
      enter: v.enter_time.getTime(),
      exit: v.exit_time ? v.exit_time.getTime() : null,
      distanceM: v.exit_odometer_m === null ? null : Math.max(0, v.exit_odometer_m - v.enter_odometer_m),
    }));
    return visitRows(scope, visits, params.group_by, params.min_minutes * 60, {
      place: "geofence",
      enter: "enter",
      exit: "exit",
    });
  },
});

/** Point-of-interest visits: the stops made within a POI's radius, with arrival, departure and duration. */
export const poiVisitsReport = defineReport({
  type: "poi_visits",
  group: "places",
  params: z.object({
    group_by: groupBy,
    min_minutes: minMinutes,
    place_ids: uuidList(),
    radius_m: z.coerce.number().int().min(10).max(MAX_POI_RADIUS_M).default(DEFAULT_POI_RADIUS_M),
  }),
  fields: [
    ...commonFields,
    { name: "place_ids", kind: "places", placeKind: "poi" },
    { name: "radius_m", kind: "number", min: 10, max: MAX_POI_RADIUS_M, step: 10, default: DEFAULT_POI_RADIUS_M },
  ],
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "poi", kind: "text" },
    { key: "category", kind: "text" },
    { key: "arrival", kind: "datetime" },
    { key: "departure", kind: "datetime" },
    { key: "duration", kind: "duration", total: "sum" },
    { key: "in_period", kind: "duration", total: "sum" },
    { key: "visits", kind: "count", total: "sum" },
  ],
  chart: { type: "bar", category: "poi", series: ["in_period"] },
  async run(scope, params) {
    const stops = await visitsRepo.poiStops(
      scope.db,
      scope.orgId,
      scope.vehicleIds,
      scope.period.start,
      scope.period.end,
      params.radius_m,
      params.place_ids,
      scope.driverIds,
    );
    const visits = stops.map((s) => ({
      vehicleId: s.vehicle_id,
      driverId: s.driver_id,
      placeId: s.place_id,
      placeName: s.place_name,
      category: s.category,
      enter: s.start_time.getTime(),
      exit: s.end_time.getTime(),
    }));
    return visitRows(scope, visits, params.group_by, params.min_minutes * 60, {
      place: "poi",
      enter: "arrival",
      exit: "departure",
    });
  },
});
