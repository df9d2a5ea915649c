import type { AppContext } from "../../server/context";
import { todayIn } from "../../server/shared/dates";
import { AppError } from "../../server/errors";
import type { Principal } from "../../server/modules/access/principal";
import type { Proposal } from "../../server/modules/route-planning/route-planning.optimize";
import { optimizationsRepo } from "../../server/modules/route-planning/route-planning.repo";

export const TZ = "Europe/Tirane";
export const today = () => todayIn(TZ);

/** A job row straight into the table (tests of other rules should not depend on the service's checks). */
export async function insertJob(ctx: AppContext, orgId: string, over: Record<string, unknown> = {}) {
  return ctx.db
    .insertInto("route_jobs")
    .values({
      org_id: orgId,
      name: "Visit",
      latitude: 41.3275,
      longitude: 19.8187,
      scheduled_date: today(),
      scheduled_arrival: "09:00",
      scheduled_departure: "09:30",
      ...over,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The outcome of a call: "OK", the AppError code, or the zod issues as "field:message". */

export const errorOf = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as AppError,
  );

/** Seconds since midnight (the optimiser's arrivals). */
export const at = (h: number, m: number, s = 0) => h * 3600 + m * 60 + s;

/** A finished run's proposal as the worker leaves it, without running the solver (its order is the test's choice). */
export async function draftOptimization(
  ctx: AppContext,
  p: Principal,
  day: string,
  routes: Array<{ vehicleId: string; jobIds: string[]; arrivals: number[] }>,
  unassigned: string[] = [],
) {
  const row = await optimizationsRepo.insert(ctx.db, p.orgId, { day, created_by: p.userId });
  const proposal: Proposal = {
    routes: routes.map((r) => ({ ...r, distance: 1000, travelTime: 100, coordinates: [] })),
    unassigned: unassigned.map((id) => ({ id, reason: "time window" })),
    distance: 1000,
    travelTime: 100,
    current: { distance: 2000, travelTime: 200 },
    status: "feasible",
  };
  await optimizationsRepo.update(ctx.db, p.orgId, row.id, { status: "draft", proposal });
  return row.id;
}

/** The route settings the tests start from (check-in 100 m, attendance on from 10:00), with what a test changes. */
export const routeSettings = (over: Record<string, unknown> = {}) =>
  ({
    checkin_radius_m: 100,
    checkout_radius_m: 100,
    self_assign_jobs: false,
    self_assign_radius_m: 2000,
    late_grace_min: 15,
    attendance_enabled: true,
    attendance_start_threshold: "10:00",
    ...over,
  }) as const;
