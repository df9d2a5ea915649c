import type { AppContext } from "../../context";
import type { Mailer } from "../../mail/mailer";
import { reminderEmail } from "../../../templates/email/maintenance-reminder";
import { remindersRepo } from "./maintenance.repo";
import { orgToday } from "./maintenance.vehicles";
import { stageOf } from "./reminder-status";
import { stateOf } from "./reminders.service";

/**
 * Marks reminders due and tells their responsible users, once per reminder, cycle and stage (due soon, due,
 * overdue): the notice row is claimed and the e-mail sent in one transaction, so a failed send is tried again on
 * the next run and a sent one is never repeated, across restarts and several workers. The same row, naming the
 * user, is their in-app notice: it appears with the e-mail and just as once.
 */
export async function runReminderNotices(ctx: AppContext, mailer: Mailer, now = new Date()): Promise<{ sent: number }> {
  const open = await remindersRepo.listOpen(ctx.db);
  const byOrg = new Map<string, typeof open>();
  for (const r of open) byOrg.set(r.org_id, [...(byOrg.get(r.org_id) ?? []), r]);
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, "");
  let sent = 0;
  for (const [orgId, reminders] of byOrg) {
    const [today, readings, people, vehicles] = await Promise.all([
      orgToday(ctx, orgId, now),
      remindersRepo.readings(ctx.db, orgId, [...new Set(reminders.map((r) => r.vehicle_id))]),
      remindersRepo.responsible(ctx.db, orgId),
      remindersRepo.registrations(ctx.db, orgId),
    ]);
    for (const r of reminders) {
      const reading = readings.get(r.vehicle_id);
      const odometer = reading?.odometer_km ?? 0;
      const state = stateOf(r, today, reading);
      const stage = stageOf(state.status);
      if (!stage) continue;
      const person = r.responsible_user_id ? people.get(r.responsible_user_id) : undefined;
      const done = await ctx.db.transaction().execute(async (trx) => {
        // the claimed row is also the responsible user's in-app notice (reminder-inbox.service.ts)
        if (!(await remindersRepo.claimNotice(trx, orgId, r.id, r.cycle, stage, person ? r.responsible_user_id : null))) return false;
        if (person?.email) {
          await mailer.send(reminderEmail({
            to: person.email, language: person.language === "en" ? "en" : "al", stage, name: r.name, vehicle: vehicles.get(r.vehicle_id) ?? "",
            dueDate: state.dueDate, dueKm: state.dueKm, odometerKm: odometer,
            dueHours: state.dueHours, engineHours: reading?.engine_hours ?? null, url: `${base}/maintenance/reminders/edit/${r.id}`,
          }));
        }
        return Boolean(person?.email);
      });
      if (done) sent++;
    }
  }
  return { sent };
}
