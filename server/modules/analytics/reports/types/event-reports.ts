import { z } from "zod";
import { formatInstantDate } from "../../../../shared/dates";
import { ALERT_TYPES, alertLogRepo } from "../../../alerts";
import { immobilizationRepo } from "../../../immobilization";
import { listFleetState } from "../../../positions";
import { analyticsRepo } from "../../analytics.repo";
import { daysOf } from "../../../shared/reports/period";
import { defineReport, type ReportRow } from "../../../shared/reports/report-definition";
import { labels } from "./segment-reports";

export const alertsReport = defineReport({
  type: "alerts",
  group: "events",
  params: z.object({
    alert_type: z
      .enum(ALERT_TYPES)
      .optional()
      .or(z.literal("").transform(() => undefined)),
  }),
  fields: [{ name: "alert_type", kind: "select", options: ALERT_TYPES, optionLabels: "alerts:types.", empty: true }],
  permission: "alerts:read",
  columns: [
    { key: "time", kind: "datetime" },
    { key: "vehicle", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "type", kind: "text" },
    { key: "policy", kind: "text" },
    { key: "place", kind: "place" },
    { key: "speed", kind: "speed" },
  ],
  chart: { type: "pie", category: "type", series: ["count"] },
  async run(scope, params) {
    const l = labels(scope);
    const inScope = new Set(scope.vehicleIds);
    const { items } = await alertLogRepo.list(
      scope.db,
      scope.principal,
      { from: scope.period.start, to: scope.period.end, type: params.alert_type },
      { page: 1, size: Math.min(scope.maxRows * 2, 1_000_000) },
    );
    const rows: ReportRow[] = items
      .filter(
        (a) =>
          inScope.has(a.vehicle_id) && (!scope.driverIds || (a.driver_id && scope.driverIds.includes(a.driver_id))),
      )
      .slice(0, scope.maxRows)
      .map((a) => ({
        time: new Date(a.occurred_at).toISOString(),
        vehicle: l.vehicle(a.vehicle_id),
        driver: a.driver_name ?? "",
        type: a.alert_type,
        policy: a.policy_name,
        place: a.place_name ?? (a.lat !== null && a.lon !== null ? `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}` : ""),
        speed: a.speed_kmh,
        count: 1,
      }));
    return { rows };
  },
});

export const immobilizationReport = defineReport({
  type: "immobilization",
  group: "events",
  params: z.object({}),
  permission: "immobilization:read",
  columns: [
    { key: "requested", kind: "datetime" },
    { key: "vehicle", kind: "text" },
    { key: "action", kind: "text" },
    { key: "requested_by", kind: "text" },
    { key: "status", kind: "text" },
    { key: "answered", kind: "datetime" },
    { key: "response", kind: "text" },
  ],
  async run(scope) {
    const { items } = await immobilizationRepo.history(scope.db, scope.principal, {
      vehicleIds: scope.vehicleIds,
      from: scope.period.start,
      to: scope.period.end,
      page: 1,
      size: Math.min(scope.maxRows, 1_000_000),
    });
    const rows: ReportRow[] = items.map((c) => ({
      requested: new Date(c.createdAt).toISOString(),
      vehicle: c.registration,
      action: c.action,
      requested_by: c.requestedBy ?? "",
      status: c.status,
      answered: c.answeredAt ? new Date(c.answeredAt).toISOString() : null,
      response: c.error ?? c.response ?? "",
    }));
    return { rows };
  },
});

/** Device health and data completeness: last contact, faults now, gaps and positions per day over the period. */
export const deviceHealthReport = defineReport({
  type: "device_health",
  group: "devices",
  params: z.object({}),
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "device", kind: "text" },
    { key: "last_contact", kind: "datetime" },
    { key: "faults", kind: "text" },
    { key: "gaps", kind: "count", total: "sum" },
    { key: "gap_time", kind: "duration", total: "sum" },
    { key: "positions_per_day", kind: "number", total: "avg" },
    { key: "days_with_data", kind: "count" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["positions_per_day"] },
  async run(scope) {
    const l = labels(scope);
    const inScope = new Set(scope.vehicleIds);
    const [fleet, segs] = await Promise.all([
      listFleetState(scope.ctx, scope.principal),
      analyticsRepo.overlapping(scope.db, { ...scope, kinds: ["trip", "stop"] }),
    ]);
    const days = daysOf(scope.period).length;
    const rows: ReportRow[] = fleet
      .filter((v) => inScope.has(v.vehicleId))
      .map((v) => {
        const mine = segs.filter((s) => s.vehicle_id === v.vehicleId);
        const gaps = mine.filter((s) => s.gap);
        const dayKeys = new Set(
          mine
            .filter((s) => s.points > 1 || s.kind === "trip")
            .map((s) => formatInstantDate(s.start_time, scope.period.timeZone)),
        );
        return {
          vehicle: l.vehicle(v.vehicleId),
          device: v.deviceImei ?? "",
          last_contact: v.fixTime,
          faults: v.faults.join(", "),
          gaps: gaps.length,
          gap_time: gaps.reduce((a, s) => a + (s.end_time.getTime() - s.start_time.getTime()) / 1000, 0),
          positions_per_day: Math.round(mine.reduce((a, s) => a + s.points, 0) / days),
          days_with_data: Math.min(days, dayKeys.size),
        };
      });
    return { rows };
  },
});

/** One vehicle's period as a timeline of trips, stops and alerts (spec section 5: a vehicle is required). */
export const vehicleDetailsReport = defineReport({
  type: "vehicle_details",
  group: "activity",
  params: z.object({}),
  requiresVehicle: true,
  columns: [
    { key: "start", kind: "datetime" },
    { key: "end", kind: "datetime" },
    { key: "kind", kind: "text" },
    { key: "duration", kind: "duration" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "max_speed", kind: "speed", total: "max" },
    { key: "place", kind: "place" },
    { key: "detail", kind: "text" },
  ],
  async run(scope) {
    const [vehicleId] = scope.vehicleIds;
    const [segs, alerts] = await Promise.all([
      analyticsRepo.overlapping(scope.db, {
        ...scope,
        vehicleIds: [vehicleId],
        kinds: ["trip", "stop", "idle", "speeding"],
      }),
      alertLogRepo.list(
        scope.db,
        scope.principal,
        { from: scope.period.start, to: scope.period.end, vehicleId },
        { page: 1, size: Math.min(scope.maxRows, 1_000_000) },
      ),
    ]);
    const rows: ReportRow[] = [
      ...segs.map((s) => ({
        start: s.start_time.toISOString(),
        end: s.end_time.toISOString(),
        kind: s.kind,
        duration: (s.end_time.getTime() - s.start_time.getTime()) / 1000,
        distance: s.kind === "trip" ? s.distance_m : 0,
        max_speed: s.max_speed_kmh,
        place: `${s.start_lat.toFixed(5)}, ${s.start_lon.toFixed(5)}`,
        detail: s.gap ? "no_data" : "",
        start_lat: s.start_lat,
        start_lon: s.start_lon,
        end_lat: s.end_lat,
        end_lon: s.end_lon,
      })),
      ...alerts.items.map((a) => ({
        start: new Date(a.occurred_at).toISOString(),
        end: null,
        kind: "alert",
        duration: 0,
        distance: 0,
        max_speed: a.speed_kmh ?? 0,
        place: a.place_name ?? (a.lat !== null && a.lon !== null ? `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}` : ""),
        detail: a.alert_type,
        start_lat: a.lat,
        start_lon: a.lon,
        end_lat: a.lat,
        end_lon: a.lon,
      })),
    ].sort((a, b) => String(a.start).localeCompare(String(b.start)));
    return { rows };
  },
});
