import type { Worker } from "bullmq";
import type { AppContext } from "../server/context";
import { createMailer } from "../server/mail/mailer";
import type { JobContext, JobDefinition } from "../server/job-definition";
import type { Processor, QueueName } from "../server/queue/job-queue";
import { ALL_JOBS } from "./registry";

const DEFAULT_CONCURRENCY = 2;

/** The definitions grouped by queue: one processor map and one concurrency per queue. */
export function groupByQueue(
  definitions: readonly JobDefinition[],
): Map<QueueName, { jobs: JobDefinition[]; concurrency: number }> {
  const queues = new Map<QueueName, { jobs: JobDefinition[]; concurrency: number }>();
  for (const d of definitions) {
    let q = queues.get(d.queue);
    if (!q) queues.set(d.queue, (q = { jobs: [], concurrency: Number.POSITIVE_INFINITY }));
    if (q.jobs.some((j) => j.name === d.name)) throw new Error(`job ${d.queue}/${d.name} is defined twice`);
    q.jobs.push(d);
    q.concurrency = Math.min(q.concurrency, d.concurrency ?? DEFAULT_CONCURRENCY);
  }
  return queues;
}

/** Stops the workers when called; `worker(queue)` is that queue's BullMQ worker (cancelling a job). */
export interface RunningWorkers {
  (): Promise<void>;
  worker(queue: QueueName): Worker | undefined;
}

/**
 * Starts one worker per queue with every definition of that queue (all modules' `<module>.jobs.ts`, listed
 * in jobs/registry.ts) and schedules the recurring ones; returns a function that stops the workers.
 */
export async function startWorkers(
  ctx: AppContext,
  definitions: readonly JobDefinition[] = ALL_JOBS,
): Promise<RunningWorkers> {
  const state = new Map<string, unknown>();
  // Inherits from ctx rather than copying it, so ports a process adds later (commands) are seen by jobs too.
  const jobCtx: JobContext = Object.assign(Object.create(ctx) as AppContext, {
    mailer: createMailer(ctx.config, ctx.log),
    keep<T>(key: string, create: () => T): T {
      if (!state.has(key)) state.set(key, create());
      return state.get(key) as T;
    },
  });
  const queues = groupByQueue(definitions);
  const workers = new Map<QueueName, Worker>();
  for (const [queue, { jobs, concurrency }] of queues) {
    const processors: Record<string, Processor> = {};
    for (const d of jobs) processors[d.name] = (job, _token, signal) => d.handler(job, jobCtx, signal);
    workers.set(queue, ctx.jobs.startWorker(queue, processors, concurrency));
  }
  for (const d of definitions) {
    if (!d.repeat) continue;
    await ctx.jobs
      .queue(d.queue)
      .upsertJobScheduler(d.name, d.repeat, { name: d.name, data: {} })
      .catch((err) => ctx.log.warn({ err, job: d.name }, "scheduling a recurring job failed"));
  }
  ctx.log.info(
    { queues: [...queues.keys()], jobs: definitions.length, backend: ctx.jobs.backend.kind },
    "job workers started",
  );
  const stop = async () => {
    await Promise.all([...workers.values()].map((w) => w.close()));
  };
  return Object.assign(stop, { worker: (queue: QueueName) => workers.get(queue) });
}
