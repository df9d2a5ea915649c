import type { AppContext } from "../../context";
import { addDays } from "../../shared/dates";
import { alertRaiser, policiesRepo } from "../alerts";
import { punctuality } from "./job-rules";
import { emitRouteJobStatus } from "./route-job-events";
import { latenessRepo, type LatenessStage } from "./lateness.repo";
import { routeRules } from "./route-planning.settings";

type Candidate = Awaited<ReturnType<typeof latenessRepo.candidates>>[number];

/**
 * Raises job_late and job_missed once per job visit and stage (a sweep every minute on the maintenance queue).
 * An organisation with a policy of the type (on or off) gets exactly what its policies say, through the alert
 * engine's path (recipients, e-mail, days and hours, daily limit, limit per driver, vehicles). One without any
 * keeps the default: an in-app alert for every dispatcher (docs/route-planning.md, "Late / missed").
 */
export async function sweepLateJobs(
  ctx: AppContext,
  now: Date = new Date(),
  raiser = alertRaiser(ctx.db),
  /** only these organisations (a test's sweep at a chosen instant must not touch other tests' jobs) */
  opts: { orgIds?: readonly string[] } = {},
) {
  const utc = now.toISOString().slice(0, 10);
  if (opts.orgIds?.length === 0) return 0;
  const jobs = await latenessRepo.candidates(ctx.db, [addDays(utc, -1), utc, addDays(utc, 1)], opts.orgIds);
  const byOrg = new Map<string, Candidate[]>();
  for (const j of jobs) byOrg.set(j.org_id, [...(byOrg.get(j.org_id) ?? []), j]);
  let raised = 0;
  for (const [orgId, list] of byOrg) {
    const rules = await routeRules(ctx, orgId);
    const due = list.flatMap((j) => {
      const state = punctuality(j, rules.timezone, rules.late_grace_min, now);
      const type: LatenessStage | null =
        state === "missed" && !j.missed_alerted_at
          ? "job_missed"
          : state === "late" && !j.late_alerted_at
            ? "job_late"
            : null;
      return type ? [{ j, type }] : [];
    });
    if (!due.length) continue;
    const [raise, chosen] = await Promise.all([
      raiser.forOrg(orgId),
      policiesRepo.typesChosen(ctx.db, orgId, ["job_late", "job_missed"]),
    ]);
    let dispatchers: string[] | null = null;
    for (const { j, type } of due) {
      const details = {
        job_id: j.id,
        job_name: j.name,
        scheduled_date: j.scheduled_date,
        scheduled_arrival: j.scheduled_arrival.slice(0, 5),
        scheduled_departure: j.scheduled_departure.slice(0, 5),
      };
      const claim = async (db: typeof ctx.db) => {
        const claimed = await latenessRepo.claim(db, orgId, j.id, type, now);
        if (claimed)
          await emitRouteJobStatus(db, {
            orgId,
            jobId: j.id,
            status: type === "job_late" ? "late" : "missed",
            source: "sweep",
            at: now,
          });
        return claimed;
      };
      const occurrence = {
        vehicleId: j.vehicle_id!,
        type,
        at: now,
        lat: j.latitude,
        lon: j.longitude,
        details,
        driverId: j.driver_id,
      };
      if (chosen.has(type)) raised += await raise(ctx, occurrence, { claim });
      else {
        // without a policy of the type: the log row and unread notices for the dispatchers
        dispatchers ??= await latenessRepo.dispatchers(ctx.db, orgId);
        raised += await raise(ctx, occurrence, { claim, fallback: { name: j.name, recipients: dispatchers } });
      }
    }
  }
  return raised;
}
