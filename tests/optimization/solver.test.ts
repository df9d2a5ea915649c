import { describe, expect, it } from "vitest";
import { checkFeasibility } from "../../server/optimization/feasibility";
import { createRng } from "../../server/shared/random";
import { solveVrp } from "../../server/optimization/solver/solve";
import { bruteForce } from "./brute-force";
import { randomProblem, routeIds } from "./helpers";

describe("solver on seeded random instances", () => {
  it.each([1, 2, 3, 4])("returns a feasible solution serving every job (seed %i)", async (seed) => {
    const p = randomProblem({ jobs: 40, vehicles: 10, seed, capacity: 40, timeWindows: true });
    const sol = await solveVrp(p, { maxIterations: 1500, seed });
    expect(checkFeasibility(p, sol)).toEqual([]);
    const served = sol.routes.flatMap((r) => r.steps.filter((s) => s.type === "job")).length;
    expect(served + sol.unassigned.length).toBe(40);
    expect(sol.summary.served).toBe(served);
  });

  it("improves on the construction", async () => {
    const p = randomProblem({ jobs: 60, vehicles: 12, seed: 7, capacity: 40, timeWindows: true });
    const first = await solveVrp(p, { maxIterations: 0, seed: 1 });
    const improved = await solveVrp(p, { maxIterations: 3000, seed: 1 });
    expect(checkFeasibility(p, improved)).toEqual([]);
    expect(improved.summary.unassigned).toBeLessThanOrEqual(first.summary.unassigned);
    expect(improved.summary.distance).toBeLessThan(first.summary.distance);
  });

  it("is deterministic for a given seed and iteration budget", async () => {
    const p = randomProblem({ jobs: 30, vehicles: 6, seed: 11, capacity: 40, timeWindows: true });
    const a = await solveVrp(p, { maxIterations: 800, seed: 5 });
    const b = await solveVrp(p, { maxIterations: 800, seed: 5 });
    expect(routeIds(a)).toEqual(routeIds(b));
    expect(a.summary.distance).toBe(b.summary.distance);
  });
});

describe("optimality against brute-force enumeration", () => {
  const cases = [101, 102, 103, 104, 105, 106];
  it.each(cases)("distance objective matches the enumerated optimum (seed %i)", async (seed) => {
    const p = randomProblem({ jobs: 7, vehicles: 2, seed, capacity: 30, timeWindows: true, horizon: 700 });
    p.vehicles[1].capacity = [22];
    const opt = bruteForce(p);
    const sol = await solveVrp(p, { maxIterations: 3000, seed: 1 });
    expect(checkFeasibility(p, sol)).toEqual([]);
    expect(opt).not.toBeNull();
    expect(sol.unassigned).toEqual([]);
    expect(sol.summary.distance).toBeCloseTo(opt!.distance, 6);
  });

  it.each([201, 202, 203])(
    "vehicles-then-distance objective matches the enumerated optimum (seed %i)",
    async (seed) => {
      const p = randomProblem({ jobs: 6, vehicles: 3, seed, capacity: 25 });
      p.objective = { metric: "distance", minimizeVehicles: true };
      const opt = bruteForce(p)!;
      expect(opt).not.toBeNull();
      const sol = await solveVrp(p, { maxIterations: 3000, seed: 2 });
      expect(checkFeasibility(p, sol)).toEqual([]);
      expect(sol.summary.vehicles).toBe(opt.vehicles);
      expect(sol.summary.distance).toBeCloseTo(opt.distance, 6);
    },
  );
});

describe("mixed jobs and shipments with windows and two capacity dimensions", () => {
  it.each([31, 32, 33])("stays feasible under the independent checker (seed %i)", async (seed) => {
    const p = randomProblem({ jobs: 40, vehicles: 6, seed, capacity: 40, timeWindows: true, horizon: 1500 });
    const rand = createRng(seed * 7);
    for (const v of p.vehicles) v.capacity = [40, 6];
    p.jobs.forEach((j, i) => {
      j.delivery = [j.delivery![0], i % 3 === 0 ? 1 : 0];
      if (i % 5 === 0) j.pickup = [2, 0];
    });
    // the last 20 locations become 10 shipments between random pairs
    p.shipments = Array.from({ length: 10 }, (_, k) => {
      const a = p.jobs[20 + 2 * k];
      const b = p.jobs[21 + 2 * k];
      const start = Math.floor(rand() * 600);
      return {
        id: `s${k}`,
        pickup: { location: a.location, service: 5, timeWindows: [{ start, end: start + 300 }] },
        delivery: {
          location: b.location,
          service: 5,
          timeWindows: [
            { start: start + 100, end: start + 700 },
            { start: 1200, end: 1400 },
          ],
        },
        amount: [5 + Math.floor(rand() * 10), 1],
      };
    });
    p.jobs = p.jobs.slice(0, 20);
    const sol = await solveVrp(p, { maxIterations: 1500, seed });
    expect(checkFeasibility(p, sol)).toEqual([]);
    const shipped = sol.routes.flatMap((r) => r.steps.filter((s) => s.type === "pickup"));
    expect(shipped.length).toBeGreaterThan(5);
    expect(sol.summary.served + sol.unassigned.length).toBe(30);
  });
});
