import type { JobDefinition } from "../../job-definition";
import { passwordResetEmail } from "../../../templates/email/password-reset";
import { PASSWORD_RESET_MAIL_JOB, type PasswordResetMailJob } from "./password-reset.schema";

export const passwordResetJobs: JobDefinition[] = [
  {
    queue: "mail",
    name: PASSWORD_RESET_MAIL_JOB,
    handler: async (job, ctx) => {
      await ctx.mailer.send(passwordResetEmail(job.data as PasswordResetMailJob));
    },
  },
];
