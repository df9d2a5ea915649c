import type { JobDefinition } from "../../job-definition";
import { runBookingLifecycle, sendDueReminders } from "./booking-lifecycle";

/** Car sharing's background work on the maintenance queue (docs/car-sharing.md, "Status"). */
export const carSharingJobs: JobDefinition[] = [
  {
    // reminders N minutes before the start, by e-mail to the user and (notify-users) the passengers; exactly once
    queue: "maintenance",
    name: "booking-reminders",
    repeat: { every: 60_000 },
    concurrency: 1,
    handler: (_job, ctx) => sendDueReminders(ctx, ctx.mailer, new Date()),
  },
  {
    // approved → active → completed, no-show release, unknown when the vehicle never reported
    queue: "maintenance",
    name: "booking-lifecycle",
    repeat: { every: 60_000 },
    concurrency: 1,
    handler: (_job, ctx) => runBookingLifecycle(ctx, new Date()),
  },
];
