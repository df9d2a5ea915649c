import { BestInsertion, evalPair, evalSingle } from "./insertion";
import { PICKUP, type Model } from "./model";
import { Solution } from "./solution";

export interface SisrParams {
  /** average number of removed customers (c-bar) */
  avgRemoved: number;
  /** maximum string length (L-max) */
  maxString: number;
  /** probability of growing the preserved part of a split string by one more */
  splitGrow: number;
  /** probability of skipping a feasible position during insertion */
  blink: number;
  /** probability of also emptying the smallest route (only when minimising vehicles) */
  routeRemoval: number;
}

export const DEFAULT_PARAMS: SisrParams = {
  avgRemoved: 10,
  maxString: 10,
  splitGrow: 0.5,
  blink: 0.01,
  routeRemoval: 0.05,
};

/** SISR ruin (adjacent string removal) and recreate (greedy insertion with blinks). */
export class RuinRecreate {
  private removedFlag: Uint8Array;
  private routeStamp: Int32Array;
  private typeStamp: Int32Array;
  private stamp = 0;
  private typeCounter = 0;
  /** vehicles whose route changed in the current iteration */
  touched: number[] = [];
  private best = new BestInsertion();
  private units: number[] = [];
  private sortKey: Float64Array;
  private demandKey: Float64Array;
  private depotKey: Float64Array;
  private empties: number[] = [];

  constructor(
    readonly m: Model,
    readonly params: SisrParams,
    readonly rand: () => number,
  ) {
    this.removedFlag = new Uint8Array(m.nTasks);
    this.routeStamp = new Int32Array(m.nVeh);
    this.typeStamp = new Int32Array(m.nTypes);
    this.sortKey = new Float64Array(m.nTasks);
    this.demandKey = new Float64Array(m.nTasks);
    this.depotKey = new Float64Array(m.nTasks);
    const depot = m.nVeh > 0 ? m.vStart[0] : 0;
    for (let t = 0; t < m.nTasks; t++) {
      let dem = 0;
      for (let d = 0; d < m.D; d++) dem += m.startLoad[t * m.D + d] + Math.abs(m.delta[t * m.D + d]);
      this.demandKey[t] = dem;
      this.depotKey[t] = m.metric[depot * m.nLoc + m.taskLoc[t]];
    }
  }

  private touch(v: number) {
    if (this.routeStamp[v] !== this.stamp) {
      this.routeStamp[v] = this.stamp;
      this.touched.push(v);
    }
  }

  beginIteration() {
    this.stamp++;
    this.touched.length = 0;
  }

  /** Removes strings of tasks around a random seed task; returns nothing, fills this.units. */
  ruin(s: Solution, allowRouteRemoval = true) {
    const { m, rand, params } = this;
    const units = this.units;
    units.length = 0;
    let served = 0;
    let active = 0;
    for (const r of s.routes) {
      if (r.n > 0) {
        served += r.n;
        active++;
      }
    }
    if (served === 0) return;
    const lsMax = Math.min(params.maxString, served / active);
    const ksMax = (4 * params.avgRemoved) / (1 + lsMax) - 1;
    const ks = Math.floor(rand() * ksMax) + 1;
    let seed = Math.floor(rand() * m.nTasks);
    for (let tries = 0; s.routeOf[seed] < 0 && tries < m.nTasks; tries++) seed = (seed + 1) % m.nTasks;
    const ruined: number[] = [];
    const removed = this.removedFlag;
    if (allowRouteRemoval && active > 1 && rand() < params.routeRemoval) {
      let smallest = -1;
      for (const r of s.routes) if (r.n > 0 && (smallest < 0 || r.n < s.routes[smallest].n)) smallest = r.v;
      const r = s.routes[smallest];
      for (let k = 1; k <= r.n; k++) this.markRemoved(s, r.nodes[k]);
      ruined.push(smallest);
      this.routeStamp[smallest] = this.stamp;
      this.touched.push(smallest);
    }
    const target = ks + ruined.length;
    for (let idx = -1; idx < m.K && ruined.length < target; idx++) {
      const c = idx < 0 ? seed : m.neighbours[seed * m.K + idx];
      const v = s.routeOf[c];
      if (v < 0 || removed[c] || this.routeStamp[v] === this.stamp) continue;
      const r = s.routes[v];
      const lMax = Math.min(r.n, lsMax);
      const l = Math.floor(rand() * lMax) + 1;
      const pos = s.posOf[c];
      if (l === r.n || rand() < 0.5) {
        const lo = Math.max(1, pos - l + 1);
        const hi = Math.min(pos, r.n - l + 1);
        const start = lo + Math.floor(rand() * (hi - lo + 1));
        for (let k = start; k < start + l; k++) this.markRemoved(s, r.nodes[k]);
      } else {
        let keep = 1;
        while (l + keep < r.n && rand() < params.splitGrow) keep++;
        const len = l + keep;
        const lo = Math.max(1, pos - len + 1);
        const hi = Math.min(pos, r.n - len + 1);
        const start = lo + Math.floor(rand() * (hi - lo + 1));
        const keepStart = start + Math.floor(rand() * (l + 1));
        for (let k = start; k < start + len; k++) {
          if (k >= keepStart && k < keepStart + keep) continue;
          this.markRemoved(s, r.nodes[k]);
        }
      }
      this.touch(v);
      ruined.push(v);
    }
    for (const v of ruined) {
      s.routes[v].compact(removed);
      s.routes[v].update(s.routeOf, s.posOf);
    }
    for (const u of units) {
      removed[u] = 0;
      if (m.kind[u] === PICKUP) removed[m.pair[u]] = 0;
      s.routeOf[u] = -1;
      if (m.kind[u] === PICKUP) s.routeOf[m.pair[u]] = -1;
    }
  }

  private markRemoved(s: Solution, task: number) {
    const m = this.m;
    const unit = Solution.unitOf(m, task);
    if (this.removedFlag[unit]) return;
    this.removedFlag[unit] = 1;
    if (m.kind[unit] === PICKUP) this.removedFlag[m.pair[unit]] = 1;
    this.units.push(unit);
    void s;
  }

  /** Reinserts the ruined units and the previously unassigned ones, greedily, in a random SISR order. */
  /** With `noNewRoutes`, units go only into routes already in use (fleet minimisation). */
  recreate(s: Solution, noNewRoutes = false) {
    const { rand } = this;
    const units = this.units;
    for (const u of s.unassigned) units.push(u);
    s.unassigned = [];
    this.sortUnits(units);
    for (const u of units) {
      if (!this.insertUnit(s, u, noNewRoutes)) s.unassigned.push(u);
    }
    void rand;
  }

  /** Used by the construction: every unit starts unassigned. */
  setUnits(list: number[]) {
    this.units.length = 0;
    for (const u of list) this.units.push(u);
  }

  private sortUnits(units: number[]) {
    const { m, rand } = this;
    const key = this.sortKey;
    const x = rand() * 11;
    for (const u of units) {
      let k: number;
      if (x < 4) k = rand();
      else if (x < 8) k = -this.demandKey[u];
      else if (x < 10) k = -this.depotKey[u];
      else k = this.depotKey[u];
      key[u] = k;
    }
    units.sort((a, b) => m.priority[b] - m.priority[a] || key[a] - key[b] || a - b);
  }

  insertUnit(s: Solution, u: number, noNewRoutes = false): boolean {
    const { m, rand, best } = this;
    const blink = this.params.blink;
    const isPair = m.kind[u] === PICKUP;
    const q = isPair ? m.pair[u] : -1;
    best.reset();
    const empties = this.empties;
    empties.length = 0;
    const typeStampValue = ++this.typeCounter;
    let used = 0;
    for (let v = 0; v < m.nVeh; v++) {
      const r = s.routes[v];
      if (r.n > 0) used++;
      if (r.n === 0) {
        const ty = m.vType[v];
        if (this.typeStamp[ty] !== typeStampValue && m.compat[u * m.nVeh + v]) {
          this.typeStamp[ty] = typeStampValue;
          empties.push(v);
        }
        continue;
      }
      if (isPair) evalPair(m, r, u, q, best, 0, blink, rand);
      else evalSingle(m, r, u, best, 0, blink, rand);
    }
    // the fleet limit is hard: no new route once maxRoutes routes are in use
    if (!noNewRoutes && used < m.maxRoutes && !(m.minimizeVehicles && best.route >= 0 && used >= m.minRoutes)) {
      for (const v of empties) {
        const r = s.routes[v];
        const extra = m.vFixed[v];
        if (isPair) evalPair(m, r, u, q, best, extra, 0, rand);
        else evalSingle(m, r, u, best, extra, 0, rand);
      }
    }
    if (best.route < 0) return false;
    const r = s.routes[best.route];
    if (isPair) {
      r.insertAt(best.i + 1, u);
      r.insertAt(best.j + 2, q);
    } else r.insertAt(best.i + 1, u);
    r.update(s.routeOf, s.posOf);
    this.touch(best.route);
    return true;
  }
}
