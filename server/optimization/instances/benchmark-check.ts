import type { Violation } from "../feasibility";
import type { VrpSolution } from "../types";
import type { CvrpInstance } from "./augerat";
import type { SolomonInstance } from "./solomon";

/**
 * Checks a benchmark solution against the convention its best known value was obtained under,
 * from the instance file alone: it reads only the visit order (customer ids) of each route and
 * the distance the benchmark reports, and recomputes everything else with its own exact integer
 * arithmetic (not the solver's matrix):
 *
 * - Augerat A/B/P (CVRPLIB): exactly k routes, each from the depot back to it, load ≤ capacity,
 *   every customer exactly once, cost = Σ TSPLIB EUC_2D edges (nint of the Euclidean length).
 * - Solomon / Gehring-Homberger, DIMACS convention: at most the file's number of vehicles, load ≤
 *   capacity, every customer exactly once, service starting inside each window (waiting allowed),
 *   back at the depot by its due date, distances and times truncated to one decimal
 *   (floor(10·d)/10), cost = Σ truncated edges. Hierarchical convention: the same with double
 *   precision distances.
 */

/** floor(sqrt(n)) for a non-negative integer n, exact. */
function isqrt(n: number): number {
  let r = Math.floor(Math.sqrt(n));
  while (r * r > n) r--;
  while ((r + 1) * (r + 1) <= n) r++;
  return r;
}

function integral(...xs: number[]): boolean {
  return xs.every((x) => Number.isSafeInteger(x));
}

/** TSPLIB nint(√(dx²+dy²)) without floating-point rounding: nint(x) = ⌊(⌊2x⌋ + 1) / 2⌋. */
export function nintDistance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  if (!integral(dx, dy)) return Math.floor(Math.hypot(dx, dy) + 0.5);
  return Math.floor((isqrt(4 * (dx * dx + dy * dy)) + 1) / 2);
}

/** DIMACS ⌊10·√(dx²+dy²)⌋ in tenths, exact for integer coordinates. */
export function dimacsTenths(a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  if (!integral(dx, dy)) return Math.floor(10 * Math.hypot(dx, dy));
  return isqrt(100 * (dx * dx + dy * dy));
}

/** Customer ids per route as the solution lists them (start/end steps dropped). */
function visitOrders(sol: VrpSolution): { vehicleId: string; ids: string[] }[] {
  return sol.routes.map((r) => ({
    vehicleId: r.vehicleId,
    ids: r.steps.filter((s) => s.type !== "start" && s.type !== "end").map((s) => s.id ?? "?"),
  }));
}

function closeEnough(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
}

/** Every customer once: counts visits, reports unknown, repeated and missing ids. */
function coverage(routes: { vehicleId: string; ids: string[] }[], customers: Set<string>, out: Violation[]) {
  const seen = new Map<string, number>();
  for (const r of routes) {
    for (const id of r.ids) {
      if (!customers.has(id))
        out.push({ kind: "UNKNOWN_JOB", vehicleId: r.vehicleId, id, message: `no customer ${id} in the instance` });
      else seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  for (const id of customers) {
    const n = seen.get(id) ?? 0;
    if (n === 0) out.push({ kind: "MISSING", id, message: `customer ${id} not visited` });
    if (n > 1) out.push({ kind: "DUPLICATE", id, message: `customer ${id} visited ${n} times` });
  }
}

/** CVRPLIB convention of the Augerat sets; `reportedDistance` is the figure the benchmark prints. */
export function checkCvrpConvention(inst: CvrpInstance, sol: VrpSolution, reportedDistance: number): Violation[] {
  const out: Violation[] = [];
  const k = inst.vehicles;
  if (k === undefined) throw new Error(`${inst.name}: number of vehicles (k) unknown`);
  const depot = inst.nodes[0];
  const byId = new Map(inst.nodes.slice(1).map((n) => [String(n.id), n]));
  const routes = visitOrders(sol).filter((r) => r.ids.length > 0);
  if (routes.length !== k)
    out.push({ kind: "FLEET_SIZE", message: `${routes.length} routes, the convention is exactly k = ${k}` });
  coverage(routes, new Set(byId.keys()), out);
  let total = 0;
  for (const r of routes) {
    let load = 0;
    let prev = depot;
    for (const id of r.ids) {
      const c = byId.get(id);
      if (!c) continue;
      load += c.demand;
      total += nintDistance(prev, c);
      prev = c;
    }
    total += nintDistance(prev, depot);
    if (load > inst.capacity)
      out.push({ kind: "CAPACITY", vehicleId: r.vehicleId, message: `load ${load} > capacity ${inst.capacity}` });
  }
  if (!closeEnough(total, reportedDistance)) {
    out.push({
      kind: "REPORTED_VALUE",
      message: `reported distance ${reportedDistance}, EUC_2D (nint) recomputation gives ${total}`,
    });
  }
  return out;
}

/** Solomon-format instances under the DIMACS (truncated) or hierarchical (double precision) convention. */
export function checkSolomonConvention(
  inst: SolomonInstance,
  sol: VrpSolution,
  reportedDistance: number,
  convention: "dimacs" | "hierarchical",
): Violation[] {
  const out: Violation[] = [];
  const depot = inst.nodes[0];
  const byId = new Map(inst.nodes.slice(1).map((n) => [String(n.id), n]));
  // DIMACS: everything in integer tenths; hierarchical: plain doubles (scale 1)
  const scale = convention === "dimacs" ? 10 : 1;
  const edge =
    convention === "dimacs"
      ? dimacsTenths
      : (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
  const routes = visitOrders(sol).filter((r) => r.ids.length > 0);
  if (routes.length > inst.vehicles)
    out.push({ kind: "FLEET_SIZE", message: `${routes.length} routes, the instance has ${inst.vehicles} vehicles` });
  coverage(routes, new Set(byId.keys()), out);
  let total = 0;
  for (const r of routes) {
    let load = 0;
    let prev = depot;
    let time = depot.ready * scale;
    for (const id of r.ids) {
      const c = byId.get(id);
      if (!c) continue;
      load += c.demand;
      const d = edge(prev, c);
      total += d;
      const start = Math.max(time + d, c.ready * scale);
      if (start > c.due * scale + 1e-9)
        out.push({
          kind: "TIME_WINDOW",
          vehicleId: r.vehicleId,
          id,
          message: `service at ${start / scale} after the due date ${c.due}`,
        });
      time = start + c.service * scale;
      prev = c;
    }
    const back = edge(prev, depot);
    total += back;
    if (time + back > depot.due * scale + 1e-9)
      out.push({
        kind: "SHIFT",
        vehicleId: r.vehicleId,
        message: `back at the depot at ${(time + back) / scale}, after ${depot.due}`,
      });
    if (load > inst.capacity)
      out.push({ kind: "CAPACITY", vehicleId: r.vehicleId, message: `load ${load} > capacity ${inst.capacity}` });
  }
  const recomputed = total / scale;
  if (!closeEnough(recomputed, reportedDistance)) {
    out.push({
      kind: "REPORTED_VALUE",
      message: `reported distance ${reportedDistance}, ${convention} recomputation gives ${recomputed}`,
    });
  }
  return out;
}
