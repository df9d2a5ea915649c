import type { JobDefinition } from "../../job-definition";
import { alertRaiser } from "../alerts";
import { sweepPredictedLateJobs } from "./eta-alerts";
import { sweepLateJobs } from "./lateness";
import { PLAN_DAY_JOB, runDayOptimization, type PlanDayData } from "./route-planning.optimize";

/** "Optimise the day" runs on the optimisation queue (one at a time, cancellable), next to the optimiser's own job. */
export const routePlanningJobs: JobDefinition[] = [
  {
    queue: "optimization",
    name: PLAN_DAY_JOB,
    concurrency: 1,
    handler: (job, ctx, signal) => runDayOptimization(ctx, job.data as PlanDayData, signal),
  },
  // late and missed jobs through the alert policies (or the dispatchers' default), once per visit and stage; then
  // the jobs the live ETA expects late, through their policies only
  {
    queue: "maintenance",
    name: "route-job-lateness",
    repeat: { every: 60_000 },
    handler: async (_job, ctx) => {
      const raiser = ctx.keep("route-planning.lateness-rules", () => alertRaiser(ctx.db));
      const now = new Date();
      return (await sweepLateJobs(ctx, now, raiser)) + (await sweepPredictedLateJobs(ctx, now, raiser));
    },
  },
];
