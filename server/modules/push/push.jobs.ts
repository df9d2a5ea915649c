import type { JobDefinition } from "../../job-definition";
import type { PushNotice } from "./push.schema";
import { PUSH_JOB, sendNotice } from "./push.service";

/** Web Push on the mail queue: one job per notice and user (docs/driver-app.md, "Notifications"). */
export const pushJobs: JobDefinition[] = [
  {
    queue: "mail",
    name: PUSH_JOB,
    handler: (job, ctx) => sendNotice(ctx, job.data as PushNotice),
  },
];
