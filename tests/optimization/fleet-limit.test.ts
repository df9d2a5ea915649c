import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFeasibility } from "../../server/optimization/feasibility";
import { optimizeRoutes } from "../../server/optimization/index";
import { cvrpToProblem, parseCvrplib, type CvrpInstance } from "../../server/optimization/instances/augerat";
import { checkCvrpConvention, dimacsTenths, nintDistance } from "../../server/optimization/instances/benchmark-check";
import { optimizationProblemSchema } from "../../server/optimization/optimization.schema";
import { solveVrp } from "../../server/optimization/solver/solve";
import type { VrpProblem, VrpSolution } from "../../server/optimization/types";
import { euclidean } from "./helpers";

const DATA = join(import.meta.dirname, "../../../shared/bench-data/vrp");
const SEED = Number(process.env.SEED ?? 1);
const haveAugerat = existsSync(join(DATA, "augerat-P/P-n22-k8.vrp"));
if (!haveAugerat) console.log(`skipping the Augerat fleet-limit tests: ${DATA} not found`);

/**
 * Two heavy jobs east (6 each) and two light ones west (4 each), vehicles of capacity 10. Two
 * routes must each pair an eastern job with a western one (≈ 800); three routes serve each heavy
 * job alone and both light ones together (≈ 600). So k + 1 = 3 routes is cheaper than k = 2.
 */
function eastWest(maxVehicles?: number): VrpProblem {
  const pts: [number, number][] = [
    [0, 0],
    [100, 0],
    [-100, 0],
    [100, 1],
    [-100, 1],
  ];
  return {
    matrix: euclidean(pts),
    vehicles: ["a", "b", "c"].map((id) => ({ id, start: 0, end: 0, capacity: [10] })),
    jobs: [
      { id: "east-1", location: 1, delivery: [6] },
      { id: "west-1", location: 2, delivery: [4] },
      { id: "east-2", location: 3, delivery: [6] },
      { id: "west-2", location: 4, delivery: [4] },
    ],
    objective: { metric: "distance", minimizeVehicles: false },
    maxVehicles,
  };
}

describe("fleet limit (maxVehicles) in the solver", () => {
  it("uses three routes when free, and stays within a limit of two although three would be cheaper", async () => {
    const free = await solveVrp(eastWest(), { maxIterations: 2000, seed: 1 });
    expect(checkFeasibility(eastWest(), free)).toEqual([]);
    expect(free.summary.vehicles).toBe(3);
    expect(free.summary.distance).toBeCloseTo(601, 0);

    const p = eastWest(2);
    const reported: number[] = [];
    const limited = await solveVrp(p, { maxIterations: 2000, seed: 1, onProgress: (x) => reported.push(x.vehicles) });
    // progress counts vehicles, whatever the objective ranks
    expect(reported.at(-1)).toBe(2);
    expect(checkFeasibility(p, limited)).toEqual([]);
    expect(limited.unassigned).toEqual([]);
    expect(limited.summary.vehicles).toBe(2);
    expect(limited.summary.distance).toBeGreaterThan(800);
    for (const r of limited.routes)
      expect(
        r.steps
          .filter((s) => s.id)
          .map((s) => s.id!.split("-")[0])
          .sort(),
      ).toEqual(["east", "west"]);
  });

  it("leaves out what one vehicle cannot hold, with reason FLEET_LIMIT", async () => {
    const p = eastWest(1);
    const sol = await solveVrp(p, { maxIterations: 1000, seed: 1 });
    expect(checkFeasibility(p, sol)).toEqual([]);
    expect(sol.summary.vehicles).toBe(1);
    expect(sol.unassigned.length).toBeGreaterThan(0);
    for (const u of sol.unassigned) expect(u.reason).toBe("FLEET_LIMIT");
  });

  it("finds the k-route plan when the greedy construction cannot", async () => {
    // demands that fill 3 trucks of 100 exactly, only as {50,30,20} {45,35,20} {60,25,15}
    const demands = [50, 30, 20, 45, 35, 20, 60, 25, 15];
    const pts: [number, number][] = [
      [0, 0],
      ...demands.map((_, i): [number, number] => [
        Math.round(60 * Math.cos(i * 2.4)),
        Math.round(60 * Math.sin(i * 2.4)),
      ]),
    ];
    const p: VrpProblem = {
      matrix: euclidean(pts),
      vehicles: Array.from({ length: 5 }, (_, i) => ({ id: `v${i}`, start: 0, end: 0, capacity: [100] })),
      jobs: demands.map((d, i) => ({ id: `j${i}`, location: i + 1, delivery: [d] })),
      objective: { minimizeVehicles: false },
      maxVehicles: 3,
    };
    const construction = await solveVrp(p, { maxIterations: 0, seed: SEED });
    expect(construction.unassigned.length).toBeGreaterThan(0);
    const sol = await solveVrp(p, { maxIterations: 3000, seed: SEED });
    expect(checkFeasibility(p, sol)).toEqual([]);
    expect(sol.unassigned).toEqual([]);
    expect(sol.summary.vehicles).toBe(3);
  });

  it("is part of the geographic input schema and reaches the solver", async () => {
    const depot = { lat: 41.3275, lon: 19.8187 };
    const input = {
      vehicles: ["t1", "t2", "t3"].map((id) => ({ id, start: depot, end: depot, capacity: [10] })),
      jobs: [0, 1, 2, 3].map((i) => ({ id: `j${i}`, location: { lat: 41.3 + i / 100, lon: 19.8 }, delivery: [8] })),
      maxVehicles: 2,
    };
    expect(optimizationProblemSchema.safeParse({ ...input, maxVehicles: 0 }).success).toBe(false);
    expect(optimizationProblemSchema.safeParse({ ...input, maxVehicles: 1.5 }).success).toBe(false);
    const result = await optimizeRoutes(input, { maxIterations: 500, seed: 1 });
    expect(result.summary.vehicles).toBe(2);
    expect(result.unassigned.map((u) => u.reason)).toEqual(["FLEET_LIMIT", "FLEET_LIMIT"]);
  });
});

/** A solution made of customer ids per route; only the visit order and the distance matter to the checkers. */
function solutionOf(p: VrpProblem, routes: string[][], distances?: number[]): VrpSolution {
  const size = p.matrix.size;
  const step = (type: "start" | "end" | "job", id?: string) => ({
    type,
    id,
    location: 0,
    arrival: 0,
    serviceStart: 0,
    departure: 0,
    waiting: 0,
    load: [0],
    distance: 0,
    travelTime: 0,
  });
  const rs = routes.map((ids, i) => {
    const locs = [0, ...ids.map((id) => p.jobs.find((j) => j.id === id)!.location), 0];
    let d = 0;
    for (let k = 0; k + 1 < locs.length; k++) d += p.matrix.distances[locs[k] * size + locs[k + 1]];
    d = distances?.[i] ?? d;
    return {
      vehicleId: p.vehicles[i].id,
      vehicleIndex: i,
      steps: [step("start"), ...ids.map((id) => step("job", id)), step("end")],
      distance: d,
      travelTime: d,
      duration: 0,
      cost: d,
    };
  });
  const total = rs.reduce((a, r) => a + r.distance, 0);
  return {
    status: "completed",
    routes: rs,
    unassigned: [],
    summary: { cost: total, distance: total, travelTime: total, vehicles: rs.length, served: 0, unassigned: 0 },
    iterations: 0,
    elapsedMs: 0,
  };
}

describe("independent checkers refuse solutions outside the convention", () => {
  // CVRPLIB-style: depot node 1, k = 2, capacity 10
  const inst: CvrpInstance = {
    name: "T-n5-k2",
    capacity: 10,
    vehicles: 2,
    nodes: [
      { id: 1, x: 0, y: 0, demand: 0 },
      { id: 2, x: 3, y: 4, demand: 5 },
      { id: 3, x: 6, y: 8, demand: 5 },
      { id: 4, x: -3, y: 4, demand: 5 },
      { id: 5, x: -1, y: 1, demand: 5 },
    ],
  };
  const problem = { ...cvrpToProblem(inst), vehicles: cvrpToProblem({ ...inst, vehicles: 4 }).vehicles };

  it("accepts k routes with the EUC_2D cost", () => {
    const sol = solutionOf(problem, [
      ["2", "3"],
      ["4", "5"],
    ]);
    // 5 + 5 + 10, then 5 + nint(√13) = 4 + nint(√2) = 1
    expect(sol.summary.distance).toBe(30);
    expect(checkFeasibility(problem, sol)).toEqual([]);
    expect(checkCvrpConvention(inst, sol, 30)).toEqual([]);
  });

  it("refuses k + 1 routes (the figure would undercut optima proven with k)", () => {
    const sol = solutionOf(problem, [["2", "3"], ["4"], ["5"]]);
    expect(checkFeasibility(problem, sol).map((v) => v.kind)).toEqual(["FLEET_SIZE"]);
    expect(checkCvrpConvention(inst, sol, sol.summary.distance).map((v) => v.kind)).toEqual(["FLEET_SIZE"]);
  });

  it("refuses fewer than k routes too (exactly k)", () => {
    const big = { ...inst, capacity: 20 };
    const sol = solutionOf(cvrpToProblem(big), [["2", "3", "5", "4"]]);
    expect(checkCvrpConvention(big, sol, sol.summary.distance).map((v) => v.kind)).toEqual(["FLEET_SIZE"]);
  });

  it("refuses a mis-costed solution: wrong total, or distances not rounded as EUC_2D", () => {
    const sol = solutionOf(problem, [
      ["2", "3"],
      ["4", "5"],
    ]);
    expect(checkCvrpConvention(inst, sol, 31).map((v) => v.kind)).toEqual(["REPORTED_VALUE"]);
    // the same routes costed with unrounded Euclidean edges: 20 + 5 + √13 + √2 ≈ 30.02
    const unrounded = 25 + Math.sqrt(13) + Math.SQRT2;
    expect(checkCvrpConvention(inst, sol, unrounded).map((v) => v.kind)).toEqual(["REPORTED_VALUE"]);
    // and the solver-side checker catches a route whose reported distance does not match
    const wrong = solutionOf(
      problem,
      [
        ["2", "3"],
        ["4", "5"],
      ],
      [20, 7],
    );
    expect(checkFeasibility(problem, wrong).map((v) => v.kind)).toContain("REPORTED_VALUE");
  });

  it("refuses overloaded routes, repeated and missing customers", () => {
    const sol = solutionOf(problem, [["2", "3", "4"], ["2"]]);
    const kinds = checkCvrpConvention(inst, sol, sol.summary.distance)
      .map((v) => v.kind)
      .sort();
    expect(kinds).toEqual(["CAPACITY", "DUPLICATE", "MISSING"]);
  });

  it("rounds like TSPLIB and DIMACS with exact integer arithmetic", () => {
    expect(nintDistance({ x: 0, y: 0 }, { x: 1, y: 1 })).toBe(1); // 1.414
    expect(nintDistance({ x: 0, y: 0 }, { x: 1, y: 2 })).toBe(2); // 2.236
    expect(nintDistance({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(3); // 2.828
    expect(dimacsTenths({ x: 0, y: 0 }, { x: 1, y: 1 })).toBe(14); // 1.4
    expect(dimacsTenths({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(50);
  });
});

describe.skipIf(!haveAugerat)("Augerat instances under the CVRPLIB convention", () => {
  const readRoutes = (text: string) =>
    text
      .split(/\r?\n/)
      .filter((l) => /^Route/i.test(l))
      .map((l) =>
        l
          .slice(l.indexOf(":") + 1)
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map((c) => String(Number(c) + 1)),
      );

  it("every optimal .sol has k routes and its cost, except the two known faulty files", () => {
    const bad: Record<string, string[]> = {};
    for (const set of ["augerat-A", "augerat-B", "augerat-P"]) {
      for (const f of readdirSync(join(DATA, set)).filter((x) => x.endsWith(".vrp"))) {
        const inst = parseCvrplib(readFileSync(join(DATA, set, f), "utf8"));
        const solText = readFileSync(join(DATA, set, f.replace(/\.vrp$/, ".sol")), "utf8");
        const cost = Number(solText.match(/Cost\s+(\d+)/)![1]);
        const p = cvrpToProblem(inst);
        const v = checkCvrpConvention(inst, solutionOf(p, readRoutes(solText)), cost);
        if (v.length) bad[inst.name] = v.map((x) => x.kind).sort();
      }
    }
    // documented in the data README: B-n50-k8 lists customer 2 twice and 3 never (so its cost differs too); B-n57-k7 costs 1155, not 1153
    expect(bad).toEqual({ "B-n50-k8": ["DUPLICATE", "MISSING", "REPORTED_VALUE"], "B-n57-k7": ["REPORTED_VALUE"] });
  });

  it("P-n22-k8: 8 routes, never below the proven optimum 603 (9 routes would give 590)", async () => {
    const inst = parseCvrplib(readFileSync(join(DATA, "augerat-P/P-n22-k8.vrp"), "utf8"));
    expect(inst.vehicles).toBe(8);
    const p = cvrpToProblem(inst);
    const sol = await solveVrp(p, { maxIterations: 20_000, seed: 1 });
    expect(checkFeasibility(p, sol)).toEqual([]);
    expect(checkCvrpConvention(inst, sol, sol.summary.distance)).toEqual([]);
    expect(sol.summary.vehicles).toBe(8);
    expect(sol.summary.distance).toBeGreaterThanOrEqual(603);
    expect(sol.summary.distance).toBeLessThanOrEqual(603 * 1.02);
  });
});
