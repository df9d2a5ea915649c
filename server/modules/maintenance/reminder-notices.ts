import type { AppContext } from "../../context";
import { dispatchCommitted, emitEvent } from "../events";
import { remindersRepo } from "./maintenance.repo";
import { orgToday } from "./maintenance.vehicles";
import { stageOf } from "./reminder-status";
import { stateOf } from "./reminders.service";

/**
 * Marks reminders due, once per reminder, cycle and stage (due soon, due, overdue): the notice row is claimed and
 * the `maintenance.reminder.due` event written in one transaction, so a stage is announced exactly once across
 * restarts and several workers. The claimed row, naming the responsible user, is their in-app notice. Everything
 * that tells people (the responsible user's e-mail, their open pages, the driver's phone, webhooks) reads that
 * event from the outbox (reminder-events.ts), dispatched here once the claims have committed. `orgId` limits a run
 * to one organisation (the job runs over all). Answers how many notices were claimed and how many e-mails queued.
 */
export async function runReminderNotices(
  ctx: AppContext,
  now = new Date(),
  orgId?: string,
): Promise<{ notices: number; emails: number }> {
  const eventIds: string[] = [];
  try {
    return await claimNotices(ctx, now, eventIds, orgId);
  } finally {
    // what committed before a failure is told all the same
    await dispatchCommitted(ctx, eventIds);
  }
}

async function claimNotices(
  ctx: AppContext,
  now: Date,
  eventIds: string[],
  onlyOrg?: string,
): Promise<{ notices: number; emails: number }> {
  const open = await remindersRepo.listOpen(ctx.db, onlyOrg);
  const byOrg = new Map<string, typeof open>();
  for (const r of open) byOrg.set(r.org_id, [...(byOrg.get(r.org_id) ?? []), r]);
  let notices = 0;
  let emails = 0;
  for (const [orgId, reminders] of byOrg) {
    const [today, readings, people, vehicles] = await Promise.all([
      orgToday(ctx, orgId, now),
      remindersRepo.readings(ctx.db, orgId, [...new Set(reminders.map((r) => r.vehicle_id))]),
      remindersRepo.responsible(ctx.db, orgId),
      remindersRepo.registrations(ctx.db, orgId),
    ]);
    for (const r of reminders) {
      const reading = readings.get(r.vehicle_id);
      const state = stateOf(r, today, reading);
      const stage = stageOf(state.status);
      if (!stage) continue;
      const userId = r.responsible_user_id && people.has(r.responsible_user_id) ? r.responsible_user_id : null;
      const eventId = await ctx.db.transaction().execute(async (trx) => {
        // the claimed row is also the responsible user's in-app notice (reminder-inbox.service.ts)
        if (!(await remindersRepo.claimNotice(trx, orgId, r.id, r.cycle, stage, userId))) return null;
        return emitEvent(trx, {
          type: "maintenance.reminder.due",
          organizationId: orgId,
          data: {
            reminder_id: r.id,
            name: r.name,
            stage,
            cycle: r.cycle,
            vehicle_id: r.vehicle_id,
            vehicle_registration: vehicles.get(r.vehicle_id)?.registration ?? null,
            due_date: state.dueDate,
            due_km: state.dueKm,
            due_hours: state.dueHours,
            odometer_km: reading?.odometer_km ?? 0,
            engine_hours: reading?.engine_hours ?? null,
            responsible_user_id: userId,
          },
        });
      });
      if (!eventId) continue;
      eventIds.push(eventId);
      notices++;
      if (userId && people.get(userId)?.email) emails++;
    }
  }
  return { notices, emails };
}
