import type { AppContext } from "../../context";
import { emitEvent } from "../events";
import type { Mailer } from "../../mail/mailer";
import { reminderEmail } from "../../../templates/email/maintenance-reminder";
import { remindersRepo } from "./maintenance.repo";
import { orgToday } from "./maintenance.vehicles";
import { announceReminderNotices, reminderPath, type CommittedReminderNotice } from "./reminder-announce";
import { stageOf } from "./reminder-status";
import { stateOf } from "./reminders.service";
import { notifyUser } from "../push";

/**
 * Marks reminders due and tells their responsible users, once per reminder, cycle and stage (due soon, due,
 * overdue): the notice row is claimed and the e-mail sent in one transaction, so a failed send is tried again on
 * the next run and a sent one is never repeated, across restarts and several workers. The same row, naming the
 * user, is their in-app notice: it appears with the e-mail and just as once, and once committed it is pushed to the
 * user's open pages (reminder-announce.ts). `orgId` limits a run to one organisation (the job runs over all).
 */
export async function runReminderNotices(
  ctx: AppContext,
  mailer: Mailer,
  now = new Date(),
  orgId?: string,
): Promise<{ sent: number }> {
  const committed: CommittedReminderNotice[] = [];
  try {
    return await claimNotices(ctx, mailer, now, committed, orgId);
  } finally {
    // what committed before a failure (an unreachable mail server) is pushed all the same
    await announceReminderNotices(ctx, committed);
  }
}

async function claimNotices(
  ctx: AppContext,
  mailer: Mailer,
  now: Date,
  committed: CommittedReminderNotice[],
  onlyOrg?: string,
): Promise<{ sent: number }> {
  const open = await remindersRepo.listOpen(ctx.db, onlyOrg);
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
    const drivers = await remindersRepo.drivers(ctx.db, orgId);
    for (const r of reminders) {
      const reading = readings.get(r.vehicle_id);
      const odometer = reading?.odometer_km ?? 0;
      const state = stateOf(r, today, reading);
      const stage = stageOf(state.status);
      if (!stage) continue;
      const userId = r.responsible_user_id && people.has(r.responsible_user_id) ? r.responsible_user_id : null;
      const person = userId ? people.get(userId) : undefined;
      const vehicle = vehicles.get(r.vehicle_id);
      const claimed = await ctx.db.transaction().execute(async (trx) => {
        // the claimed row is also the responsible user's in-app notice (reminder-inbox.service.ts)
        if (!(await remindersRepo.claimNotice(trx, orgId, r.id, r.cycle, stage, userId))) return null;
        await emitEvent(trx, {
          type: "maintenance.reminder.due",
          organizationId: orgId,
          data: {
            reminder_id: r.id,
            name: r.name,
            stage,
            vehicle_id: r.vehicle_id,
            vehicle_registration: vehicle?.registration ?? null,
            due_date: state.dueDate,
            due_km: state.dueKm,
            odometer_km: odometer,
            responsible_user_id: userId,
          },
        });
        if (person?.email) {
          await mailer.send(
            reminderEmail({
              to: person.email,
              language: person.language === "en" ? "en" : "al",
              stage,
              name: r.name,
              vehicle: vehicle?.registration ?? "",
              dueDate: state.dueDate,
              dueKm: state.dueKm,
              odometerKm: odometer,
              dueHours: state.dueHours,
              engineHours: reading?.engine_hours ?? null,
              url: `${base}${reminderPath(r.id)}`,
            }),
          );
        }
        return { mailed: Boolean(person?.email) };
      });
      if (claimed?.mailed) sent++;
      const driverId = drivers.get(r.vehicle_id);
      if (claimed && driverId)
        // the vehicle's driver hears it on the phone (Web Push, in their language; docs/driver-app.md)
        await notifyUser(
          ctx,
          orgId,
          driverId,
          "service_reminder",
          { id: r.id, name: r.name, vehicle: vehicle?.registration ?? "", stage },
          "/driver",
        );
      if (claimed && userId) {
        committed.push({
          orgId,
          userId,
          reminderId: r.id,
          cycle: r.cycle,
          stage,
          name: r.name,
          vehicleId: r.vehicle_id,
          vehicleName: vehicle?.registration ?? "",
          vehicleTeamId: vehicle?.teamId ?? null,
        });
      }
    }
  }
  return { sent };
}
