import type { AppContext } from "../../context";
import { evaluateTimers, NO_DATA_FAULT_MS } from "./alert-engine";
import type { AlertState } from "./alert-engine.types";
import { announceAlerts, enqueueAlertMail } from "./alert-notify";
import { AlertRulesCache, rulesFor, TIMER_TYPES } from "./alert-rules";
import { storeAlerts, type CommittedAlert } from "./alert-store";
import { alertHistoryRepo, alertMailRepo, policiesRepo } from "./alerts.repo";
import { retentionCutoff, vehicleStateRepo } from "../positions";

/** E-mails still pending this long after the alert are enqueued again (their first enqueue was lost). */
const PENDING_MAIL_RETRY_MS = 2 * 60_000;

/**
 * The time-driven rules (vehicle unseen for N minutes, no data for 12 hours, dwell while the device is
 * silent), for every organisation with such a policy; each organisation's vehicles in one transaction
 * that locks their state rows (skipping rows the position pipeline holds: they are being updated anyway).
 * `rules` is the worker's cache (alerts.jobs.ts keeps one per worker; it checks the rules' version each run).
 */
export async function runAlertTimers(
  ctx: AppContext,
  now: Date = new Date(),
  rules = new AlertRulesCache(ctx.db, 0),
): Promise<{ alerts: number; mailsRequeued: number }> {
  const compiled = await rules.forOrgs(await policiesRepo.orgsWithActive(ctx.db, TIMER_TYPES));
  let count = 0;
  for (const org of compiled.values()) {
    const vehicleIds = [...org.byVehicle]
      .filter(([, ps]) => ps.some((p) => (TIMER_TYPES as readonly string[]).includes(p.type)))
      .map(([id]) => id);
    if (!vehicleIds.length) continue;
    const unseenMs = vehicleIds
      .flatMap((id) => org.byVehicle.get(id)!)
      .filter((p) => p.type === "unseen")
      .map((p) => p.durationMs!);
    const minSilenceMs = Math.min(NO_DATA_FAULT_MS, ...unseenMs);
    const committed: CommittedAlert[] = await ctx.db.transaction().execute(async (trx) => {
      const rows = await vehicleStateRepo.lockForTimers(
        trx,
        org.orgId,
        vehicleIds,
        new Date(now.getTime() - minSilenceMs),
      );
      const batches: Parameters<typeof storeAlerts>[1] = [];
      for (const r of rows) {
        const vehicleRules = rulesFor(org, r.vehicle_id)!;
        const state = (r.alert_state ?? {}) as AlertState;
        const before = JSON.stringify(state);
        const lastHeard = (r.last_server_time ?? r.last_fix_time)?.getTime() ?? null;
        const events = evaluateTimers(
          vehicleRules,
          state,
          { lastHeard, lastFixTime: r.last_fix_time?.getTime() ?? null, lat: r.lat, lon: r.lon },
          now.getTime(),
        );
        if (JSON.stringify(state) !== before) {
          await vehicleStateRepo.saveAlertState(trx, r.vehicle_id, state);
        }
        if (events.length) batches.push({ org, vehicleId: r.vehicle_id, events });
      }
      return storeAlerts(trx, batches);
    });
    count += committed.length;
    await announceAlerts(ctx, committed);
  }
  const pending = await alertMailRepo.stillPending(ctx.db, new Date(now.getTime() - PENDING_MAIL_RETRY_MS), 500);
  for (const a of pending) await enqueueAlertMail(ctx, a.id, a.org_id);
  return { alerts: count, mailsRequeued: pending.length };
}

/** Alerts are kept as long as positions (one year, spec section 9); limit counters only for the days that can still count. */
export async function pruneAlertHistory(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<{ alerts: number; counters: number }> {
  const countersBefore = new Date(now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
  return alertHistoryRepo.prune(ctx.db, retentionCutoff(now), countersBefore);
}
