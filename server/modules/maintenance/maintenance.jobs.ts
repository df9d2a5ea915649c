import type { JobDefinition } from "../../job-definition";
import { runReminderNotices } from "./reminder-notices";

export const MAINTENANCE_REMINDERS_JOB = "maintenance-reminders";

export const maintenanceJobs: JobDefinition[] = [
  {
    // Hourly rather than daily: a date reminder turns due with the day, a distance one whenever the van crosses its
    // threshold; each stage is sent once (reminder-notices.ts), so running often never repeats an e-mail.
    queue: "maintenance",
    name: MAINTENANCE_REMINDERS_JOB,
    repeat: { pattern: "7 * * * *" },
    concurrency: 1,
    handler: (_job, ctx) => runReminderNotices(ctx, ctx.mailer),
  },
];
