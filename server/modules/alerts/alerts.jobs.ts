import type { Job } from "bullmq";
import type { JobDefinition } from "../../job-definition";
import { sendAlertEmails, markAlertEmailFailed } from "./alert-email";
import { ALERT_MAIL_JOB } from "./alert-notify";
import { AlertRulesCache } from "./alert-rules";
import { pruneAlertHistory, runAlertTimers } from "./alert-timers";
import type { AlertMailJob } from "./alerts.schema";

export const alertsJobs: JobDefinition[] = [
  {
    // one alert's e-mail to each recipient in their language; after the last attempt the log says "failed"
    queue: "mail",
    name: ALERT_MAIL_JOB,
    handler: async (job, ctx) => {
      try {
        return await sendAlertEmails(ctx, ctx.mailer, job as Job<AlertMailJob>);
      } catch (err) {
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await markAlertEmailFailed(ctx, job as Job<AlertMailJob>);
        throw err;
      }
    },
  },
  {
    // the time-driven rules (unseen, no data for 12 hours, dwell while silent) and lost e-mail enqueues
    queue: "maintenance",
    name: "alert-timers",
    repeat: { every: 60_000 },
    concurrency: 1,
    handler: (_job, ctx) =>
      runAlertTimers(
        ctx,
        new Date(),
        ctx.keep("alerts.timer-rules", () => new AlertRulesCache(ctx.db, 0)),
      ),
  },
  {
    queue: "maintenance",
    name: "alerts-retention",
    repeat: { pattern: "45 2 * * *" },
    concurrency: 1,
    handler: (_job, ctx) => pruneAlertHistory(ctx),
  },
];
