import type { JobDefinition } from "../../job-definition";
import { REMINDER_MAIL_JOB, sendReminderMail } from "./reminder-events";
import { runReminderNotices } from "./reminder-notices";

export const MAINTENANCE_REMINDERS_JOB = "maintenance-reminders";

export const maintenanceJobs: JobDefinition[] = [
  {
    // Hourly rather than daily: a date reminder turns due with the day, a distance one whenever the van crosses its
    // threshold; each stage is announced once (reminder-notices.ts), so running often never repeats an e-mail.
    queue: "maintenance",
    name: MAINTENANCE_REMINDERS_JOB,
    repeat: { pattern: "7 * * * *" },
    concurrency: 1,
    handler: (_job, ctx) => runReminderNotices(ctx),
  },
  {
    // one reminder e-mail, queued by the reminders' reader of the outbox (reminder-events.ts)
    queue: "mail",
    name: REMINDER_MAIL_JOB,
    handler: sendReminderMail,
  },
];
