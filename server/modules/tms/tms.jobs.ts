import type { JobDefinition } from "../../job-definition";
import { solvePlan, TMS_OPTIMIZE_JOB } from "./plans.optimize";

/** The TMS optimiser runs on the optimization queue, one plan at a time (CPU-bound; cancellable). */
export const tmsJobs: JobDefinition[] = [
  {
    queue: "optimization",
    name: TMS_OPTIMIZE_JOB,
    concurrency: 1,
    handler: async (job, ctx, signal) => {
      const { orgId, optimizationId } = job.data as { orgId: string; optimizationId: string };
      const result = await solvePlan(ctx, orgId, optimizationId, { signal });
      return result ? { routes: result.routes.length, unassigned: result.unassigned.length } : null;
    },
  },
];
