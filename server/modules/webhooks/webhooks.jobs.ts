import type { Job } from "bullmq";
import type { JobDefinition } from "../../job-definition";
import { DELIVER_JOB, dueWebhooks, enqueueDue, runDeliveries } from "./delivery";

export const webhooksJobs: JobDefinition[] = [
  {
    // a delivery run for every webhook with something due: retries whose time has come, and new deliveries whose
    // run could not be queued when their event was dispatched
    queue: "webhooks",
    name: "webhooks-due",
    repeat: { every: 5_000 },
    concurrency: 4,
    handler: async (_job, ctx) => {
      const due = await dueWebhooks(ctx);
      await enqueueDue(ctx, due);
      return { due: due.length };
    },
  },
  {
    queue: "webhooks",
    name: DELIVER_JOB,
    concurrency: 4,
    handler: (job, ctx) =>
      runDeliveries(ctx, (job as Job<{ webhookId: string }>).data.webhookId, { mailer: ctx.mailer }),
  },
];
