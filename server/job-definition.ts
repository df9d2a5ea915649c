import type { Job } from "bullmq";
import type { AppContext } from "./context";
import type { Mailer } from "./mail/mailer";
import type { QueueName } from "./queue/job-queue";

/**
 * What a job handler gets besides its job: the process's context, the mailer, and `keep` for state that
 * outlives one job in this worker (a cache of compiled rules, say), created on first use.
 */
export interface JobContext extends AppContext {
  mailer: Mailer;
  keep<T>(key: string, create: () => T): T;
}

/**
 * One kind of job, declared by the module that owns it in `<module>.jobs.ts`; jobs/workers.ts starts one
 * worker per queue with every definition of that queue, so a job never lands on a worker without its handler.
 */
export interface JobDefinition {
  queue: QueueName;
  name: string;
  handler(job: Job, ctx: JobContext, signal?: AbortSignal): Promise<unknown>;
  /** a recurring job: one scheduler per name, so several workers do not multiply it */
  repeat?: { every: number } | { pattern: string };
  /** jobs at once on this queue per worker process; the lowest of a queue's definitions wins (default 2) */
  concurrency?: number;
}
