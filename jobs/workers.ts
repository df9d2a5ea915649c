import type { Job } from "bullmq";
import type { AppContext } from "../server/context";
import { createMailer } from "../server/mail/mailer";
import type { PasswordResetMailJob } from "../server/modules/password-reset/password-reset.schema";
import { passwordResetEmail } from "../templates/email/password-reset";

/** Registers every queue's processors; returns a function that stops them. */
export async function startWorkers(ctx: AppContext): Promise<() => Promise<void>> {
  const mailer = createMailer(ctx.config, ctx.log);
  const workers = [
    ctx.jobs.startWorker("mail", {
      "password-reset": async (job: Job) => {
        await mailer.send(passwordResetEmail(job.data as PasswordResetMailJob));
      },
    }),
  ];
  ctx.log.info({ queues: ["mail"], backend: ctx.jobs.backend.kind }, "job workers started");
  return async () => {
    await Promise.all(workers.map((w) => w.close()));
  };
}
