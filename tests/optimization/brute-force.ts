import type { VrpProblem } from "../../server/optimization/types";

/**
 * Exhaustive search over every assignment of jobs to vehicles and every order, for problems of
 * plain jobs with a single time window and one capacity dimension. Written independently of the
 * solver: simulates each route directly.
 */
export function bruteForce(p: VrpProblem): { vehicles: number; distance: number } | null {
  const n = p.jobs.length;
  const size = p.matrix.size;
  const V = p.vehicles.length;
  let best: { vehicles: number; distance: number } | null = null;
  const minimizeVehicles = p.objective?.minimizeVehicles ?? true;

  const routeCost = (v: number, order: number[]): number => {
    if (order.length === 0) return 0;
    const veh = p.vehicles[v];
    let load = 0;
    for (const j of order) load += p.jobs[j].delivery?.[0] ?? 0;
    if (load > (veh.capacity?.[0] ?? Infinity)) return Infinity;
    let t = veh.shift?.start ?? 0;
    let loc = veh.start;
    let dist = 0;
    for (const j of order) {
      const job = p.jobs[j];
      dist += p.matrix.distances[loc * size + job.location];
      t += p.matrix.durations[loc * size + job.location];
      const w = job.timeWindows?.[0];
      if (w) {
        if (t > w.end) return Infinity;
        t = Math.max(t, w.start);
      }
      t += job.service ?? 0;
      loc = job.location;
    }
    if (veh.end != null) {
      dist += p.matrix.distances[loc * size + veh.end];
      t += p.matrix.durations[loc * size + veh.end];
    }
    if (t > (veh.shift?.end ?? Infinity)) return Infinity;
    return dist;
  };

  const routes: number[][] = Array.from({ length: V }, () => []);
  const place = (j: number) => {
    if (j === n) {
      let dist = 0;
      let used = 0;
      for (let v = 0; v < V; v++) {
        const c = routeCost(v, routes[v]);
        if (c === Infinity) return;
        dist += c;
        if (routes[v].length > 0) used++;
      }
      const better =
        !best ||
        (minimizeVehicles
          ? used < best.vehicles || (used === best.vehicles && dist < best.distance - 1e-9)
          : dist < best.distance - 1e-9);
      if (better) best = { vehicles: used, distance: dist };
      return;
    }
    for (let v = 0; v < V; v++) {
      for (let pos = 0; pos <= routes[v].length; pos++) {
        routes[v].splice(pos, 0, j);
        place(j + 1);
        routes[v].splice(pos, 1);
      }
    }
  };
  place(0);
  return best;
}
