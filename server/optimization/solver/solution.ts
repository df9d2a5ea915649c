import { DELIVERY, type Model } from "./model";
import { Route } from "./route";

/**
 * A set of routes (one per vehicle, empty ones included) plus the unserved "units":
 * a unit is a job task or the pickup task of a shipment (its delivery travels with it).
 */
export class Solution {
  routes: Route[];
  routeOf: Int32Array;
  posOf: Int32Array;
  unassigned: number[] = [];

  constructor(readonly m: Model) {
    this.routes = [];
    for (let v = 0; v < m.nVeh; v++) this.routes.push(new Route(m, v));
    this.routeOf = new Int32Array(m.nTasks).fill(-1);
    this.posOf = new Int32Array(m.nTasks).fill(-1);
  }

  /** Copies route v from another solution (same model), keeping task maps consistent. */
  copyRoute(other: Solution, v: number) {
    const r = this.routes[v];
    for (let k = 1; k <= r.n; k++) {
      const t = r.nodes[k];
      if (this.routeOf[t] === v) this.routeOf[t] = -1;
    }
    r.cloneFrom(other.routes[v], this.routeOf, this.posOf);
  }

  copyFrom(other: Solution) {
    for (let v = 0; v < this.m.nVeh; v++) {
      this.routes[v].copyFrom(other.routes[v]);
    }
    this.routeOf.fill(-1);
    for (const r of this.routes) r.update(this.routeOf, this.posOf);
    this.unassigned = other.unassigned.slice();
  }

  clone(): Solution {
    const s = new Solution(this.m);
    s.copyFrom(this);
    return s;
  }

  unassignedWeight(): number {
    let w = 0;
    for (const u of this.unassigned) w += this.m.weight[u];
    return w;
  }

  vehicles(): number {
    let c = 0;
    for (const r of this.routes) if (r.n > 0) c++;
    return c;
  }

  cost(): number {
    let c = 0;
    for (const r of this.routes) if (r.n > 0) c += r.cost + this.m.vFixed[r.v];
    return c;
  }

  served(): number {
    let c = 0;
    for (const r of this.routes) c += r.n;
    return c;
  }

  /** Lexicographic comparison: negative when this is better than other. */
  compare(other: Solution, eps = 1e-9): number {
    const uw = this.unassignedWeight() - other.unassignedWeight();
    if (uw !== 0) return uw;
    const dv = fleetTier(this.m, this.vehicles()) - fleetTier(this.m, other.vehicles());
    if (dv !== 0) return dv;
    const dc = this.cost() - other.cost();
    return Math.abs(dc) <= eps ? 0 : dc;
  }

  /** The unit a task belongs to (a delivery belongs to its pickup). */
  static unitOf(m: Model, task: number): number {
    return m.kind[task] === DELIVERY ? m.pair[task] : task;
  }
}

/**
 * Second tier of the objective, from the number of routes used: any shortfall below minRoutes
 * ranks worst (a fleet fixed at exactly k routes), then fewer vehicles when they are minimised.
 */
export function fleetTier(m: Model, vehicles: number): number {
  if (vehicles < m.minRoutes) return m.nVeh + m.minRoutes - vehicles;
  return m.minimizeVehicles ? vehicles : 0;
}
