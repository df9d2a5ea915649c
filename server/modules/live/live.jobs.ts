import type { JobDefinition } from "../../job-definition";
import { pruneSubscriptions } from "./subscriptions";

/** Channels are named per page load; two days after a subscription was made nobody holds it any more. */
const SUBSCRIPTION_TTL_MS = 2 * 86_400_000;

export const liveJobs: JobDefinition[] = [
  {
    queue: "maintenance",
    name: "live-subscriptions-prune",
    repeat: { pattern: "35 2 * * *" },
    concurrency: 1,
    handler: async (_job, ctx) => ({
      subscriptions: await pruneSubscriptions(ctx, new Date(Date.now() - SUBSCRIPTION_TTL_MS)),
    }),
  },
];
