import type { AppContext } from "../../context";
import { optimizeRoutes } from "../../optimization";
import type { Principal } from "../access/principal";
import { startOfDayIn } from "../../shared/dates";
import { orgTimeZone } from "../organization";
import { depotsRepo } from "./depots.repo";
import { ordersRepo } from "./orders.repo";
import { assertOrdersFit } from "./plan-fit";
import { planProblem, planResult, unfitOrders } from "./plan-solver";
import { plansRepo } from "./plans.repo";
import { assertDraft, visiblePlan } from "./plans.service";
import { toPlanDto } from "./tms.mapper";
import { settingsOf } from "./tms.settings";
import { tmsPolicy } from "./tms.policy";

/** A plan's optimiser run: queued by the planner, solved by the worker's `tms-optimize` job. */
export const TMS_OPTIMIZE_JOB = "tms-optimize";

/** Queues the optimiser on the worker (optimization queue); the page follows `run_state` and `progress`. */
export async function runPlan(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.write(p);
  const before = await visiblePlan(ctx, p, id);
  assertDraft(before);
  // the orders may have changed since the plan was saved (an order's weight or packets edited while PENDING)
  await assertOrdersFit(ctx.db, p.orgId, await ordersRepo.byPlan(ctx.db, p.orgId, id), before.trucks);
  const plan = (await plansRepo.update(ctx.db, p.orgId, id, { run_state: "queued", progress: null }))!;
  await ctx.jobs.enqueue("optimization", TMS_OPTIMIZE_JOB, { orgId: p.orgId, optimizationId: id });
  return toPlanDto(plan);
}

/**
 * The worker's side: solves the plan and stores where each order goes. `timeLimitMs` overrides the organisation's
 * setting (the benchmark); progress is written at most twice a second.
 */
export async function solvePlan(
  ctx: AppContext,
  orgId: string,
  id: string,
  opts: { signal?: AbortSignal; timeLimitMs?: number } = {},
) {
  const plan = await plansRepo.findById(ctx.db, orgId, id);
  if (!plan || plan.status !== "draft") return null;
  const [orders, settings, depot, tz] = await Promise.all([
    ordersRepo.byPlan(ctx.db, orgId, id),
    settingsOf(ctx.db, orgId),
    plan.depot_id ? depotsRepo.find(ctx.db, orgId, plan.depot_id) : undefined,
    orgTimeZone(ctx, orgId),
  ]);
  // an order no truck can carry (changed since the run was queued) fails the run at once, not after the time budget
  if (!depot || !plan.trucks.length || !orders.length || unfitOrders(orders, plan.trucks).length) {
    await plansRepo.update(ctx.db, orgId, id, { run_state: "failed" });
    return null;
  }
  await plansRepo.update(ctx.db, orgId, id, {
    run_state: "running",
    progress: { elapsedMs: 0, iteration: 0, unassigned: orders.length, vehicles: 0 },
  });
  try {
    let writing: Promise<unknown> = Promise.resolve();
    const r = await optimizeRoutes(planProblem(orders, plan.trucks, depot, settings), {
      timeLimitMs: opts.timeLimitMs ?? settings.time_limit_s * 1000,
      seed: 1,
      signal: opts.signal,
      progressIntervalMs: 500,
      onProgress: (pr) => {
        writing = writing
          .then(() =>
            plansRepo.update(ctx.db, orgId, id, {
              progress: {
                elapsedMs: pr.elapsedMs,
                iteration: pr.iteration,
                unassigned: pr.unassigned,
                vehicles: pr.vehicles,
              },
            }),
          )
          .catch(() => undefined);
      },
    });
    await writing;
    const { result, placements } = planResult(r, depot);
    const dayStart = startOfDayIn(plan.day, tz).getTime();
    await ctx.db.transaction().execute(async (trx) => {
      await ordersRepo.assign(
        trx,
        orgId,
        orders.map((o) => o.id),
        { optimization_id: id, vehicle_id: null, sequence: null },
      );
      for (const pl of placements)
        await ordersRepo.setPlace(trx, orgId, pl.orderId, {
          vehicle_id: pl.vehicleId,
          sequence: pl.sequence,
          eta: new Date(dayStart + pl.arrivalS * 1000),
        });
      await plansRepo.update(trx, orgId, id, {
        result,
        run_state: "done",
        progress: {
          elapsedMs: r.elapsedMs,
          iteration: r.iterations,
          unassigned: r.unassigned.length,
          vehicles: r.summary.vehicles,
        },
      });
    });
    return result;
  } catch (err) {
    await plansRepo.update(ctx.db, orgId, id, { run_state: "failed" });
    throw err;
  }
}
