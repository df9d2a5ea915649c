import type { RouteResult, RouteStep, SolveOptions, UnassignedResult, VrpProblem, VrpSolution } from "../types";
import { buildModel, DELIVERY, PICKUP, serviceStart, type Model } from "./model";
import { unassignedReason } from "./reasons";
import { search, type SearchTuning } from "./sisr";
import type { Solution } from "./solution";

/** Solves a problem whose locations are matrix indices. Never throws on infeasible jobs: they come back unassigned. */
export async function solveVrp(
  problem: VrpProblem,
  options: SolveOptions = {},
  tuning?: SearchTuning,
): Promise<VrpSolution> {
  const m = buildModel(problem);
  const { best, status, iterations, elapsedMs } = await search(m, options, tuning);
  return toResult(problem, m, best, status, iterations, elapsedMs);
}

function toResult(
  problem: VrpProblem,
  m: Model,
  s: Solution,
  status: VrpSolution["status"],
  iterations: number,
  elapsedMs: number,
): VrpSolution {
  const shipments = problem.shipments ?? [];
  const routes: RouteResult[] = [];
  const L = m.nLoc;
  for (const r of s.routes) {
    if (r.n === 0) continue;
    const v = r.v;
    const vehicle = problem.vehicles[v];
    const steps: RouteStep[] = [];
    const load: number[] = [];
    for (let d = 0; d < m.D; d++) load.push(r.load[d]);
    let time = m.vShiftStart[v];
    let dist = 0;
    let travel = 0;
    steps.push({
      type: "start",
      location: m.vStart[v],
      arrival: time,
      serviceStart: time,
      departure: time,
      waiting: 0,
      load,
      distance: 0,
      travelTime: 0,
    });
    let loc = m.vStart[v];
    for (let k = 1; k <= r.n; k++) {
      const t = r.nodes[k];
      const tl = m.taskLoc[t];
      dist += m.dist[loc * L + tl];
      travel += m.time[loc * L + tl];
      const arrival = time + m.time[loc * L + tl];
      const start = serviceStart(m, t, arrival);
      time = start + m.service[t];
      loc = tl;
      const stepLoad: number[] = [];
      for (let d = 0; d < m.D; d++) stepLoad.push(r.load[k * m.D + d]);
      const type = m.kind[t] === PICKUP ? "pickup" : m.kind[t] === DELIVERY ? "delivery" : "job";
      const id = type === "job" ? problem.jobs[m.source[t]].id : shipments[m.source[t]].id;
      steps.push({
        type,
        id,
        location: tl,
        arrival,
        serviceStart: start,
        departure: time,
        waiting: start - arrival,
        load: stepLoad,
        distance: dist,
        travelTime: travel,
      });
    }
    const endLoc = m.vEnd[v];
    dist += m.dist[loc * L + endLoc];
    travel += m.time[loc * L + endLoc];
    time += m.time[loc * L + endLoc];
    if (!m.vOpen[v]) {
      const endLoad: number[] = [];
      for (let d = 0; d < m.D; d++) endLoad.push(r.load[r.n * m.D + d]);
      steps.push({
        type: "end",
        location: endLoc,
        arrival: time,
        serviceStart: time,
        departure: time,
        waiting: 0,
        load: endLoad,
        distance: dist,
        travelTime: travel,
      });
    }
    routes.push({
      vehicleId: vehicle.id,
      vehicleIndex: v,
      steps,
      distance: dist,
      travelTime: travel,
      duration: time - m.vShiftStart[v],
      cost: r.cost + m.vFixed[v],
    });
  }
  const unassigned: UnassignedResult[] = s.unassigned
    .slice()
    .sort((a, b) => a - b)
    .map((u) => ({
      id: m.kind[u] === PICKUP ? shipments[m.source[u]].id : problem.jobs[m.source[u]].id,
      type: m.kind[u] === PICKUP ? "shipment" : "job",
      reason: unassignedReason(m, s, u),
    }));
  const served = routes.reduce((a, r) => a + r.steps.filter((x) => x.type === "job" || x.type === "pickup").length, 0);
  return {
    status,
    routes,
    unassigned,
    summary: {
      cost: routes.reduce((a, r) => a + r.cost, 0),
      distance: routes.reduce((a, r) => a + r.distance, 0),
      travelTime: routes.reduce((a, r) => a + r.travelTime, 0),
      vehicles: routes.length,
      served,
      unassigned: unassigned.length,
    },
    iterations,
    elapsedMs: Math.round(elapsedMs),
  };
}
