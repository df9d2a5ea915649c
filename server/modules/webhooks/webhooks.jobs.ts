import type { Job } from "bullmq";
import type { JobDefinition } from "../../job-definition";
import { eventsRepo } from "../events";
import { DELIVER_JOB, dispatchEvents, runDeliveries } from "./delivery";

/** Integration events are kept this long after they went out (their delivery log with them). */
const EVENT_RETENTION_DAYS = 30;

export const webhooksJobs: JobDefinition[] = [
  {
    // the outbox's new events to their webhooks, then a delivery run for every webhook with something due
    queue: "webhooks",
    name: "webhooks-dispatch",
    repeat: { every: 5_000 },
    concurrency: 4,
    handler: async (_job, ctx) => {
      const due = await dispatchEvents(ctx);
      await ctx.jobs.enqueueMany(
        "webhooks",
        due.map((webhookId) => ({ name: DELIVER_JOB, data: { webhookId } })),
      );
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
  {
    queue: "maintenance",
    name: "events-retention",
    repeat: { pattern: "15 3 * * *" },
    concurrency: 1,
    handler: (_job, ctx) => eventsRepo.prune(ctx.db, new Date(Date.now() - EVENT_RETENTION_DAYS * 86_400_000)),
  },
];
