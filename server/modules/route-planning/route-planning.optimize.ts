import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { haversineMetres, optimizeRoutes, type OptimizeResult } from "../../optimization";
import type { OptimizationInput } from "../../optimization/optimization.schema";
import type { Principal } from "../access/principal";
import { can } from "../access/access.policy";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { audit } from "../audit";
import { listFleetState } from "../positions";
import { vehicleOptions } from "../vehicles";
import { secondsOfDay, timeOfDay } from "./job-rules";
import { routeJobsRepo } from "./route-jobs.repo";
import { routePlanningPolicy } from "./route-planning.policy";
import { optimizationsRepo } from "./route-planning.repo";
import { routeRules } from "./route-planning.settings";
import { routeMatrixOptions } from "./travel-model";

export const PLAN_DAY_JOB = "route-plan-day";
/** The dispatcher's run: long enough for a good plan of a few hundred jobs, short enough to wait for. */
export const PLAN_DAY_TIME_LIMIT_MS = 20_000;
const SHIFT = { start: secondsOfDay("06:00"), end: secondsOfDay("22:00") };
const DETOUR = 1.3;
const SPEED_MS = 40 / 3.6;

export interface PlanDayData {
  orgId: string;
  optimizationId: string;
  problem: OptimizationInput;
  current: { distance: number; travelTime: number };
  timeLimitMs?: number;
}

export interface Proposal {
  routes: Array<{
    vehicleId: string;
    jobIds: string[];
    arrivals: number[];
    distance: number;
    travelTime: number;
    coordinates: Array<[number, number]>;
  }>;
  unassigned: Array<{ id: string; reason: string }>;
  distance: number;
  travelTime: number;
  current: { distance: number; travelTime: number };
  status: string;
}

type DayJob = Awaited<ReturnType<typeof routeJobsRepo.day>>[number];
type Start = { id: string; lat: number; lon: number };

/** The optimiser's input for a day: every job not finished with its time window and visit length; every vehicle from its last position. */
export function buildDayProblem(
  jobs: readonly DayJob[],
  vehicles: readonly Start[],
  graceMin: number,
): OptimizationInput {
  return {
    vehicles: vehicles.map((v) => ({ id: v.id, start: { lat: v.lat, lon: v.lon }, end: null, shift: SHIFT })),
    jobs: jobs.map((j) => {
      const arrival = secondsOfDay(j.scheduled_arrival);
      return {
        id: j.id,
        location: { lat: j.latitude, lon: j.longitude },
        service: Math.max(0, secondsOfDay(j.scheduled_departure) - arrival),
        timeWindows: [{ start: arrival, end: arrival + graceMin * 60 }],
      };
    }),
    shipments: [],
    objective: { metric: "distance", minimizeVehicles: false },
  } as OptimizationInput;
}

/**
 * Today's plan as the dispatcher has it: each vehicle's assigned jobs in planned order (an accepted optimisation's),
 * the others by scheduled arrival, from its start, haversine × detour.
 */
export function currentPlanCost(
  jobs: readonly Pick<DayJob, "vehicle_id" | "planned_sequence" | "scheduled_arrival" | "latitude" | "longitude">[],
  vehicles: readonly Start[],
) {
  const order = (j: (typeof jobs)[number]) => j.planned_sequence ?? Number.MAX_SAFE_INTEGER;
  let distance = 0;
  for (const v of vehicles) {
    let at = { lat: v.lat, lon: v.lon };
    const mine = jobs
      .filter((x) => x.vehicle_id === v.id)
      .sort((a, b) => order(a) - order(b) || a.scheduled_arrival.localeCompare(b.scheduled_arrival));
    for (const j of mine) {
      const next = { lat: j.latitude, lon: j.longitude };
      distance += haversineMetres(at, next) * DETOUR;
      at = next;
    }
  }
  return { distance: Math.round(distance), travelTime: Math.round(distance / SPEED_MS) };
}

async function vehicleStarts(ctx: AppContext, p: Principal, jobs: readonly DayJob[]): Promise<Start[]> {
  const centre = jobs.length
    ? {
        lat: jobs.reduce((s, j) => s + j.latitude, 0) / jobs.length,
        lon: jobs.reduce((s, j) => s + j.longitude, 0) / jobs.length,
      }
    : { lat: 41.3275, lon: 19.8187 };
  if (can(p, "manage:read")) {
    return (await listFleetState(ctx, p)).map((v) => ({
      id: v.vehicleId,
      lat: v.latitude ?? centre.lat,
      lon: v.longitude ?? centre.lon,
    }));
  }
  return (await vehicleOptions(ctx, p)).map((v) => ({ id: v.id, lat: centre.lat, lon: centre.lon }));
}

/** "Optimise the day": queues the day's open jobs with their windows for the optimiser on the worker. */
export async function startDayOptimization(ctx: AppContext, p: Principal, day: string) {
  routePlanningPolicy.write(p);
  const rules = await routeRules(ctx, p.orgId);
  const jobs = (await routeJobsRepo.day(ctx.db, p, day)).filter((j) => j.status !== "finished");
  const vehicles = await vehicleStarts(ctx, p, jobs);
  if (!jobs.length || !vehicles.length)
    throw new AppError("VALIDATION", "Nothing to optimise on this day", { field: "day" });
  const row = await optimizationsRepo.insert(ctx.db, p.orgId, { day, created_by: p.userId });
  const data: PlanDayData = {
    orgId: p.orgId,
    optimizationId: row.id,
    problem: buildDayProblem(jobs, vehicles, rules.late_grace_min),
    current: currentPlanCost(jobs, vehicles),
  };
  await ctx.jobs.enqueue("optimization", PLAN_DAY_JOB, data);
  return row;
}

/** The worker's side: runs the optimiser, keeps its progress and the proposal on the optimisation row. */
export async function runDayOptimization(ctx: AppContext, data: PlanDayData, signal?: AbortSignal): Promise<Proposal> {
  let last = 0;
  try {
    const result: OptimizeResult = await optimizeRoutes(data.problem as never, {
      matrix: routeMatrixOptions(),
      timeLimitMs: data.timeLimitMs ?? PLAN_DAY_TIME_LIMIT_MS,
      seed: 1,
      signal,
      progressIntervalMs: 500,
      onProgress: (pr) => {
        if (pr.elapsedMs - last < 1000) return;
        last = pr.elapsedMs;
        void optimizationsRepo
          .update(ctx.db, data.orgId, data.optimizationId, {
            progress: { elapsedMs: pr.elapsedMs, unassigned: pr.unassigned, bestCost: pr.bestCost },
          })
          .catch(() => undefined);
      },
    });
    const proposal: Proposal = {
      routes: result.routes
        .filter((r) => r.steps.some((s) => s.type === "job"))
        .map((r) => {
          const steps = r.steps.filter((s) => s.type === "job");
          return {
            vehicleId: r.vehicleId,
            jobIds: steps.map((s) => s.id!),
            arrivals: steps.map((s) => s.serviceStart),
            distance: Math.round(r.distance),
            travelTime: Math.round(r.travelTime),
            coordinates: r.steps.map((s) => {
              const l = result.locations[s.location];
              return [l.lon, l.lat] as [number, number];
            }),
          };
        }),
      unassigned: result.unassigned.map((u) => ({ id: u.id, reason: u.reason })),
      distance: Math.round(result.summary.distance),
      travelTime: Math.round(result.summary.travelTime),
      current: data.current,
      status: result.status,
    };
    await optimizationsRepo.update(ctx.db, data.orgId, data.optimizationId, {
      status: "draft",
      proposal,
      progress: { elapsedMs: result.elapsedMs, unassigned: result.summary.unassigned, done: true },
    });
    return proposal;
  } catch (err) {
    await optimizationsRepo.update(ctx.db, data.orgId, data.optimizationId, {
      status: "failed",
      progress: { error: String(err) },
    });
    throw err;
  }
}

/**
 * Whether the principal sees an optimisation in full: every vehicle it routes and every job it covers is in the
 * principal's scope (the job list's). A run of a wider-scoped dispatcher shows other vehicles' routes, so a manager
 * limited to some vehicles neither sees nor accepts it.
 */
async function inScope(ctx: AppContext, p: Principal, proposal: Proposal | null): Promise<boolean> {
  if (!proposal || (p.teamIds === "all" && p.vehicleIds === null)) return true;
  const vehicleIds = [...new Set(proposal.routes.map((r) => r.vehicleId))];
  const visible = await visibleVehicleIds(ctx.db, p, vehicleIds);
  if (vehicleIds.some((id) => !visible.has(id))) return false;
  const jobIds = [...proposal.routes.flatMap((r) => r.jobIds), ...proposal.unassigned.map((u) => u.id)];
  const seen = await routeJobsRepo.visibleIds(ctx.db, p, jobIds);
  return (await routeJobsRepo.countExisting(ctx.db, p.orgId, jobIds)) === seen.size;
}

/** An optimisation of the organisation that the principal sees in full (inScope), else not found. */
async function findInScope(ctx: AppContext, p: Principal, id: string) {
  const row = await optimizationsRepo.find(ctx.db, p.orgId, id);
  if (!row || !(await inScope(ctx, p, row.proposal as Proposal | null))) throw notFound("optimisation");
  return row;
}

export async function latestOptimization(ctx: AppContext, p: Principal, day: string) {
  routePlanningPolicy.read(p);
  const row = await optimizationsRepo.latest(ctx.db, p.orgId, day);
  if (!row || row.status === "accepted") return null;
  if (!(await inScope(ctx, p, row.proposal as Proposal | null))) return null;
  return {
    id: row.id,
    status: row.status,
    progress: row.progress as Record<string, number | boolean | string>,
    proposal: row.proposal as Proposal | null,
  };
}

/**
 * Applies a proposal: each routed job goes to its vehicle (and the vehicle's driver) with its place in the route and
 * the optimiser's arrival as the planned sequence and ETA; the scheduled window stays as agreed with the customer.
 * Every job the run covered loses the plan of an earlier run first; jobs left out keep their assignment, without a plan.
 */
export async function acceptOptimization(ctx: AppContext, p: Principal, id: string) {
  routePlanningPolicy.write(p);
  const row = await findInScope(ctx, p, id);
  if (row.status !== "draft") throw new AppError("OPTIMIZATION_NOT_READY", "The optimisation has not finished");
  const proposal = row.proposal as Proposal;
  const drivers = new Map((await vehicleOptions(ctx, p)).map((v) => [v.id, v] as const));
  const covered = [...proposal.routes.flatMap((r) => r.jobIds), ...proposal.unassigned.map((u) => u.id)];
  await ctx.db.transaction().execute(async (trx) => {
    await routeJobsRepo.clearPlan(trx, p.orgId, covered);
    for (const r of proposal.routes) {
      if (!drivers.has(r.vehicleId)) continue;
      await routeJobsRepo.assignMany(trx, p.orgId, r.jobIds, r.vehicleId);
      await routeJobsRepo.setPlan(
        trx,
        p.orgId,
        r.vehicleId,
        row.day,
        r.jobIds.map((id, i) => ({ id, arrival: timeOfDay(r.arrivals[i]) })),
      );
    }
    await optimizationsRepo.update(trx, p.orgId, id, { status: "accepted" });
    await audit.record(trx, p, {
      entity: "route_job",
      id,
      action: "update",
      after: { optimization: id, routes: proposal.routes.length },
    });
  });
  return proposal;
}

export async function discardOptimization(ctx: AppContext, p: Principal, id: string) {
  routePlanningPolicy.write(p);
  await findInScope(ctx, p, id);
  await optimizationsRepo.update(ctx.db, p.orgId, id, { status: "failed", progress: { discarded: true } });
}
