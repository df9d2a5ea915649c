import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkers, type RunningWorkers } from "../../jobs/workers";
import { optimizationJobs } from "../../server/optimization/optimization.jobs";
import type { OptimizationInput } from "../../server/optimization/optimization.schema";
import { createTestContext, type TestContext } from "../support/context";

/** The optimiser as a real BullMQ job on the PostgreSQL backend: result, progress while it runs, cancellation. */
function cityProblem(jobs: number): OptimizationInput {
  const depot = { lat: 41.3275, lon: 19.8187 };
  return {
    dimensions: ["kg"],
    vehicles: Array.from({ length: 6 }, (_, i) => ({
      id: `van-${i + 1}`,
      start: depot,
      end: depot,
      shift: { start: 8 * 3600, end: 18 * 3600 },
      capacity: [400],
    })),
    jobs: Array.from({ length: jobs }, (_, i) => ({
      id: `stop-${i + 1}`,
      location: { lat: 41.28 + ((i * 37) % 97) / 1000, lon: 19.76 + ((i * 53) % 113) / 1000 },
      service: 300,
      delivery: [10 + (i % 5) * 5],
      timeWindows: [{ start: 8 * 3600, end: 18 * 3600 }],
    })),
  };
}

async function until<T>(fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("route optimisation job", () => {
  let ctx: TestContext;
  let workers: RunningWorkers;

  beforeAll(async () => {
    ctx = createTestContext();
    workers = await startWorkers(ctx, optimizationJobs);
  });
  afterAll(async () => {
    await workers?.();
    await ctx?.close();
  });

  const job = async (id: string) => (await ctx.jobs.queue("optimization").getJob(id)) as Job | undefined;

  it("returns the routes and reports progress while it runs", async () => {
    const id = await ctx.jobs.enqueue(
      "optimization",
      "optimize-routes",
      { problem: cityProblem(30), timeLimitMs: 1500, seed: 1 },
      { attempts: 1 },
    );
    const done = await until(async () => {
      const j = await job(id);
      return j && (await j.getState()) === "completed" ? j : undefined;
    });
    const result = done.returnvalue as { status: string; summary: { served: number }; unassigned: unknown[] };
    expect(result.summary.served).toBe(30);
    expect(result.unassigned).toEqual([]);
    expect(done.progress).toMatchObject({ stage: "done" });
  });

  it("stops early when the job is cancelled and keeps the best solution so far", async () => {
    const id = await ctx.jobs.enqueue(
      "optimization",
      "optimize-routes",
      { problem: cityProblem(120), timeLimitMs: 60_000, seed: 2 },
      { attempts: 1 },
    );
    await until(async () => {
      const j = await job(id);
      return j && typeof j.progress === "object" && (j.progress as { stage?: string }).stage === "solving"
        ? true
        : undefined;
    });
    expect(workers.worker("optimization")!.cancelJob(id)).toBe(true);
    const finished = await until(async () => {
      const j = await job(id);
      const state = j ? await j.getState() : undefined;
      return state === "completed" || state === "failed" ? j : undefined;
    }, 30_000);
    const result = finished!.returnvalue as { status: string; elapsedMs: number; summary: { served: number } };
    expect(result.status).toBe("cancelled");
    expect(result.elapsedMs).toBeLessThan(60_000);
    expect(result.summary.served).toBeGreaterThan(0);
  });
});
