import { Queue, Worker, createPostgresBackend, type Job, type JobsOptions } from "bullmq";
import type { Logger } from "pino";
import { metrics, metricSources } from "../metrics";

/**
 * BullMQ on Redis when REDIS_URL is set, on PostgreSQL (BullMQ's own backend,
 * schema "bullmq") otherwise, so the embedded start needs no Redis.
 */
export type QueueBackend = { kind: "redis"; url: string } | { kind: "postgres"; url: string };

export const QUEUE_NAMES = ["mail", "optimization", "maintenance", "reports", "geocode", "webhooks"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export type Processor = (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>;

function connectionOptions(backend: QueueBackend) {
  if (backend.kind === "redis") {
    const u = new URL(backend.url);
    return {
      host: u.hostname,
      port: Number(u.port || 6379),
      username: u.username || undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
      maxRetriesPerRequest: null,
    };
  }
  return { connectionString: backend.url, schema: "bullmq", max: 4, migrate: true };
}

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: 1000,
  removeOnFail: 5000,
  attempts: 3,
  backoff: { type: "exponential", delay: 2000 },
};

export class JobQueue {
  private queues = new Map<QueueName, Queue>();
  private workers: Worker[] = [];
  private unregisterMetrics: () => void;

  /** `prefix` separates several installations (or test runs) sharing one database or Redis. */
  constructor(
    readonly backend: QueueBackend,
    private log: Logger,
    private prefix = "",
    /** lock of a running job; a dead worker's job returns to the queue once it expires (stalled check, as often) */
    private lockMs = 30_000,
  ) {
    this.unregisterMetrics = metricSources.queues(() => this.counts());
  }

  /** Jobs per queue and state, for /metrics (opens each queue on first use, as enqueue would). */
  async counts(): Promise<Record<string, Record<string, number>>> {
    const out: Record<string, Record<string, number>> = {};
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        out[name] = await this.queue(name).getJobCounts("waiting", "active", "delayed", "prioritized", "failed");
      }),
    );
    return out;
  }

  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      const fullName = this.prefix + name;
      q =
        this.backend.kind === "redis"
          ? new Queue(fullName, { connection: connectionOptions(this.backend) as never })
          : new Queue(
              fullName,
              { connection: connectionOptions(this.backend) as never },
              createPostgresBackend as never,
            );
      q.on("error", (err) => this.log.error({ err, queue: name }, "queue error"));
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueue(name: QueueName, jobName: string, data: unknown, opts: JobsOptions = {}): Promise<string> {
    const job = await this.queue(name).add(jobName, data, { ...DEFAULT_JOB_OPTIONS, ...opts });
    return job.id ?? "";
  }

  /** Several jobs in one round trip; a job id already queued or kept makes that job a no-op. */
  async enqueueMany(name: QueueName, jobs: Array<{ name: string; data: unknown; jobId?: string }>): Promise<void> {
    if (!jobs.length) return;
    await this.queue(name).addBulk(
      jobs.map((j) => ({
        name: j.name,
        data: j.data,
        opts: { ...DEFAULT_JOB_OPTIONS, ...(j.jobId ? { jobId: j.jobId } : {}) },
      })),
    );
  }

  /** Starts a worker for one queue; processors are looked up by job name. */
  startWorker(name: QueueName, processors: Record<string, Processor>, concurrency = 2): Worker {
    const handler = async (job: Job, token?: string, signal?: AbortSignal) => {
      const processor = processors[job.name];
      if (!processor) throw new Error(`No processor for job ${name}/${job.name}`);
      return processor(job, token, signal);
    };
    const opts = {
      connection: connectionOptions(this.backend) as never,
      concurrency,
      lockDuration: this.lockMs,
      stalledInterval: this.lockMs,
    };
    const fullName = this.prefix + name;
    const worker =
      this.backend.kind === "redis"
        ? new Worker(fullName, handler, opts)
        : new Worker(fullName, handler, opts, createPostgresBackend as never);
    worker.on("failed", (job, err) => {
      metrics.jobFinished(name, false);
      this.log.warn({ err, queue: name, job: job?.name, id: job?.id }, "job failed");
    });
    worker.on("completed", () => metrics.jobFinished(name, true));
    worker.on("error", (err) => this.log.error({ err, queue: name }, "worker error"));
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    this.unregisterMetrics();
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.workers = [];
    this.queues.clear();
  }
}
