import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobDefinition } from "../../server/job-definition";
import { startWorkers } from "../../jobs/workers";
import { createTestContext, type TestContext } from "../support/context";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe("stopping the job workers (SIGTERM)", () => {
  it("lets a job in progress finish before the worker stops, and takes no new job", async () => {
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow: JobDefinition = {
      queue: "reports",
      name: "slow-test-job",
      concurrency: 1,
      handler: async (job) => {
        events.push(`start ${job.data.n}`);
        started();
        await new Promise((r) => setTimeout(r, 1500));
        events.push(`end ${job.data.n}`);
        return "done";
      },
    };
    const stop = await startWorkers(ctx, [slow]);
    const id = await ctx.jobs.enqueue("reports", "slow-test-job", { n: 1 });
    await running;
    const second = await ctx.jobs.enqueue("reports", "slow-test-job", { n: 2 });
    await stop();
    events.push("stopped");
    expect(events).toEqual(["start 1", "end 1", "stopped"]);
    const queue = ctx.jobs.queue("reports");
    expect(await (await queue.getJob(id))?.getState()).toBe("completed");
    // the job not yet started stays queued for the next worker
    expect(await (await queue.getJob(second))?.getState()).toBe("waiting");
  });
});
