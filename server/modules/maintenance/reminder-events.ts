import type { Job } from "bullmq";
import type { AppContext } from "../../context";
import type { JobContext } from "../../job-definition";
import { reminderEmail } from "../../../templates/email/maintenance-reminder";
import { eventsRepo, type EventReader, type StoredEvent } from "../events";
import { notifyUser } from "../push";
import { remindersRepo } from "./maintenance.repo";
import { reminderMessage, reminderPath } from "./reminder-announce";
import type { NoticeStage } from "./reminder-status";

export const REMINDER_MAIL_JOB = "maintenance-reminder-email";

/** `maintenance.reminder.due`'s data (docs/integrations.md). */
interface ReminderDue {
  reminder_id: string;
  name: string;
  stage: NoticeStage;
  cycle: number;
  vehicle_id: string;
  vehicle_registration: string | null;
  due_date: string | null;
  due_km: number | null;
  due_hours: number | null;
  odometer_km: number;
  engine_hours: number | null;
  responsible_user_id: string | null;
}

const dataOf = (e: StoredEvent) => e.data as unknown as ReminderDue;

/**
 * The maintenance reminders' reader of the outbox. In the dispatch's transaction: an e-mail job per notice with a
 * responsible user (its id is the event's, so a dispatch repeated after a failure queues it once; a failed send is
 * retried by the queue). After the commit: the notice to the responsible user's open pages (toast, bell counter)
 * and a push to the vehicle's driver's phone, in their language (docs/driver-app.md). Those two are best effort:
 * the notice row is stored and the bell counts it on the next page load.
 */
export const maintenanceEventReader: EventReader = {
  name: "maintenance-reminders",
  types: ["maintenance.reminder.due"],
  async inTransaction(ctx, _trx, events) {
    const mails = events.filter((e) => dataOf(e).responsible_user_id);
    if (!mails.length) return;
    await ctx.jobs.enqueueMany(
      "mail",
      mails.map((e) => ({
        name: REMINDER_MAIL_JOB,
        data: { orgId: e.org_id, eventId: e.id },
        jobId: `reminder-${e.id}`,
      })),
    );
  },
  async afterCommit(ctx, events) {
    const byOrg = new Map<string, StoredEvent[]>();
    for (const e of events) byOrg.set(e.org_id, [...(byOrg.get(e.org_id) ?? []), e]);
    for (const [orgId, list] of byOrg) {
      const [vehicles, drivers] = await Promise.all([
        remindersRepo.registrations(ctx.db, orgId),
        remindersRepo.drivers(ctx.db, orgId),
      ]);
      const notices = list
        .map(dataOf)
        .filter((d) => d.responsible_user_id)
        .map((d) =>
          reminderMessage({
            orgId,
            userId: d.responsible_user_id!,
            reminderId: d.reminder_id,
            cycle: d.cycle,
            stage: d.stage,
            name: d.name,
            vehicleId: d.vehicle_id,
            vehicleName: d.vehicle_registration ?? "",
            vehicleTeamId: vehicles.get(d.vehicle_id)?.teamId ?? null,
          }),
        );
      // A process without a bus (a bare test context) has no open pages to tell.
      if (notices.length && ctx.live) await ctx.live.publishMany(notices);
      for (const d of list.map(dataOf)) {
        const driverId = drivers.get(d.vehicle_id);
        if (driverId)
          await notifyUser(
            ctx,
            orgId,
            driverId,
            "service_reminder",
            { id: d.reminder_id, name: d.name, vehicle: d.vehicle_registration ?? "", stage: d.stage },
            "/driver",
          );
      }
    }
  },
};

/** The e-mail job: the responsible user's address and language as they are now, the reminder as the event says. */
export async function sendReminderMail(job: Job, ctx: JobContext): Promise<{ sent: boolean }> {
  const { orgId, eventId } = job.data as { orgId: string; eventId: string };
  const event = await eventsRepo.findById(ctx.db, orgId, eventId);
  const d = event ? dataOf(event as StoredEvent) : null;
  if (!d?.responsible_user_id) return { sent: false };
  const person = (await remindersRepo.responsible(ctx.db, orgId)).get(d.responsible_user_id);
  if (!person?.email) return { sent: false };
  await ctx.mailer.send(
    reminderEmail({
      to: person.email,
      language: person.language === "en" ? "en" : "al",
      stage: d.stage,
      name: d.name,
      vehicle: d.vehicle_registration ?? "",
      dueDate: d.due_date,
      dueKm: d.due_km,
      odometerKm: d.odometer_km,
      dueHours: d.due_hours,
      engineHours: d.engine_hours,
      url: `${publicBase(ctx)}${reminderPath(d.reminder_id)}`,
    }),
  );
  return { sent: true };
}

const publicBase = (ctx: AppContext) =>
  (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, "");
