import type { AppContext } from "../../context";
import { addDays } from "../../shared/dates";
import { punctuality } from "./job-rules";
import { latenessRepo } from "./lateness.repo";
import { routeRules } from "./route-settings.service";

/** Raises job_late and job_missed once per job (a sweep every minute on the maintenance queue). */
export async function sweepLateJobs(ctx: AppContext, now: Date = new Date()) {
  const utc = now.toISOString().slice(0, 10);
  const jobs = await latenessRepo.candidates(ctx.db, [addDays(utc, -1), utc, addDays(utc, 1)]);
  const byOrg = new Map<string, typeof jobs>();
  for (const j of jobs) byOrg.set(j.org_id, [...(byOrg.get(j.org_id) ?? []), j]);
  let raised = 0;
  for (const [orgId, list] of byOrg) {
    const rules = await routeRules(ctx, orgId);
    let recipients: string[] | null = null;
    for (const j of list) {
      const state = punctuality(j, rules.timezone, rules.late_grace_min, now);
      const type = state === "missed" && !j.missed_alerted_at ? "job_missed" : state === "late" && !j.late_alerted_at ? "job_late" : null;
      if (!type) continue;
      recipients ??= await latenessRepo.dispatchers(ctx.db, orgId);
      await ctx.db.transaction().execute((trx) => latenessRepo.raise(trx, {
        orgId, type, jobId: j.id, jobName: j.name, vehicleId: j.vehicle_id!, driverId: j.driver_id, at: now, lat: j.latitude, lon: j.longitude, recipients: recipients!,
      }));
      raised++;
    }
  }
  return raised;
}
