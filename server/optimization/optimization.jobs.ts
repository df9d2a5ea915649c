/**
 * Background job: build the travel matrix, run the route optimiser, return a JSON result.
 * Runs on the "optimization" queue, one job at a time per worker (CPU-bound); the AbortSignal cancels it.
 */
import type { JobDefinition } from "../job-definition";
import { matrixOptionsSchema, optimizationProblemSchema, type OptimizationInput } from "./optimization.schema";
import { optimizeRoutes, type OptimizeResult } from "./index";
import type { MatrixOptions } from "./matrix";

export interface OptimizeRoutesJobData {
  problem: OptimizationInput;
  /** default 30 s */
  timeLimitMs?: number;
  seed?: number;
  /** haversine when absent; the caller supplies routing-service URLs, nothing is read from env here */
  matrix?: MatrixOptions;
}

export interface OptimizeRoutesJob {
  data: OptimizeRoutesJobData;
  updateProgress(p: object | number): Promise<void>;
}

export type OptimizeRoutesJobResult = OptimizeResult;

/** At most two progress updates per second reach the queue. */
const PROGRESS_INTERVAL_MS = 500;

export async function optimizeRoutesProcessor(
  job: OptimizeRoutesJob,
  token?: string,
  signal?: AbortSignal,
): Promise<OptimizeRoutesJobResult> {
  void token;
  const problem = optimizationProblemSchema.parse(job.data.problem);
  const matrix = job.data.matrix ? matrixOptionsSchema.parse(job.data.matrix) : undefined;
  // Updates are written one after another, so the last one stored is always the last one sent ("done").
  let written: Promise<void> = Promise.resolve();
  const send = (p: object) => {
    written = written.then(() => job.updateProgress(p)).catch(() => undefined);
  };
  send({ stage: "matrix", elapsedMs: 0 });
  const result = await optimizeRoutes(problem, {
    matrix,
    timeLimitMs: job.data.timeLimitMs ?? 30_000,
    seed: job.data.seed,
    signal,
    progressIntervalMs: PROGRESS_INTERVAL_MS,
    onProgress: (p) => send({ stage: "solving", ...p }),
  });
  send({
    stage: "done",
    elapsedMs: result.elapsedMs,
    bestCost: result.summary.cost,
    unassigned: result.summary.unassigned,
    iteration: result.iterations,
    status: result.status,
  });
  await written;
  return JSON.parse(JSON.stringify(result)) as OptimizeRoutesJobResult;
}

export const OPTIMIZE_ROUTES_JOB = "optimize-routes";

export const optimizationJobs: JobDefinition[] = [
  {
    queue: "optimization",
    name: OPTIMIZE_ROUTES_JOB,
    concurrency: 1,
    handler: (job, _ctx, signal) => optimizeRoutesProcessor(job as unknown as OptimizeRoutesJob, undefined, signal),
  },
];
