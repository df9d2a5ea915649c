import type { AppContext } from "../../../context";
import { AppError, notFound } from "../../../errors";
import { authorize, canSeeTeam } from "../../access/access.policy";
import type { Principal } from "../../access/principal";
import { visibleVehicleIds } from "../../access/vehicle-scope";
import { existingTeamIds } from "../../teams";
import { alertLogRepo } from "../../alerts";
import { orgTimeZone } from "../../organization";
import { usersRepo } from "../../users";
import { analyticsRepo, vehicleLabel, type SegmentRecord } from "../analytics.repo";
import { dayBounds, daysOf, windowPeriod, type Period, type TimeWindow } from "../../shared/reports/period";
import { segmentsRepo } from "../segments/segments.repo";
import { addSegment, aggregate, emptyFigures, metricValue, rank, type VehicleFigures } from "./dashboard-metrics";
import { dashboardRepo } from "./dashboard.repo";
import { METRICS, tileInputSchema, type Metric, type Tile, type TileInput } from "./dashboard.schema";

export interface TileEntry {
  id: string;
  label: string;
  value: number | null;
}

export interface TileData {
  tile: Tile;
  from: string;
  to: string;
  /** the tile's single figure (total or average) */
  value: number | null;
  /** ranked vehicles (bar, pie, table) */
  entries: TileEntry[];
  /** per local day (line) */
  series: Array<{ day: string; value: number | null }>;
}

type ScopedVehicle = Awaited<ReturnType<typeof analyticsRepo.scopedVehicles>>[number];

/** Everything a window's figures need, read in one round: segments and alert counts of every vehicle in scope. */
async function loadWindowData(ctx: AppContext, p: Principal, periods: Period[], timeZone: string) {
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
    analyticsRepo.segments(ctx.db, p.orgId, ids, ["trip", "stop", "idle", "speeding"], start, end, null),
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
function lowerBound<T>(list: readonly T[], t: number, at: (x: T) => number): number {
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
function cell(m: Map<string, VehicleFigures>, id: string): VehicleFigures {
  let f = m.get(id);
  if (!f) m.set(id, (f = emptyFigures()));
  return f;
}

/** A vehicle's figures on one day, made empty on first use. */
function dayCell(perDay: Map<string, Map<string, VehicleFigures>>, day: string, id: string): VehicleFigures {
  if (!perDay.has(day)) perDay.set(day, new Map());
  return cell(perDay.get(day)!, id);
}

/** Adds the period's alert counts and each vehicle's fuel used to the figures (of figuresFor and dayFiguresFor). */
function withAlertsAndFuel(
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
function figuresFor(
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
async function loadDayFigures(
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
function addFigures(f: VehicleFigures, d: VehicleFigures): void {
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
function dayFiguresFor(
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

function tileVehicles(tile: Tile, vehicles: ScopedVehicle[]): Set<string> {
  if (!tile.vehicle_ids.length && !tile.team_ids.length) return new Set(vehicles.map((v) => v.id));
  return new Set(
    vehicles
      .filter((v) => tile.vehicle_ids.includes(v.id) || (v.team_id !== null && tile.team_ids.includes(v.team_id)))
      .map((v) => v.id),
  );
}

/** The user's dashboard: every tile's figures from one round of queries. */
export async function dashboardData(ctx: AppContext, p: Principal, now: Date = new Date()): Promise<TileData[]> {
  authorize(p, "dashboard:read");
  const [tiles, timeZone, settings] = await Promise.all([
    dashboardRepo.tiles(ctx.db, p.orgId, p.userId),
    orgTimeZone(ctx, p.orgId),
    segmentsRepo.settings(ctx.db, [p.orgId]),
  ]);
  const periods = tiles.map((t) => windowPeriod(t.time_window, timeZone, now));
  const data = await loadDayFigures(ctx, p, periods, timeZone, settings.get(p.orgId)!.speedLimitKmh);
  const names = new Map(data.vehicles.map((v) => [v.id, vehicleLabel(v)]));
  return tiles.map((tile, i) => {
    const period = periods[i];
    const days = daysOf(period).length;
    const { perVehicle, perDay } = dayFiguresFor(
      data,
      period,
      tileVehicles(tile, data.vehicles),
      tile.chart_type === "line",
    );
    const all = [...perVehicle.values()];
    const entries = [...perVehicle.entries()].map(([id, f]) => ({
      id,
      label: names.get(id) ?? id,
      value: metricValue(tile.metric, [f], days),
    }));
    return {
      tile,
      from: period.from,
      to: period.to,
      value: aggregate(tile.metric, all, days, tile.aggregation),
      entries: tile.chart_type === "number" ? [] : rank(entries, tile.ranking ?? "top", tile.ranking_size),
      series:
        tile.chart_type === "line"
          ? daysOf(period).map((day) => ({
              day,
              value: aggregate(tile.metric, [...(perDay.get(day)?.values() ?? [])], 1, tile.aggregation) ?? 0,
            }))
          : [],
    };
  });
}

export type BenchmarkBy = "vehicle" | "driver" | "team";

/** Vehicles, drivers or teams side by side on every metric, with the fleet average per entity. */
export async function benchmarks(
  ctx: AppContext,
  p: Principal,
  window: TimeWindow,
  by: BenchmarkBy,
  now: Date = new Date(),
) {
  authorize(p, "dashboard:read");
  const [timeZone, settings] = await Promise.all([orgTimeZone(ctx, p.orgId), segmentsRepo.settings(ctx.db, [p.orgId])]);
  const period = windowPeriod(window, timeZone, now);
  const data = await loadWindowData(ctx, p, [period], timeZone);
  const days = daysOf(period).length;
  const { perVehicle } = figuresFor(
    data,
    period,
    new Set(data.vehicles.map((v) => v.id)),
    settings.get(p.orgId)!.speedLimitKmh,
  );
  const groups = new Map<string, { label: string; figures: VehicleFigures[] }>();
  const add = (key: string, lbl: string, f: VehicleFigures) => {
    const g = groups.get(key) ?? { label: lbl, figures: [] };
    g.figures.push(f);
    groups.set(key, g);
  };
  if (by === "vehicle") for (const v of data.vehicles) add(v.id, vehicleLabel(v), perVehicle.get(v.id)!);
  else if (by === "team") {
    const teams = await analyticsRepo.teamNames(ctx.db, p.orgId);
    for (const v of data.vehicles)
      add(v.team_id ?? "", v.team_id ? (teams.get(v.team_id) ?? "") : "—", perVehicle.get(v.id)!);
  } else {
    // a driver's figures come from the segments they drove
    const drivers = await usersRepo.driverNames(ctx.db, p.orgId);
    const per = new Map<string, VehicleFigures>();
    const s0 = period.start.getTime();
    const s1 = period.end.getTime();
    for (const s of data.segments) {
      const t = s.start_time.getTime();
      if (t < s0 || t >= s1 || !s.driver_id) continue;
      if (!per.has(s.driver_id)) per.set(s.driver_id, emptyFigures());
      addSegment(per.get(s.driver_id)!, s, settings.get(p.orgId)!.speedLimitKmh);
    }
    for (const [id, f] of per) add(id, drivers.get(id) ?? "—", { ...f, fuel_used: null });
  }
  const rows = [...groups.entries()]
    .map(([id, g]) => ({
      id,
      label: g.label,
      values: Object.fromEntries(METRICS.map((m) => [m, aggregate(m, g.figures, days, "average")])) as Record<
        Metric,
        number | null
      >,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const everyone = [...groups.values()].flatMap((g) => g.figures);
  const fleet = Object.fromEntries(METRICS.map((m) => [m, aggregate(m, everyone, days, "average")])) as Record<
    Metric,
    number | null
  >;
  return { from: period.from, to: period.to, by, rows, fleet };
}

/** A tile names only vehicles and teams the user may see. */
async function checkedTile(ctx: AppContext, p: Principal, input: unknown): Promise<TileInput> {
  const t = tileInputSchema.parse(input);
  const bad = (field: string) =>
    new AppError("VALIDATION", "Unknown selection", { fields: { [field]: ["errors.invalid"] } });
  const [vehicles, teams] = await Promise.all([
    visibleVehicleIds(ctx.db, p, t.vehicle_ids),
    existingTeamIds(ctx, p.orgId, t.team_ids),
  ]);
  if (t.vehicle_ids.some((id) => !vehicles.has(id))) throw bad("vehicle_ids");
  if (t.team_ids.some((id) => !teams.has(id) || !canSeeTeam(p, id))) throw bad("team_ids");
  return t;
}

/** A first dashboard that answers how the fleet did this week (the demo administrator's, and one click away for anyone). */
export const STARTER_TILES: readonly TileInput[] = [
  { metric: "distance", chart_type: "number", time_window: "this_week" },
  { metric: "distance", chart_type: "bar", ranking: "top", ranking_size: 10, time_window: "this_week" },
  { metric: "driving_time", chart_type: "number", time_window: "this_week" },
  { metric: "trips", chart_type: "line", time_window: "previous_7_days" },
  { metric: "idling_time", chart_type: "pie", ranking: "top", ranking_size: 10, time_window: "this_week" },
  { metric: "utilisation", chart_type: "number", aggregation: "average", time_window: "this_week" },
  { metric: "alerts", chart_type: "bar", ranking: "top", ranking_size: 10, time_window: "this_week" },
  { metric: "eco_score", chart_type: "table", ranking: "bottom", ranking_size: 10, time_window: "previous_week" },
].map((t) => tileInputSchema.parse(t));

/** Adds the starter tiles to an empty dashboard; a dashboard that has tiles is left as its user arranged it. */
export async function addStarterTiles(ctx: AppContext, p: Principal): Promise<number> {
  authorize(p, "dashboard:write");
  return ctx.db.transaction().execute(async (trx) => {
    // serialises a double click: the second finds the tiles of the first
    await dashboardRepo.lockUserTiles(trx, p.userId);
    if ((await dashboardRepo.tiles(trx, p.orgId, p.userId)).length) return 0;
    for (const t of STARTER_TILES) await dashboardRepo.insert(trx, p.orgId, p.userId, t);
    return STARTER_TILES.length;
  });
}

export async function addTile(ctx: AppContext, p: Principal, input: unknown) {
  authorize(p, "dashboard:write");
  return dashboardRepo.insert(ctx.db, p.orgId, p.userId, await checkedTile(ctx, p, input));
}

export async function updateTile(ctx: AppContext, p: Principal, id: string, input: unknown) {
  authorize(p, "dashboard:write");
  const ok = await dashboardRepo.update(ctx.db, p.orgId, p.userId, id, await checkedTile(ctx, p, input));
  if (!ok) throw notFound("tile");
}

export async function removeTile(ctx: AppContext, p: Principal, id: string) {
  authorize(p, "dashboard:write");
  if (!(await dashboardRepo.remove(ctx.db, p.orgId, p.userId, id))) throw notFound("tile");
}

/** Moves a tile one place up (−1) or down (+1). */
export async function moveTile(ctx: AppContext, p: Principal, id: string, by: -1 | 1) {
  authorize(p, "dashboard:write");
  const tiles = await dashboardRepo.tiles(ctx.db, p.orgId, p.userId);
  const i = tiles.findIndex((t) => t.id === id);
  if (i < 0) throw notFound("tile");
  const j = i + by;
  if (j < 0 || j >= tiles.length) return;
  [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  await dashboardRepo.reorder(
    ctx.db,
    p.orgId,
    p.userId,
    tiles.map((t) => t.id),
  );
}

export async function getTile(ctx: AppContext, p: Principal, id: string) {
  authorize(p, "dashboard:read");
  const t = await dashboardRepo.tile(ctx.db, p.orgId, p.userId, id);
  if (!t) throw notFound("tile");
  return t;
}

/** Stores a whole new order (the API): exactly the user's own tiles, each once. */
export async function reorderTiles(ctx: AppContext, p: Principal, ids: string[]) {
  authorize(p, "dashboard:write");
  const tiles = await dashboardRepo.tiles(ctx.db, p.orgId, p.userId);
  const mine = new Set(tiles.map((t) => t.id));
  if (ids.length !== mine.size || new Set(ids).size !== ids.length || ids.some((id) => !mine.has(id))) {
    throw new AppError("VALIDATION", "List each of your tiles once", { fields: { ids: ["errors.invalid"] } });
  }
  await dashboardRepo.reorder(ctx.db, p.orgId, p.userId, ids);
}
