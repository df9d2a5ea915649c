import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFeasibility } from "../../server/optimization/feasibility";
import { cvrpToProblem, parseCvrplib } from "../../server/optimization/instances/augerat";
import { parseSolomon, solomonToProblem } from "../../server/optimization/instances/solomon";
import { solveVrp } from "../../server/optimization/solver/solve";
import type { VrpProblem, VrpSolution } from "../../server/optimization/types";

const DATA = join(import.meta.dirname, "../../../shared/bench-data/vrp");
const solomonFile = join(DATA, "solomon/C101.txt");
const augeratFile = join(DATA, "augerat-A/A-n32-k5.vrp");
const haveSolomon = existsSync(solomonFile);
const haveAugerat = existsSync(augeratFile);
if (!haveSolomon) console.log(`skipping Solomon parser test: ${solomonFile} not found`);
if (!haveAugerat) console.log(`skipping Augerat parser test: ${augeratFile} not found`);

/** Reads a CVRPLIB-style .sol ("Route #1: 3 5 7") into lists of customer numbers. */
function readRoutes(text: string): number[][] {
  return text
    .split(/\r?\n/)
    .filter((l) => /^Route/i.test(l))
    .map((l) =>
      l
        .slice(l.indexOf(":") + 1)
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
}

/** A solution made of job ids only; the checker recomputes everything else. */
function asSolution(p: VrpProblem, routes: string[][]): VrpSolution {
  const size = p.matrix.size;
  let total = 0;
  const rs = routes.map((ids, i) => {
    const locs = ids.map((id) => p.jobs.find((j) => j.id === id)!.location);
    let d = 0;
    [0, ...locs].forEach((a, k, arr) => (d += p.matrix.distances[a * size + (arr[k + 1] ?? 0)]));
    total += d;
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
  return {
    status: "completed",
    routes: rs,
    unassigned: [],
    summary: { cost: total, distance: total, travelTime: total, vehicles: rs.length, served: 0, unassigned: 0 },
    iterations: 0,
    elapsedMs: 0,
  };
}

describe("benchmark instance parsers", () => {
  it.skipIf(!haveSolomon)("parses Solomon C101 and reproduces the DIMACS best known distance", () => {
    const inst = parseSolomon(readFileSync(solomonFile, "utf8"));
    expect(inst.name).toBe("C101");
    expect(inst.vehicles).toBe(25);
    expect(inst.capacity).toBe(200);
    expect(inst.nodes).toHaveLength(101);
    expect(inst.nodes[0]).toMatchObject({ id: 0, x: 40, y: 50, due: 1236 });
    expect(inst.nodes[1]).toMatchObject({ id: 1, x: 45, y: 68, demand: 10, ready: 912, due: 967, service: 90 });
    const { problem, scale } = solomonToProblem(inst, { convention: "dimacs" });
    const sol = asSolution(
      problem,
      readRoutes(readFileSync(join(DATA, "solomon/bks-dimacs/C101.sol"), "utf8")).map((r) => r.map(String)),
    );
    expect(checkFeasibility(problem, sol)).toEqual([]);
    expect(sol.summary.distance / scale).toBeCloseTo(827.3, 6);
  });

  it.skipIf(!haveAugerat)("parses Augerat A-n32-k5, reproduces the optimum 784 and gets close to it", async () => {
    const inst = parseCvrplib(readFileSync(augeratFile, "utf8"));
    expect(inst.name).toBe("A-n32-k5");
    expect(inst.capacity).toBe(100);
    expect(inst.nodes).toHaveLength(32);
    expect(inst.nodes[0]).toEqual({ id: 1, x: 82, y: 76, demand: 0 });
    expect(inst.vehicles).toBe(5);
    const problem = cvrpToProblem(inst);
    // .sol customer i is node i + 1, which is job id String(i + 1)
    const routes = readRoutes(readFileSync(join(DATA, "augerat-A/A-n32-k5.sol"), "utf8")).map((r) =>
      r.map((c) => String(c + 1)),
    );
    const opt = asSolution(problem, routes);
    expect(checkFeasibility(problem, opt)).toEqual([]);
    expect(opt.summary.distance).toBe(784);
    const sol = await solveVrp(problem, { maxIterations: 20_000, seed: 1 });
    expect(checkFeasibility(problem, sol)).toEqual([]);
    expect(sol.summary.distance).toBeLessThanOrEqual(784 * 1.03);
  });
});

describe("feasibility checker", () => {
  const problem: VrpProblem = {
    matrix: {
      size: 3,
      distances: new Float64Array([0, 10, 10, 10, 0, 10, 10, 10, 0]),
      durations: new Float64Array([0, 10, 10, 10, 0, 10, 10, 10, 0]),
    },
    vehicles: [{ id: "v", start: 0, end: 0, capacity: [5], shift: { start: 0, end: 100 }, skills: [] }],
    jobs: [
      { id: "a", location: 1, delivery: [3], timeWindows: [{ start: 0, end: 15 }] },
      { id: "b", location: 2, delivery: [3], skills: ["x"] },
    ],
    shipments: [{ id: "s", pickup: { location: 1 }, delivery: { location: 2 }, amount: [1] }],
  };

  it("accepts a valid solution", async () => {
    const ok = await solveVrp(problem, { maxIterations: 200 });
    expect(checkFeasibility(problem, ok)).toEqual([]);
    expect(ok.unassigned.map((u) => u.id)).toEqual(["b"]);
  });

  it("reports capacity, window, skills, order, duplicate and missing violations", () => {
    const sol = asSolution(problem, [["b", "a", "a"]]);
    const steps = sol.routes[0].steps;
    steps.splice(1, 0, { ...steps[1], type: "delivery", id: "s" });
    const kinds = new Set(checkFeasibility(problem, sol).map((v) => v.kind));
    kinds.delete("REPORTED_VALUE");
    expect(kinds).toEqual(new Set(["CAPACITY", "TIME_WINDOW", "SKILLS", "PICKUP_DELIVERY", "DUPLICATE", "MISSING"]));
  });

  it("reports shift overrun and reported distances that do not match", () => {
    const p: VrpProblem = {
      ...problem,
      vehicles: [{ ...problem.vehicles[0], shift: { start: 0, end: 15 } }],
      shipments: [],
    };
    const sol = asSolution(p, [["a"]]);
    sol.unassigned = [{ id: "b", type: "job", reason: "SKILLS" }];
    sol.routes[0].distance = 5;
    const kinds = checkFeasibility(p, sol)
      .map((v) => v.kind)
      .sort();
    expect(kinds).toEqual(["REPORTED_VALUE", "SHIFT"]);
  });
});
