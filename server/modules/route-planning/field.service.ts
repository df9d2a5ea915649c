import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { todayIn } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { circleBoundingBox } from "../places";
import { metresTo, punctuality } from "./job-rules";
import { liveEtas } from "./live-eta";
import { madeAt } from "./made-at";
import { routeJobsRepo } from "./route-jobs.repo";
import { toJobDto } from "./route-planning.mapper";
import { routePlanningPolicy } from "./route-planning.policy";
import { phonePositionSchema, type PhonePosition } from "./route-planning.schema";
import { routeRules } from "./route-planning.settings";
import { emitRouteJobStatus } from "./route-job-events";

// The phone's side of route planning (the driver API): every signed-in user may act on the jobs assigned to them,
// whatever their role; the dispatcher's screens need routePlanning permissions instead.

export async function myJobsToday(ctx: AppContext, p: Principal, day?: string | null) {
  const rules = await routeRules(ctx, p.orgId);
  const date = day || todayIn(rules.timezone);
  const jobs = await routeJobsRepo.forDriver(ctx.db, p.orgId, p.userId, date);
  const now = new Date();
  const live = await liveEtas(ctx, p.orgId, rules, jobs, now);
  return {
    day: date,
    jobs: jobs.map((j) =>
      toJobDto({ ...j, punctuality: punctuality(j, rules.timezone, rules.late_grace_min, now), live: live(j) }),
    ),
  };
}

async function ownJob(ctx: AppContext, p: Principal, id: string) {
  const job = await routeJobsRepo.find(ctx.db, p.orgId, id);
  if (!job) throw notFound("job");
  routePlanningPolicy.ownJob(p, job);
  return job;
}

function tooFar(
  code: "CHECKIN_TOO_FAR" | "CHECKOUT_TOO_FAR",
  p: Principal,
  distance: number,
  radius: number,
): AppError {
  const message =
    p.language === "al"
      ? `Jeni ${distance} m larg punës; lejohet brenda ${radius} m.`
      : `You are ${distance} m from the job; ${code === "CHECKIN_TOO_FAR" ? "check-in" : "check-out"} is allowed within ${radius} m.`;
  return new AppError(code, message, { distance_m: distance, radius_m: radius });
}

/**
 * Check-in from the phone: refused beyond the check-in radius, with the distance in the answer. `made_at` (an action
 * queued on the phone while offline) is the recorded arrival, within its bounds (made-at.ts).
 */
export async function phoneCheckIn(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: PhonePosition | Record<string, unknown>,
  now: Date = new Date(),
) {
  const pos = phonePositionSchema.parse(raw);
  const at = madeAt((raw as { made_at?: unknown }).made_at, now);
  const job = await ownJob(ctx, p, id);
  if (job.status !== "not_started") throw new AppError("JOB_STATE", `The job is ${job.status}`);
  const rules = await routeRules(ctx, p.orgId);
  const distance = metresTo(job, pos.latitude, pos.longitude);
  if (distance > rules.checkin_radius_m) throw tooFar("CHECKIN_TOO_FAR", p, distance, rules.checkin_radius_m);
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const done = await routeJobsRepo.transition(trx, p.orgId, id, "not_started", {
      status: "started",
      arrived_at: at,
      checkin_source: "phone",
      checkin_distance_m: distance,
    });
    if (done) await emitRouteJobStatus(trx, { orgId: p.orgId, jobId: id, status: "checked_in", source: "phone", at });
    return done;
  });
  if (!ok) throw new AppError("JOB_STATE", "The job has been checked in already");
  return toJobDto((await routeJobsRepo.find(ctx.db, p.orgId, id))!);
}

export async function phoneCheckOut(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: PhonePosition | Record<string, unknown>,
  now: Date = new Date(),
) {
  const pos = phonePositionSchema.parse(raw);
  const made = madeAt((raw as { made_at?: unknown }).made_at, now);
  const job = await ownJob(ctx, p, id);
  if (job.status !== "started") throw new AppError("JOB_STATE", `The job is ${job.status}`);
  const rules = await routeRules(ctx, p.orgId);
  const distance = metresTo(job, pos.latitude, pos.longitude);
  if (distance > rules.checkout_radius_m) throw tooFar("CHECKOUT_TOO_FAR", p, distance, rules.checkout_radius_m);
  // a departure is never recorded before the arrival (an automatic check-in may have been later than the phone's)
  const at = job.arrived_at && job.arrived_at > made ? job.arrived_at : made;
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const done = await routeJobsRepo.transition(trx, p.orgId, id, "started", {
      status: "finished",
      departed_at: at,
      checkout_source: "phone",
      checkout_distance_m: distance,
    });
    if (done) await emitRouteJobStatus(trx, { orgId: p.orgId, jobId: id, status: "finished", source: "phone", at });
    return done;
  });
  if (!ok) throw new AppError("JOB_STATE", "The job has been checked out already");
  return toJobDto((await routeJobsRepo.find(ctx.db, p.orgId, id))!);
}

/** Today's unassigned jobs within the self-assignment radius of the phone, nearest first. */
export async function nearbyJobs(ctx: AppContext, p: Principal, raw: PhonePosition | Record<string, unknown>) {
  const pos = phonePositionSchema.parse(raw);
  const rules = await routeRules(ctx, p.orgId);
  if (!rules.self_assign_jobs) throw new AppError("SELF_ASSIGN_DISABLED", "Self-assignment of jobs is turned off");
  const box = circleBoundingBox([pos.longitude, pos.latitude], rules.self_assign_radius_m);
  const jobs = await routeJobsRepo.unassignedNear(ctx.db, p.orgId, todayIn(rules.timezone), box);
  return jobs
    .map((j) => ({ ...j, distance_m: metresTo(j, pos.latitude, pos.longitude) }))
    .filter((j) => j.distance_m <= rules.self_assign_radius_m)
    .sort((a, b) => a.distance_m - b.distance_m)
    .map(toJobDto);
}

/** Takes an unassigned job of today near the phone (when the organisation allows it). */
export async function selfAssign(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: PhonePosition | Record<string, unknown>,
) {
  const pos = phonePositionSchema.parse(raw);
  const rules = await routeRules(ctx, p.orgId);
  if (!rules.self_assign_jobs) throw new AppError("SELF_ASSIGN_DISABLED", "Self-assignment of jobs is turned off");
  const job = await routeJobsRepo.find(ctx.db, p.orgId, id);
  if (!job) throw notFound("job");
  if (job.driver_id || job.vehicle_id) throw new AppError("JOB_TAKEN", "The job is assigned already");
  if (job.scheduled_date !== todayIn(rules.timezone) || job.status !== "not_started")
    throw new AppError("JOB_STATE", "Only today's jobs not started can be taken");
  const distance = metresTo(job, pos.latitude, pos.longitude);
  if (distance > rules.self_assign_radius_m) {
    throw new AppError(
      "VALIDATION",
      `The job is ${distance} m away; jobs within ${rules.self_assign_radius_m} m can be taken`,
      { distance_m: distance, radius_m: rules.self_assign_radius_m },
    );
  }
  const taken = await routeJobsRepo.claim(ctx.db, p.orgId, id, p.userId);
  if (!taken) throw new AppError("JOB_TAKEN", "Someone else took the job");
  return toJobDto((await routeJobsRepo.find(ctx.db, p.orgId, id))!);
}
