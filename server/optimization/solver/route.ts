import { latestStart, serviceStart, type Model } from "./model";

/**
 * One vehicle's route with the bookkeeping that makes insertion checks O(1) (O(D) for loads).
 * Positions: 0 = start, 1..n = tasks, n + 1 = end.
 */
export class Route {
  n = 0;
  cap: number;
  nodes: Int32Array;
  locs: Int32Array;
  /** departure from each position (pos 0 = shift start); for n + 1 the arrival at the end */
  dep: Float64Array;
  /** latest feasible service start at each position given the rest of the route */
  latest: Float64Array;
  /** load on board when leaving each position, per dimension */
  load: Float64Array;
  /** max load over positions 0..k, and over k..n+1 */
  prefMax: Float64Array;
  sufMax: Float64Array;
  /** variable cost (metric * vehicle multiplier), fixed cost excluded */
  cost = 0;

  constructor(readonly m: Model, readonly v: number) {
    this.cap = 0;
    this.nodes = new Int32Array(0);
    this.locs = new Int32Array(0);
    this.dep = new Float64Array(0);
    this.latest = new Float64Array(0);
    this.load = new Float64Array(0);
    this.prefMax = new Float64Array(0);
    this.sufMax = new Float64Array(0);
    this.grow(8);
    this.update();
  }

  private grow(size: number) {
    const D = this.m.D;
    const nodes = new Int32Array(size + 2);
    nodes.set(this.nodes.subarray(0, Math.min(this.nodes.length, size + 2)));
    this.nodes = nodes;
    this.cap = size;
    this.locs = new Int32Array(size + 2);
    this.dep = new Float64Array(size + 2);
    this.latest = new Float64Array(size + 2);
    this.load = new Float64Array((size + 2) * D);
    this.prefMax = new Float64Array((size + 2) * D);
    this.sufMax = new Float64Array((size + 2) * D);
  }

  ensure(size: number) {
    if (size > this.cap) this.grow(Math.max(size, this.cap * 2));
  }

  /** Recomputes every derived array from nodes[1..n]; call after any change. */
  update(routeOf?: Int32Array, posOf?: Int32Array) {
    const m = this.m;
    const v = this.v;
    const n = this.n;
    const D = m.D;
    const nLoc = m.nLoc;
    const { nodes, locs, dep, latest, load, prefMax, sufMax } = this;
    locs[0] = m.vStart[v];
    locs[n + 1] = m.vEnd[v];
    for (let k = 1; k <= n; k++) {
      locs[k] = m.taskLoc[nodes[k]];
      if (routeOf) {
        routeOf[nodes[k]] = v;
        posOf![nodes[k]] = k;
      }
    }
    let t = m.vShiftStart[v];
    dep[0] = t;
    let cost = 0;
    for (let k = 1; k <= n + 1; k++) {
      const a = locs[k - 1];
      const b = locs[k];
      cost += m.metric[a * nLoc + b];
      const arr = t + m.time[a * nLoc + b];
      if (k <= n) {
        const task = nodes[k];
        t = serviceStart(m, task, arr) + m.service[task];
      } else t = arr;
      dep[k] = t;
    }
    this.cost = n === 0 ? 0 : cost * m.vMult[v];

    latest[n + 1] = m.vEndLimit[v];
    for (let k = n; k >= 1; k--) {
      const task = nodes[k];
      const lim = latest[k + 1] - m.time[locs[k] * nLoc + locs[k + 1]] - m.service[task];
      latest[k] = latestStart(m, task, lim);
    }
    latest[0] = latest[1] - m.time[locs[0] * nLoc + locs[1]];

    for (let d = 0; d < D; d++) {
      let l = 0;
      for (let k = 1; k <= n; k++) l += m.startLoad[nodes[k] * D + d];
      load[d] = l;
      for (let k = 1; k <= n; k++) {
        l += m.delta[nodes[k] * D + d];
        load[k * D + d] = l;
      }
      load[(n + 1) * D + d] = l;
      let mx = -Infinity;
      for (let k = 0; k <= n + 1; k++) {
        const x = load[k * D + d];
        if (x > mx) mx = x;
        prefMax[k * D + d] = mx;
      }
      mx = -Infinity;
      for (let k = n + 1; k >= 0; k--) {
        const x = load[k * D + d];
        if (x > mx) mx = x;
        sufMax[k * D + d] = mx;
      }
    }
  }

  /** Start of service at position k (1..n). */
  startAt(k: number): number {
    return this.dep[k] - this.m.service[this.nodes[k]];
  }

  insertAt(pos: number, task: number) {
    this.ensure(this.n + 1);
    this.nodes.copyWithin(pos + 1, pos, this.n + 1);
    this.nodes[pos] = task;
    this.n++;
  }

  /** Removes the tasks flagged in `removed` (indexed by task) and compacts. */
  compact(removed: Uint8Array) {
    let w = 1;
    for (let k = 1; k <= this.n; k++) {
      const task = this.nodes[k];
      if (!removed[task]) this.nodes[w++] = task;
    }
    this.n = w - 1;
  }

  copyFrom(other: Route) {
    this.ensure(other.n);
    this.nodes.set(other.nodes.subarray(0, other.n + 2));
    this.n = other.n;
  }

  tasks(): number[] {
    return Array.from(this.nodes.subarray(1, this.n + 1));
  }
}
