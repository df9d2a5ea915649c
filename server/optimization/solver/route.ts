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

  constructor(
    readonly m: Model,
    readonly v: number,
  ) {
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
    const { taskLoc, time, metric, service, twOff, twStart, twEnd, startLoad, delta } = m;
    locs[0] = m.vStart[v];
    locs[n + 1] = m.vEnd[v];
    let t = m.vShiftStart[v];
    dep[0] = t;
    let cost = 0;
    let a = locs[0];
    for (let k = 1; k <= n; k++) {
      const task = nodes[k];
      const b = taskLoc[task];
      locs[k] = b;
      if (routeOf) {
        routeOf[task] = v;
        posOf![task] = k;
      }
      cost += metric[a * nLoc + b];
      const arr = t + time[a * nLoc + b];
      const w = twOff[task];
      if (twOff[task + 1] - w === 1) t = (arr > twStart[w] ? arr : twStart[w]) + service[task];
      else t = serviceStart(m, task, arr) + service[task];
      dep[k] = t;
      a = b;
    }
    const end = locs[n + 1];
    cost += metric[a * nLoc + end];
    dep[n + 1] = t + time[a * nLoc + end];
    this.cost = n === 0 ? 0 : cost * m.vMult[v];

    let lat = m.vEndLimit[v];
    latest[n + 1] = lat;
    for (let k = n; k >= 1; k--) {
      const task = nodes[k];
      const lim = lat - time[locs[k] * nLoc + locs[k + 1]] - service[task];
      const w = twOff[task];
      if (twOff[task + 1] - w === 1) lat = twStart[w] <= lim ? (lim < twEnd[w] ? lim : twEnd[w]) : -Infinity;
      else lat = latestStart(m, task, lim);
      latest[k] = lat;
    }
    latest[0] = latest[1] - time[locs[0] * nLoc + locs[1]];

    for (let d = 0; d < D; d++) {
      let l = 0;
      for (let k = 1; k <= n; k++) l += startLoad[nodes[k] * D + d];
      load[d] = l;
      let mx = l;
      prefMax[d] = l;
      for (let k = 1; k <= n; k++) {
        l += delta[nodes[k] * D + d];
        load[k * D + d] = l;
        if (l > mx) mx = l;
        prefMax[k * D + d] = mx;
      }
      load[(n + 1) * D + d] = l;
      prefMax[(n + 1) * D + d] = mx;
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

  /** Copies nodes only; call update() afterwards. */
  copyFrom(other: Route) {
    this.ensure(other.n);
    this.nodes.set(other.nodes.subarray(0, other.n + 2));
    this.n = other.n;
  }

  /** Copies nodes and every derived array (no recomputation); sets task maps when given. */
  cloneFrom(other: Route, routeOf: Int32Array, posOf: Int32Array) {
    this.ensure(other.n);
    const len = other.n + 2;
    const D = this.m.D;
    this.n = other.n;
    this.cost = other.cost;
    this.nodes.set(other.nodes.subarray(0, len));
    this.locs.set(other.locs.subarray(0, len));
    this.dep.set(other.dep.subarray(0, len));
    this.latest.set(other.latest.subarray(0, len));
    this.load.set(other.load.subarray(0, len * D));
    this.prefMax.set(other.prefMax.subarray(0, len * D));
    this.sufMax.set(other.sufMax.subarray(0, len * D));
    for (let k = 1; k <= this.n; k++) {
      routeOf[this.nodes[k]] = this.v;
      posOf[this.nodes[k]] = k;
    }
  }

  tasks(): number[] {
    return Array.from(this.nodes.subarray(1, this.n + 1));
  }
}
