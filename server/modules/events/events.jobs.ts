import type { JobDefinition } from "../../job-definition";
import { eventsRepo } from "./events.repo";

/** Integration events are kept this long after they went out (their webhook delivery log with them). */
const EVENT_RETENTION_DAYS = 30;

export const eventsJobs: JobDefinition[] = [
  {
    // events a process wrote and did not dispatch (it died between its commit and its dispatch): to their readers
    queue: "webhooks",
    name: "events-sweep",
    repeat: { every: 5_000 },
    concurrency: 4,
    handler: async (_job, ctx) => ({ dispatched: (await ctx.events?.sweep()) ?? 0 }),
  },
  {
    queue: "maintenance",
    name: "events-retention",
    repeat: { pattern: "15 3 * * *" },
    concurrency: 1,
    handler: (_job, ctx) => eventsRepo.prune(ctx.db, new Date(Date.now() - EVENT_RETENTION_DAYS * 86_400_000)),
  },
];
