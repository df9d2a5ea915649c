import { describe, expect, it } from "vitest";
import { optimizeRoutesProcessor, type OptimizeRoutesJobData } from "../../server/optimization/optimization.jobs";
import { checkFeasibility } from "../../server/optimization/feasibility";
import { solveVrp } from "../../server/optimization/solver/solve";
import type { OptimizationInput } from "../../server/optimization/optimization.schema";
import type { SolveProgress } from "../../server/optimization/types";
import { randomProblem } from "./helpers";

describe("time limit, progress and cancellation", () => {
  it("stops when the AbortSignal fires and returns the best solution so far, marked cancelled", async () => {
    const p = randomProblem({ jobs: 80, vehicles: 15, seed: 21, capacity: 40, timeWindows: true });
    const controller = new AbortController();
    const seen: SolveProgress[] = [];
    const sol = await solveVrp(p, {
      timeLimitMs: 25_000,
      seed: 1,
      signal: controller.signal,
      progressIntervalMs: 0,
      onProgress: (pr) => {
        seen.push(pr);
        if (pr.iteration >= 200) controller.abort();
      },
    });
    expect(sol.status).toBe("cancelled");
    expect(sol.iterations).toBeGreaterThanOrEqual(200);
    expect(sol.iterations).toBeLessThan(10_000);
    expect(checkFeasibility(p, sol)).toEqual([]);
    expect(sol.summary.served + sol.summary.unassigned).toBe(80);
  });

  it("returns the construction when the signal is already aborted", async () => {
    const p = randomProblem({ jobs: 30, vehicles: 8, seed: 22, capacity: 40 });
    const sol = await solveVrp(p, { timeLimitMs: 25_000, signal: AbortSignal.abort() });
    expect(sol.status).toBe("cancelled");
    expect(sol.iterations).toBe(0);
    expect(sol.unassigned).toEqual([]);
    expect(checkFeasibility(p, sol)).toEqual([]);
  });

  it("stops at the time limit with status time_limit", async () => {
    const p = randomProblem({ jobs: 30, vehicles: 8, seed: 23, capacity: 40 });
    const sol = await solveVrp(p, { timeLimitMs: 500 });
    expect(sol.status).toBe("time_limit");
    expect(sol.iterations).toBeGreaterThan(0);
  });

  it("reports progress: elapsed and iterations grow, best cost never gets worse", async () => {
    const p = randomProblem({ jobs: 50, vehicles: 10, seed: 24, capacity: 40, timeWindows: true });
    const seen: SolveProgress[] = [];
    const sol = await solveVrp(p, {
      maxIterations: 3000,
      seed: 4,
      progressIntervalMs: 0,
      onProgress: (pr) => seen.push({ ...pr }),
    });
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].elapsedMs).toBeGreaterThanOrEqual(seen[i - 1].elapsedMs);
      expect(seen[i].iteration).toBeGreaterThanOrEqual(seen[i - 1].iteration);
      if (seen[i].unassigned === seen[i - 1].unassigned)
        expect(seen[i].bestCost).toBeLessThanOrEqual(seen[i - 1].bestCost + 1e-9);
    }
    const last = seen[seen.length - 1];
    expect(last.iteration).toBe(sol.iterations);
    expect(last.bestCost).toBeCloseTo(sol.summary.cost, 9);
    expect(last.unassigned).toBe(sol.summary.unassigned);
  });
});

/** A small delivery round in Lyon with lat/lon locations (haversine matrix). */
function lyonProblem(): OptimizationInput {
  const depot = { lat: 45.75, lon: 4.85 };
  const jobs = Array.from({ length: 12 }, (_, i) => ({
    id: `stop-${i + 1}`,
    location: { lat: 45.72 + (i % 4) * 0.02, lon: 4.8 + Math.floor(i / 4) * 0.04 },
    service: 300,
    delivery: [20, 1],
    timeWindows: [{ start: 8 * 3600, end: 18 * 3600 }],
  }));
  return {
    dimensions: ["kg", "packets"],
    vehicles: [
      { id: "van-1", start: depot, end: depot, shift: { start: 8 * 3600, end: 17 * 3600 }, capacity: [200, 8] },
      { id: "van-2", start: depot, end: depot, shift: { start: 8 * 3600, end: 17 * 3600 }, capacity: [200, 8] },
    ],
    jobs,
  };
}

describe("optimizeRoutesProcessor", () => {
  it("solves the job, throttles progress updates and returns JSON-serialisable output", async () => {
    const updates: { at: number; p: object | number }[] = [];
    const t0 = Date.now();
    const data: OptimizeRoutesJobData = { problem: lyonProblem(), timeLimitMs: 1500, seed: 3 };
    const result = await optimizeRoutesProcessor({
      data,
      updateProgress: async (p) => {
        updates.push({ at: Date.now() - t0, p });
      },
    });
    expect(result.status).toBe("time_limit");
    expect(result.unassigned).toEqual([]);
    expect(result.summary.served).toBe(12);
    expect(result.routes.every((r) => r.steps.filter((s) => s.type === "job").length <= 8)).toBe(true);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(result.locations[0]).toEqual({ lat: 45.75, lon: 4.85 });
    const solving = updates.filter((u) => typeof u.p === "object" && (u.p as { stage?: string }).stage === "solving");
    expect(solving.length).toBeGreaterThanOrEqual(2);
    // throttled: no more than one update per 500 ms of solving, plus the first one
    expect(solving.length).toBeLessThanOrEqual(Math.ceil(result.elapsedMs / 500) + 2);
    expect(updates.at(-1)!.p).toMatchObject({ stage: "done" });
  });

  it("honours the abort signal", async () => {
    const controller = new AbortController();
    const data: OptimizeRoutesJobData = { problem: lyonProblem(), timeLimitMs: 25_000 };
    const pending = optimizeRoutesProcessor({ data, updateProgress: async () => {} }, "token", controller.signal);
    setTimeout(() => controller.abort(), 300);
    const result = await pending;
    expect(result.status).toBe("cancelled");
    expect(result.summary.served).toBe(12);
  });

  it("rejects invalid input", async () => {
    const bad = { problem: { vehicles: [], jobs: [] } } as unknown as OptimizeRoutesJobData;
    await expect(optimizeRoutesProcessor({ data: bad, updateProgress: async () => {} })).rejects.toThrow();
  });
});
