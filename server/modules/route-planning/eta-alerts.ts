import type { AppContext } from "../../context";
import { todayIn } from "../../shared/dates";
import { alertRaiser, policiesRepo } from "../alerts";
import { etaAlertsRepo } from "./eta-alerts.repo";
import { punctuality } from "./job-rules";
import { liveEtas } from "./live-eta";
import { routeRules } from "./route-planning.settings";

/**
 * Raises job_eta_late once per job visit: the live ETA of a job assigned for today, not reached and not late yet,
 * falls after its scheduled arrival plus the lateness margin (the dispatch map's predicted-late mark). Only through
 * policies of the type: the map already shows the mark, so an organisation without one is not told twice. A job
 * is claimed only when a policy's days, hours and vehicles hold it, so a policy's window that opens later still
 * warns. Runs in route planning's minute sweep (docs/alerts.md, "Route jobs").
 */
export async function sweepPredictedLateJobs(
  ctx: AppContext,
  now: Date = new Date(),
  raiser = alertRaiser(ctx.db),
  /** only these organisations (a test's sweep at a chosen instant must not touch other tests' jobs) */
  opts: { orgIds?: readonly string[] } = {},
): Promise<number> {
  if (opts.orgIds?.length === 0) return 0;
  let raised = 0;
  for (const orgId of await policiesRepo.orgsWithActive(ctx.db, ["job_eta_late"], opts.orgIds)) {
    const rules = await routeRules(ctx, orgId);
    const jobs = (await etaAlertsRepo.candidates(ctx.db, orgId, todayIn(rules.timezone, now))).filter(
      (j) => punctuality(j, rules.timezone, rules.late_grace_min, now) === "pending",
    );
    if (!jobs.length) continue;
    const [etaOf, raise] = await Promise.all([liveEtas(ctx, orgId, rules, jobs, now), raiser.forOrg(orgId)]);
    for (const j of jobs) {
      const eta = etaOf(j);
      if (eta.status !== "ok" || !eta.predictedLate) continue;
      const occurrence = {
        vehicleId: j.vehicle_id!,
        type: "job_eta_late" as const,
        at: now,
        lat: j.latitude,
        lon: j.longitude,
        driverId: j.driver_id,
        details: {
          job_id: j.id,
          job_name: j.name,
          scheduled_date: j.scheduled_date,
          eta: eta.time,
          scheduled_arrival: j.scheduled_arrival.slice(0, 5),
          scheduled_departure: j.scheduled_departure.slice(0, 5),
        },
      };
      raised += await raise(ctx, occurrence, {
        claim: (db) => etaAlertsRepo.claim(db, orgId, j.id, now),
        onlyWhenHeld: true,
      });
    }
  }
  return raised;
}
