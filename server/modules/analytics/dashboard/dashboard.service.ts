import type { AppContext } from "../../../context";
import { AppError, notFound } from "../../../errors";
import { authorize, canSeeTeam } from "../../access/access.policy";
import type { Principal } from "../../access/principal";
import { visibleVehicleIds } from "../../access/vehicle-scope";
import { existingTeamIds } from "../../teams";
import { orgTimeZone } from "../../organization";
import { usersRepo } from "../../users";
import { analyticsRepo, vehicleLabel } from "../analytics.repo";
import { daysOf, windowPeriod, type TimeWindow } from "../../shared/reports/period";
import { segmentsRepo } from "../segments/segments.repo";
import { addSegment, aggregate, emptyFigures, metricValue, rank, type VehicleFigures } from "./dashboard-metrics";
import { dayFiguresFor, figuresFor, loadDayFigures, loadWindowData, type ScopedVehicle } from "./dashboard-figures";
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
