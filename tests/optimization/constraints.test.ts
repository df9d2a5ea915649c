import { describe, expect, it } from "vitest";
import { checkFeasibility } from "../../server/optimization/feasibility";
import { solveVrp } from "../../server/optimization/solver/solve";
import type { VrpProblem, VrpSolution } from "../../server/optimization/types";
import { euclidean, randomProblem } from "./helpers";

const opts = { maxIterations: 1500, seed: 3 };

async function solveChecked(p: VrpProblem): Promise<VrpSolution> {
  const sol = await solveVrp(p, opts);
  expect(checkFeasibility(p, sol)).toEqual([]);
  return sol;
}

function routeOf(sol: VrpSolution, id: string) {
  return sol.routes.find((r) => r.steps.some((s) => s.id === id));
}

describe("pickup and delivery (shipments)", () => {
  it("picks up before delivering, on the same vehicle, tracking the load along the route", async () => {
    // each shipment fills more than half the truck: it must be delivered before the next pickup
    const pts: [number, number][] = [
      [0, 0],
      [10, 0],
      [20, 0],
      [10, 10],
      [20, 10],
      [10, -10],
      [20, -10],
    ];
    const p: VrpProblem = {
      matrix: euclidean(pts),
      vehicles: [{ id: "truck", start: 0, end: 0, capacity: [10] }],
      jobs: [],
      shipments: [
        { id: "s1", pickup: { location: 1 }, delivery: { location: 2 }, amount: [6] },
        { id: "s2", pickup: { location: 3 }, delivery: { location: 4 }, amount: [6] },
        { id: "s3", pickup: { location: 5 }, delivery: { location: 6 }, amount: [6] },
      ],
    };
    const sol = await solveChecked(p);
    expect(sol.unassigned).toEqual([]);
    const steps = sol.routes[0].steps.filter((s) => s.id);
    for (let i = 0; i < steps.length; i += 2) {
      expect(steps[i].type).toBe("pickup");
      expect(steps[i + 1]).toMatchObject({ type: "delivery", id: steps[i].id });
      expect(steps[i].load).toEqual([6]);
      expect(steps[i + 1].load).toEqual([0]);
    }
  });

  it("keeps both halves on one vehicle and combines shipments when capacity allows", async () => {
    const pts: [number, number][] = [
      [0, 0],
      [5, 5],
      [50, 50],
      [6, 5],
      [51, 50],
      [-40, 0],
      [-45, 0],
    ];
    const p: VrpProblem = {
      matrix: euclidean(pts),
      vehicles: [
        { id: "a", start: 0, end: 0, capacity: [10] },
        { id: "b", start: 0, end: 0, capacity: [10] },
      ],
      jobs: [{ id: "plain", location: 5, delivery: [2] }],
      shipments: [
        { id: "s1", pickup: { location: 1 }, delivery: { location: 2 }, amount: [4] },
        { id: "s2", pickup: { location: 3 }, delivery: { location: 4 }, amount: [4] },
        { id: "s3", pickup: { location: 6 }, delivery: { location: 1 }, amount: [1] },
      ],
      objective: { minimizeVehicles: true },
    };
    const sol = await solveChecked(p);
    expect(sol.unassigned).toEqual([]);
    expect(sol.summary.vehicles).toBe(1);
    const ids = sol.routes[0].steps.map((s) => `${s.type}:${s.id ?? ""}`);
    for (const s of ["s1", "s2", "s3"]) expect(ids.indexOf(`pickup:${s}`)).toBeLessThan(ids.indexOf(`delivery:${s}`));
    // the two parallel shipments travel together: the max load is 8 (+ the plain job's 2 at the start)
    expect(Math.max(...sol.routes[0].steps.map((s) => s.load[0]))).toBeLessThanOrEqual(10);
  });

  it("returns a shipment heavier than any vehicle unassigned with reason CAPACITY", async () => {
    const p: VrpProblem = {
      matrix: euclidean([
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
      vehicles: [{ id: "a", start: 0, end: 0, capacity: [10] }],
      jobs: [],
      shipments: [{ id: "big", pickup: { location: 1 }, delivery: { location: 2 }, amount: [11] }],
    };
    const sol = await solveChecked(p);
    expect(sol.unassigned).toEqual([{ id: "big", type: "shipment", reason: "CAPACITY" }]);
  });
});

describe("capacity, skills, windows, shifts", () => {
  const line = euclidean([
    [0, 0],
    [10, 0],
    [11, 0],
    [12, 0],
    [13, 0],
    [14, 0],
    [15, 0],
  ]);
  const sixJobs = (demand: number[]) =>
    Array.from({ length: 6 }, (_, i) => ({ id: `j${i + 1}`, location: i + 1, delivery: demand }));

  it("respects every capacity dimension (kg and packets)", async () => {
    const p: VrpProblem = {
      matrix: line,
      vehicles: [
        { id: "a", start: 0, end: 0, capacity: [1000, 3] },
        { id: "b", start: 0, end: 0, capacity: [1000, 3] },
      ],
      jobs: sixJobs([10, 1]),
    };
    const sol = await solveChecked(p);
    expect(sol.unassigned).toEqual([]);
    expect(sol.routes.map((r) => r.steps.filter((s) => s.type === "job").length)).toEqual([3, 3]);
    expect(sol.routes.every((r) => r.steps[0].load[1] === 3)).toBe(true);
  });

  it("reports CAPACITY when the fleet is full or a demand exceeds every vehicle", async () => {
    const p: VrpProblem = {
      matrix: line,
      vehicles: [{ id: "a", start: 0, end: 0, capacity: [1000, 3] }],
      jobs: [...sixJobs([10, 1]).slice(0, 5), { id: "heavy", location: 6, delivery: [2000, 1] }],
    };
    const sol = await solveChecked(p);
    expect(sol.routes[0].steps.filter((s) => s.type === "job")).toHaveLength(3);
    expect(sol.unassigned).toHaveLength(3);
    expect(sol.unassigned.every((u) => u.reason === "CAPACITY")).toBe(true);
    expect(sol.unassigned.map((u) => u.id)).toContain("heavy");
  });

  it("assigns jobs only to vehicles with the required skills", async () => {
    const p: VrpProblem = {
      matrix: line,
      vehicles: [
        { id: "plain", start: 0, end: 0, skills: [] },
        { id: "fridge", start: 0, end: 0, skills: ["fridge", "tail-lift"] },
      ],
      jobs: [
        { id: "cold", location: 1, skills: ["fridge"] },
        { id: "any", location: 2 },
        { id: "crane", location: 3, skills: ["crane"] },
      ],
      objective: { minimizeVehicles: true },
    };
    const sol = await solveChecked(p);
    expect(routeOf(sol, "cold")?.vehicleId).toBe("fridge");
    expect(sol.unassigned).toEqual([{ id: "crane", type: "job", reason: "SKILLS" }]);
  });

  it("uses the second of several time windows when the first cannot be reached", async () => {
    const p: VrpProblem = {
      matrix: euclidean([
        [0, 0],
        [100, 0],
      ]),
      vehicles: [{ id: "a", start: 0, end: 0, shift: { start: 0, end: 2000 } }],
      jobs: [
        {
          id: "j",
          location: 1,
          service: 10,
          timeWindows: [
            { start: 0, end: 50 },
            { start: 500, end: 600 },
          ],
        },
      ],
    };
    const sol = await solveChecked(p);
    const step = sol.routes[0].steps.find((s) => s.id === "j")!;
    expect(step.arrival).toBeCloseTo(100);
    expect(step.serviceStart).toBe(500);
    expect(step.waiting).toBeCloseTo(400);
  });

  it("orders visits by time windows and reports TIME_WINDOW, SHIFT and MAX_DURATION", async () => {
    const p: VrpProblem = {
      matrix: euclidean([
        [0, 0],
        [10, 0],
        [20, 0],
        [300, 0],
        [0, 200],
      ]),
      vehicles: [{ id: "a", start: 0, end: 0, shift: { start: 0, end: 500 }, maxDuration: 450 }],
      jobs: [
        { id: "late", location: 1, timeWindows: [{ start: 100, end: 120 }] },
        { id: "early", location: 2, timeWindows: [{ start: 20, end: 30 }] },
        { id: "gone", location: 1, timeWindows: [{ start: 0, end: 5 }] },
        { id: "far", location: 3 },
        { id: "long", location: 4, service: 60 },
      ],
    };
    const sol = await solveChecked(p);
    const order = sol.routes[0].steps.filter((s) => s.type === "job").map((s) => s.id);
    expect(order.indexOf("early")).toBeLessThan(order.indexOf("late"));
    const reasons = Object.fromEntries(sol.unassigned.map((u) => [u.id, u.reason]));
    expect(reasons).toEqual({ gone: "TIME_WINDOW", far: "SHIFT", long: "MAX_DURATION" });
  });

  it("does not drive back on open routes and starts at the shift start", async () => {
    const p: VrpProblem = {
      matrix: euclidean([
        [0, 0],
        [10, 0],
        [20, 0],
      ]),
      vehicles: [{ id: "a", start: 0, end: null, shift: { start: 1000, end: 2000 } }],
      jobs: [
        { id: "x", location: 2 },
        { id: "y", location: 1 },
      ],
    };
    const sol = await solveChecked(p);
    expect(sol.routes[0].steps.map((s) => s.type)).toEqual(["start", "job", "job"]);
    expect(sol.summary.distance).toBeCloseTo(20);
    expect(sol.routes[0].steps[1].arrival).toBeCloseTo(1010);
  });
});

describe("objective", () => {
  it("serves high-priority jobs first when not everything fits", async () => {
    const p: VrpProblem = {
      matrix: euclidean([
        [0, 0],
        [1, 0],
        [2, 0],
        [50, 0],
      ]),
      vehicles: [{ id: "a", start: 0, end: 0, capacity: [10] }],
      jobs: [
        { id: "near1", location: 1, delivery: [5] },
        { id: "near2", location: 2, delivery: [5] },
        { id: "urgent", location: 3, delivery: [10], priority: 5 },
      ],
    };
    const sol = await solveChecked(p);
    expect(sol.routes[0].steps.filter((s) => s.type === "job").map((s) => s.id)).toEqual(["urgent"]);
    expect(sol.unassigned.map((u) => u.id).sort()).toEqual(["near1", "near2"]);
    expect(sol.unassigned.every((u) => u.reason === "CAPACITY")).toBe(true);
  });

  it("prefers fewer vehicles over distance, and distance alone when vehicles are free", async () => {
    // two clusters on opposite sides: one vehicle can do both within the shift, two are shorter
    const pts: [number, number][] = [
      [0, 0],
      [40, 0],
      [41, 0],
      [-40, 0],
      [-41, 0],
    ];
    const base: VrpProblem = {
      matrix: euclidean(pts),
      vehicles: [
        { id: "a", start: 0, end: 0 },
        { id: "b", start: 1, end: 1 },
      ],
      jobs: [1, 2, 3, 4].map((l) => ({ id: `j${l}`, location: l })),
    };
    const fewer = await solveChecked({ ...base, objective: { minimizeVehicles: true } });
    expect(fewer.summary.vehicles).toBe(1);
    const shorter = await solveChecked({ ...base, objective: { minimizeVehicles: false } });
    expect(shorter.summary.vehicles).toBe(2);
    expect(shorter.summary.distance).toBeLessThan(fewer.summary.distance);
  });

  it("counts fixed and per-km costs of a heterogeneous fleet", async () => {
    const p: VrpProblem = {
      matrix: euclidean([
        [0, 0],
        [1000, 0],
        [2000, 0],
      ]),
      vehicles: [
        { id: "van", start: 0, end: 0, costPerKm: 2, fixedCost: 100 },
        { id: "bike", start: 0, end: 0, costPerKm: 0.5, fixedCost: 0 },
      ],
      jobs: [
        { id: "a", location: 1 },
        { id: "b", location: 2 },
      ],
    };
    const sol = await solveChecked(p);
    expect(sol.routes.map((r) => r.vehicleId)).toEqual(["bike"]);
    expect(sol.summary.cost).toBeCloseTo(0.5 * 4);
  });

  it("minimises travel time when the metric is duration, distance otherwise", async () => {
    // one loop is short in distance but slow, the reverse loop is long but fast
    const distances = new Float64Array([0, 10, 5, 5, 0, 10, 10, 5, 0]);
    const durations = new Float64Array([0, 10, 100, 100, 0, 10, 10, 100, 0]);
    const p: VrpProblem = {
      matrix: { size: 3, distances, durations },
      vehicles: [{ id: "a", start: 0, end: 0 }],
      jobs: [
        { id: "x", location: 1 },
        { id: "y", location: 2 },
      ],
    };
    const byTime = await solveChecked({ ...p, objective: { metric: "duration" } });
    expect(byTime.summary.travelTime).toBeCloseTo(30);
    expect(byTime.summary.distance).toBeCloseTo(30);
    const byDistance = await solveChecked({ ...p, objective: { metric: "distance" } });
    expect(byDistance.summary.distance).toBeCloseTo(15);
    expect(byDistance.summary.travelTime).toBeCloseTo(300);
  });
});

describe("fleet minimisation", () => {
  it("packs jobs into the fewest vehicles when that is the second objective", async () => {
    // demands pair up exactly to the capacity (5 full vehicles); insertion by distance alone opens more
    const demands = [6, 4, 7, 3, 5, 5, 8, 2, 9, 1];
    const pts: [number, number][] = [
      [0, 0],
      ...demands.map((_, i): [number, number] => [Math.cos(i) * 30, Math.sin(i) * 30]),
    ];
    const p: VrpProblem = {
      matrix: euclidean(pts),
      vehicles: Array.from({ length: 8 }, (_, i) => ({ id: `v${i}`, start: 0, end: 0, capacity: [10] })),
      jobs: demands.map((d, i) => ({ id: `j${i}`, location: i + 1, delivery: [d] })),
      objective: { minimizeVehicles: true },
    };
    const sol = await solveVrp(p, { maxIterations: 3000, seed: 1 });
    expect(checkFeasibility(p, sol)).toEqual([]);
    expect(sol.unassigned).toEqual([]);
    expect(sol.summary.vehicles).toBe(5);
    expect(sol.routes.every((r) => r.steps[0].load[0] === 10)).toBe(true);
  });
});

describe("fleet minimisation phase", () => {
  it.each([2, 5])("saves a vehicle that annealing alone keeps (seed %i)", async (seed) => {
    const p = randomProblem({ jobs: 40, vehicles: 15, seed, capacity: 500, timeWindows: true, horizon: 600 });
    p.objective = { minimizeVehicles: true };
    const without = await solveVrp(p, { maxIterations: 1000, seed: 1 }, { fleetShare: 0 });
    const withPhase = await solveVrp(p, { maxIterations: 1000, seed: 1 });
    expect(checkFeasibility(p, withPhase)).toEqual([]);
    expect(withPhase.unassigned).toEqual([]);
    expect(without.unassigned).toEqual([]);
    expect(withPhase.summary.vehicles).toBeLessThan(without.summary.vehicles);
  });
});
