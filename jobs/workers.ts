import type { Job } from "bullmq";
import type { AppContext } from "../server/context";
import { createMailer } from "../server/mail/mailer";
import { retentionProcessors, scheduleRetention } from "../server/modules/positions/retention";
import type { PasswordResetMailJob } from "../server/modules/password-reset/password-reset.schema";
import { passwordResetEmail } from "../templates/email/password-reset";
import { optimizeRoutesProcessor, type OptimizeRoutesJob } from "./processors/optimize-routes";
import { ALERT_MAIL_JOB } from "../server/modules/alerts/alert-notify";
import { alertTimerProcessors, scheduleAlertTimers } from "../server/modules/alerts/alert-timers";
import type { AlertMailJob } from "../server/modules/alerts/alerts.schema";
import { markAlertEmailFailed, sendAlertEmails } from "./processors/alert-email";

/** Route optimisation: CPU-bound, so one job at a time per worker process; the AbortSignal cancels it. */
export const optimizationProcessors = {
  "optimize-routes": (job: Job, token?: string, signal?: AbortSignal) => optimizeRoutesProcessor(job as unknown as OptimizeRoutesJob, token, signal),
};

/** Registers every queue's processors; returns a function that stops them. */
export async function startWorkers(ctx: AppContext): Promise<() => Promise<void>> {
  const mailer = createMailer(ctx.config, ctx.log);
  const workers = [
    ctx.jobs.startWorker("mail", {
      "password-reset": async (job: Job) => {
        await mailer.send(passwordResetEmail(job.data as PasswordResetMailJob));
      },
      [ALERT_MAIL_JOB]: async (job: Job) => {
        try {
          return await sendAlertEmails(ctx, mailer, job as Job<AlertMailJob>);
        } catch (err) {
          if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await markAlertEmailFailed(ctx, job as Job<AlertMailJob>);
          throw err;
        }
      },
    }),
    // Every "maintenance" processor must be in this one worker: a job taken by a worker without its processor fails.
    ctx.jobs.startWorker("maintenance", { ...retentionProcessors(ctx), ...alertTimerProcessors(ctx) }, 1),
    ctx.jobs.startWorker("optimization", optimizationProcessors, 1),
  ];
  await scheduleRetention(ctx).catch((err) => ctx.log.warn({ err }, "scheduling position retention failed"));
  await scheduleAlertTimers(ctx).catch((err) => ctx.log.warn({ err }, "scheduling alert timers failed"));
  ctx.log.info({ queues: ["mail", "maintenance", "optimization"], backend: ctx.jobs.backend.kind }, "job workers started");
  return async () => {
    await Promise.all(workers.map((w) => w.close()));
  };
}
