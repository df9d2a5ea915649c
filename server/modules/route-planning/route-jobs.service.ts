import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { todayIn } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { audit } from "../audit";
import { getPlace } from "../places";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { assignableDrivers } from "../users";
import { getVehicle } from "../vehicles";
import { occurrences, punctuality } from "./job-rules";
import { tellDriver } from "./job-notices";
import { liveEtas } from "./live-eta";
import { routeJobsRepo, type RouteJob, type JobFilter, type JobSort, type NewJob } from "./route-jobs.repo";
import { toJobDto } from "./route-planning.mapper";
import { routePlanningPolicy } from "./route-planning.policy";
import {
  assignInputSchema,
  jobInputSchema,
  jobUpdateSchema,
  type AssignInput,
  type JobInput,
  type JobUpdate,
} from "./route-planning.schema";
import { routeRules } from "./route-planning.settings";
import { emitRouteJobStatus } from "./route-job-events";

export type { RouteJob };
const SORTS: JobSort[] = ["date", "name", "status", "vehicle"];

/** The rows of a page of jobs (the jobs list page). */
export async function listJobRows(ctx: AppContext, p: Principal, q: ListQuery, filter: JobFilter = {}) {
  routePlanningPolicy.read(p);
  const { items, total } = await routeJobsRepo.list(ctx.db, p, q, pickSort(q.sort, SORTS, "date"), filter);
  return toPage(items, total, q);
}

export async function listJobs(ctx: AppContext, p: Principal, q: ListQuery, filter: JobFilter = {}) {
  return mapPage(await listJobRows(ctx, p, q, filter), toJobDto);
}

/** The job as stored (the job page). */
export async function storedJob(ctx: AppContext, p: Principal, id: string): Promise<RouteJob> {
  routePlanningPolicy.read(p);
  return findVisibleJob(ctx, p, id);
}

export async function getJob(ctx: AppContext, p: Principal, id: string) {
  return toJobDto(await storedJob(ctx, p, id));
}

async function findVisibleJob(ctx: AppContext, p: Principal, id: string): Promise<RouteJob> {
  const job = await routeJobsRepo.find(ctx.db, p.orgId, id);
  if (!job) throw notFound("job");
  if (job.vehicle_id && !(await visibleVehicleIds(ctx.db, p, [job.vehicle_id])).has(job.vehicle_id))
    throw notFound("job");
  return job;
}

/** Jobs of a day with how they stand against their schedule and their live ETA (dispatch map, scheduler). */
export async function dayJobs(ctx: AppContext, p: Principal, day?: string | null) {
  routePlanningPolicy.read(p);
  const rules = await routeRules(ctx, p.orgId);
  const date = day || todayIn(rules.timezone);
  const jobs = await routeJobsRepo.day(ctx.db, p, date);
  const now = new Date();
  const live = await liveEtas(ctx, p.orgId, rules, jobs, now);
  return {
    day: date,
    timezone: rules.timezone,
    graceMin: rules.late_grace_min,
    jobs: jobs.map((j) => ({
      ...j,
      punctuality: punctuality(j, rules.timezone, rules.late_grace_min, now),
      live: live(j),
    })),
  };
}

/** Checks the place, driver and vehicle a job names and gives the point its coordinates. */
async function resolveRefs(
  ctx: AppContext,
  p: Principal,
  v: {
    place_id?: string | null;
    latitude?: number | null;
    longitude?: number | null;
    driver_id?: string | null;
    vehicle_id?: string | null;
  },
) {
  let lat = v.latitude ?? null;
  let lon = v.longitude ?? null;
  if (v.place_id) {
    const place = await getPlace(ctx, p, "poi", v.place_id)
      .catch(() => getPlace(ctx, p, "geofence", v.place_id!))
      .catch(() => {
        throw new AppError("VALIDATION", "Unknown place", { field: "place_id" });
      });
    if (lat == null || lon == null) {
      lat = place.latitude;
      lon = place.longitude;
    }
  }
  if (v.driver_id && !(await assignableDrivers(ctx, p, null)).some((d) => d.id === v.driver_id)) {
    throw new AppError("VALIDATION", "Unknown driver", { field: "driver_id" });
  }
  if (v.vehicle_id && !(await visibleVehicleIds(ctx.db, p, [v.vehicle_id])).has(v.vehicle_id)) {
    throw new AppError("VALIDATION", "Unknown vehicle", { field: "vehicle_id" });
  }
  return { latitude: lat!, longitude: lon! };
}

function jobRow(v: JobUpdate, point: { latitude: number; longitude: number }, date: string) {
  return {
    name: v.name,
    place_id: v.place_id ?? null,
    address: v.address ?? null,
    latitude: point.latitude,
    longitude: point.longitude,
    contact_name: v.contact_name ?? null,
    contact_phone: v.contact_phone ?? null,
    notes: v.notes ?? null,
    scheduled_date: date,
    scheduled_arrival: v.scheduled_arrival,
    scheduled_departure: v.scheduled_departure,
    driver_id: v.driver_id ?? null,
    vehicle_id: v.vehicle_id ?? null,
  };
}

/** Creates one job per day of its recurrence (days of the week up to a date, and/or explicit dates). */
export async function createJobs(ctx: AppContext, p: Principal, raw: JobInput | Record<string, unknown>) {
  routePlanningPolicy.write(p);
  const input = jobInputSchema.parse(raw);
  const point = await resolveRefs(ctx, p, input);
  const days = occurrences(input.scheduled_date, input.days, input.repeat_until, input.dates);
  if (!days) throw new AppError("VALIDATION", "Too many repetitions", { field: "repeat_until" });
  const seriesId = days.length > 1 ? crypto.randomUUID() : null;
  const rows: NewJob[] = days.map((d) => ({
    ...jobRow(input, point, d),
    series_id: seriesId,
    recurrence_days: input.days,
  }));
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const ids = await routeJobsRepo.insertMany(trx, p.orgId, rows);
    await audit.record(trx, p, {
      entity: "route_job",
      id: ids[0],
      action: "create",
      after: { ...rows[0], dates: days },
    });
    return ids;
  });
  // a repeating job is one notification, for its first visit
  await tellDriver(ctx, p.orgId, null, { ...rows[0], id: ids[0] }, p.userId);
  return ids;
}

export async function updateJob(ctx: AppContext, p: Principal, id: string, raw: JobUpdate | Record<string, unknown>) {
  routePlanningPolicy.write(p);
  const before = await findVisibleJob(ctx, p, id);
  const input = jobUpdateSchema.parse(raw);
  const point = await resolveRefs(ctx, p, input);
  const row = {
    ...jobRow(input, point, input.scheduled_date),
    ...planKept(before, input.vehicle_id ?? null, input.scheduled_date),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await routeJobsRepo.update(trx, p.orgId, id, row))) throw notFound("job");
    await audit.record(trx, p, { entity: "route_job", id, action: "update", before, after: row });
  });
  const after = await findVisibleJob(ctx, p, id);
  await tellDriver(ctx, p.orgId, before, after, p.userId);
  return toJobDto(after);
}

export async function deleteJob(ctx: AppContext, p: Principal, id: string) {
  routePlanningPolicy.write(p);
  const before = await findVisibleJob(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await routeJobsRepo.delete(trx, p.orgId, id))) throw notFound("job");
    await audit.record(trx, p, { entity: "route_job", id, action: "delete", before });
  });
}

/** Assigns a job to a vehicle (and driver); the vehicle's own driver when none is named. Empty clears it. */
export async function assignJob(ctx: AppContext, p: Principal, raw: AssignInput | Record<string, unknown>) {
  routePlanningPolicy.write(p);
  const input = assignInputSchema.parse(raw);
  const before = await findVisibleJob(ctx, p, input.job_id);
  if (before.status === "finished") throw new AppError("JOB_STATE", "A finished job cannot be reassigned");
  await resolveRefs(ctx, p, { driver_id: input.driver_id, vehicle_id: input.vehicle_id, latitude: 0, longitude: 0 });
  const driverId = input.driver_id ?? (input.vehicle_id ? await vehicleDriver(ctx, p, input.vehicle_id) : null);
  const patch = {
    vehicle_id: input.vehicle_id ?? null,
    driver_id: driverId,
    ...planKept(before, input.vehicle_id ?? null, before.scheduled_date),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await routeJobsRepo.update(trx, p.orgId, input.job_id, patch);
    await audit.record(trx, p, { entity: "route_job", id: input.job_id, action: "update", before, after: patch });
  });
  const after = await findVisibleJob(ctx, p, input.job_id);
  await tellDriver(ctx, p.orgId, before, after, p.userId);
  return toJobDto(after);
}

/** A job moved by hand to another vehicle (or day) is no longer on its optimised route: its planned order and ETA go. */
function planKept(before: RouteJob, vehicleId: string | null, day: string) {
  return before.vehicle_id === vehicleId && before.scheduled_date === day
    ? {}
    : { planned_sequence: null, planned_arrival: null };
}

async function vehicleDriver(ctx: AppContext, p: Principal, vehicleId: string): Promise<string | null> {
  const vehicle = await getVehicle(ctx, p, vehicleId).catch(() => null);
  return vehicle?.driver_id ?? null;
}

/** The dispatcher records an arrival or departure by hand (no radius: the office is not at the site). */
export async function setJobStatus(
  ctx: AppContext,
  p: Principal,
  id: string,
  to: "started" | "finished" | "not_started",
) {
  routePlanningPolicy.write(p);
  const before = await findVisibleJob(ctx, p, id);
  const now = new Date();
  const from = to === "started" ? "not_started" : to === "finished" ? "started" : before.status;
  const patch =
    to === "started"
      ? { status: to, arrived_at: now, checkin_source: "manual" as const }
      : to === "finished"
        ? { status: to, departed_at: now, checkout_source: "manual" as const }
        : {
            status: to,
            arrived_at: null,
            departed_at: null,
            checkin_source: null,
            checkout_source: null,
            checkin_distance_m: null,
            checkout_distance_m: null,
          };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await routeJobsRepo.transition(trx, p.orgId, id, from, patch)))
      throw new AppError("JOB_STATE", `The job is ${before.status}`);
    await audit.record(trx, p, { entity: "route_job", id, action: "update", before, after: patch });
    await emitRouteJobStatus(trx, {
      orgId: p.orgId,
      jobId: id,
      status: to === "started" ? "checked_in" : to === "finished" ? "finished" : "reopened",
      source: "manual",
      at: now,
    });
  });
  return findVisibleJob(ctx, p, id);
}
