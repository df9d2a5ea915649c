import { randomUUID } from "node:crypto";
import pino from "pino";
import { describe, expect, inject, it } from "vitest";
import { JobQueue, type QueueBackend } from "../../server/queue/job-queue";

const redisUrl = inject("redisUrl");
if (!redisUrl) console.log("[tests] job queue on Redis skipped: REDIS_URL is not set");

async function roundTrip(backend: QueueBackend) {
  const queue = new JobQueue(backend, pino({ level: "silent" }));
  const seen: unknown[] = [];
  const marker = randomUUID();
  const done = new Promise<void>((resolve) => {
    queue.startWorker("maintenance", {
      probe: async (job) => {
        seen.push(job.data);
        if ((job.data as { marker: string }).marker === marker) resolve();
        return { ok: true };
      },
    });
  });
  await queue.enqueue("maintenance", "probe", { marker });
  await done;
  await queue.close();
  return seen;
}

describe("BullMQ job queue", () => {
  it("runs a job on the PostgreSQL backend (no Redis needed)", async () => {
    const seen = await roundTrip({ kind: "postgres", url: inject("databaseUrl") });
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });

  it.skipIf(!redisUrl)("runs a job on the Redis backend", async () => {
    const seen = await roundTrip({ kind: "redis", url: redisUrl! });
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });
});
