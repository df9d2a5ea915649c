import type { AppContext } from "../../../context";
import type { Principal } from "../../access/principal";
import { alertLogRepo } from "../../alerts";
import { analyticsRepo, type SegmentRecord } from "../analytics.repo";
import { dayBounds, daysOf, type Period } from "../../shared/reports/period";
import { addSegment, emptyFigures, type VehicleFigures } from "./dashboard-metrics";
import { dashboardRepo } from "./dashboard.repo";

export type ScopedVehicle = Awaited<ReturnType<typeof analyticsRepo.scopedVehicles>>[number];

/** The dashboard's figures: one round of queries per window, then per vehicle (and per day) in memory. */

/** Everything a window's figures need, read in one round: segments and alert counts of every vehicle in scope. */
export async function loadWindowData(ctx: AppContext, p: Principal, periods: Period[], timeZone: string) {
  const vehicles = await analyticsRepo.scopedVehicles(ctx.db, p, { vehicleIds: [], teamIds: [], driverIds: [] });
  const ids = vehicles.map((v) => v.id);
  if (!ids.length || !periods.length) {
    return {
      vehicles,
      segments: [] as SegmentRecord[],
      alerts: [] as Array<{ vehicle_id: string; day: string; n: number }>,
      byVehicle: new Map<string, SegmentRecord[]>(),
    };
  }
  const start = new Date(Math.min(...periods.map((x) => x.start.getTime())));
  const end = new Date(Math.max(...periods.map((x) => x.end.getTime())));
  const [segments, alerts] = await Promise.all([
    analyticsRepo.segments(ctx.db, {
      orgId: p.orgId,
      vehicleIds: ids,
      kinds: ["trip", "stop", "idle", "speeding"],
      period: { start, end },
    }),
    alertLogRepo.countsByVehicleDay(ctx.db, p.orgId, ids, start, end, timeZone),
  ]);
  // each vehicle's segments in time order, so a tile reads only its vehicles' window (binary search)
  const byVehicle = new Map<string, SegmentRecord[]>();
  for (const seg of segments) {
    const list = byVehicle.get(seg.vehicle_id);
    if (list) list.push(seg);
    else byVehicle.set(seg.vehicle_id, [seg]);
  }
  for (const list of byVehicle.values()) list.sort((x, y) => x.start_time.getTime() - y.start_time.getTime());
  return { vehicles, segments, alerts, byVehicle };
}

/** The first index whose value is at or after `t` in an ascending list. */
export function lowerBound<T>(list: readonly T[], t: number, at: (x: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(list[mid]) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A vehicle's figures in a map, made empty on first use. */
export function cell(m: Map<string, VehicleFigures>, id: string): VehicleFigures {
  let f = m.get(id);
  if (!f) m.set(id, (f = emptyFigures()));
  return f;
}

/** A vehicle's figures on one day, made empty on first use. */
export function dayCell(perDay: Map<string, Map<string, VehicleFigures>>, day: string, id: string): VehicleFigures {
  if (!perDay.has(day)) perDay.set(day, new Map());
  return cell(perDay.get(day)!, id);
}

/** Adds the period's alert counts and each vehicle's fuel used to the figures (of figuresFor and dayFiguresFor). */
export function withAlertsAndFuel(
  data: { vehicles: ScopedVehicle[]; alerts: ReadonlyArray<{ vehicle_id: string; day: string; n: number }> },
  period: Period,
  vehicleIds: Set<string>,
  byDay: boolean,
  figures: { perVehicle: Map<string, VehicleFigures>; perDay: Map<string, Map<string, VehicleFigures>> },
) {
  const { perVehicle, perDay } = figures;
  for (const a of data.alerts) {
    if (a.day < period.from || a.day > period.to || !vehicleIds.has(a.vehicle_id)) continue;
    cell(perVehicle, a.vehicle_id).alerts += a.n;
    if (byDay) dayCell(perDay, a.day, a.vehicle_id).alerts += a.n;
  }
  const consumption = new Map(
    data.vehicles.map((v) => [v.id, v.fuel_consumption === null ? null : Number(v.fuel_consumption)]),
  );
  const withFuel = (id: string, f: VehicleFigures) => {
    const c = consumption.get(id);
    f.fuel_used = c ? (f.distance / 1000) * (c / 100) : null;
  };
  for (const [id, f] of perVehicle) withFuel(id, f);
  for (const m of perDay.values()) for (const [id, f] of m) withFuel(id, f);
  return figures;
}

/** Per vehicle (and optionally per day) figures for one period. */
export function figuresFor(
  data: Awaited<ReturnType<typeof loadWindowData>>,
  period: Period,
  vehicleIds: Set<string>,
  speedLimitKmh: number,
  byDay = false,
) {
  const perVehicle = new Map<string, VehicleFigures>();
  const perDay = new Map<string, Map<string, VehicleFigures>>();
  for (const id of vehicleIds) cell(perVehicle, id);
  const s0 = period.start.getTime();
  const s1 = period.end.getTime();
  const startOf = (x: SegmentRecord) => x.start_time.getTime();
  // the local days' starts: a segment counts on the day it starts (23, 24 or 25 hours long)
  const days = byDay ? daysOf(period) : [];
  const dayStarts = days.map((d) => dayBounds(d, period.timeZone).start);
  for (const id of vehicleIds) {
    const list = data.byVehicle.get(id);
    if (!list) continue;
    const f = cell(perVehicle, id);
    for (let i = lowerBound(list, s0, startOf); i < list.length && startOf(list[i]) < s1; i++) {
      const s = list[i];
      addSegment(f, s, speedLimitKmh);
      if (byDay) {
        const day = days[lowerBound(dayStarts, startOf(s) + 1, (x) => x) - 1];
        addSegment(dayCell(perDay, day, id), s, speedLimitKmh);
      }
    }
  }
  return withAlertsAndFuel(data, period, vehicleIds, byDay, { perVehicle, perDay });
}

/** Each vehicle's figures per local day of the union of the windows, added up in SQL, and alert counts: one round. */
export async function loadDayFigures(
  ctx: AppContext,
  p: Principal,
  periods: Period[],
  timeZone: string,
  speedLimitKmh: number,
) {
  const vehicles = await analyticsRepo.scopedVehicles(ctx.db, p, { vehicleIds: [], teamIds: [], driverIds: [] });
  const ids = vehicles.map((v) => v.id);
  const byVehicle = new Map<string, Array<{ day: string; f: VehicleFigures }>>();
  if (!ids.length || !periods.length)
    return { vehicles, byVehicle, alerts: [] as Array<{ vehicle_id: string; day: string; n: number }> };
  const from = periods.reduce((a, x) => (x.from < a ? x.from : a), periods[0].from);
  const to = periods.reduce((a, x) => (x.to > a ? x.to : a), periods[0].to);
  const days = daysOf({ from, to });
  const starts = days.map((d) => dayBounds(d, timeZone).start);
  const end = dayBounds(to, timeZone).end;
  const [rows, alerts] = await Promise.all([
    dashboardRepo.vehicleDays(ctx.db, p.orgId, ids, starts, end, speedLimitKmh),
    alertLogRepo.countsByVehicleDay(ctx.db, p.orgId, ids, new Date(starts[0]), new Date(end), timeZone),
  ]);
  for (const r of rows) {
    const f: VehicleFigures = {
      ...emptyFigures(),
      distance: r.distance,
      driving_time: r.driving_time,
      idling_time: r.idling_time,
      stops: r.stops,
      trips: r.trips,
      max_speed: r.max_speed ?? 0,
      speeding_events: r.speeding_events,
      engine_hours: r.engine_hours,
      eco_points: r.eco_points,
    };
    const list = byVehicle.get(r.vehicle_id);
    if (list) list.push({ day: days[r.b - 1], f });
    else byVehicle.set(r.vehicle_id, [{ day: days[r.b - 1], f }]);
  }
  return { vehicles, byVehicle, alerts };
}

/** Adds one vehicle-day's figures to a vehicle's (as adding its segments one by one would). */
export function addFigures(f: VehicleFigures, d: VehicleFigures): void {
  f.distance += d.distance;
  f.driving_time += d.driving_time;
  f.idling_time += d.idling_time;
  f.stops += d.stops;
  f.trips += d.trips;
  f.max_speed = Math.max(f.max_speed, d.max_speed);
  f.speeding_events += d.speeding_events;
  f.engine_hours += d.engine_hours;
  f.eco_points += d.eco_points;
}

/** Per vehicle (and optionally per day) figures for one period, from the per-day figures. */
export function dayFiguresFor(
  data: Awaited<ReturnType<typeof loadDayFigures>>,
  period: Period,
  vehicleIds: Set<string>,
  byDay = false,
) {
  const perVehicle = new Map<string, VehicleFigures>();
  const perDay = new Map<string, Map<string, VehicleFigures>>();
  for (const id of vehicleIds) {
    const f = cell(perVehicle, id);
    for (const { day, f: d } of data.byVehicle.get(id) ?? []) {
      if (day < period.from || day > period.to) continue;
      addFigures(f, d);
      if (byDay) {
        addFigures(dayCell(perDay, day, id), d);
      }
    }
  }
  return withAlertsAndFuel(data, period, vehicleIds, byDay, { perVehicle, perDay });
}
