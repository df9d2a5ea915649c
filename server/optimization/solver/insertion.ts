import { serviceStart, type Model } from "./model";
import type { Route } from "./route";

/** Best insertion found so far; reused to keep allocation out of the hot loop. */
export class BestInsertion {
  cost = Infinity;
  route = -1;
  /** insert after this position */
  i = -1;
  /** for shipments: insert the delivery after this (original) position, >= i */
  j = -1;
  reset(bound = Infinity) {
    this.cost = bound;
    this.route = -1;
    this.i = -1;
    this.j = -1;
  }
}

/**
 * Evaluates inserting a plain job into every gap of `r`, keeping `best` if cheaper.
 * `blink` is the probability of skipping a feasible gap (SISR's blinks); `rand` a [0,1) source.
 * `extra` is added to every candidate's cost (fixed cost of opening an empty route).
 */
export function evalSingle(
  m: Model,
  r: Route,
  task: number,
  best: BestInsertion,
  extra: number,
  blink: number,
  rand: () => number,
): void {
  const v = r.v;
  if (m.compat[task * m.nVeh + v] === 0) return;
  const { nLoc, metric, time, D } = m;
  const { locs, dep, latest, load, prefMax, sufMax } = r;
  const mult = m.vMult[v];
  const c = m.taskLoc[task];
  const serv = m.service[task];
  const lastEnd = m.twEnd[m.twOff[task + 1] - 1];
  const n = r.n;
  const capOff = v * D;
  const tOff = task * D;
  for (let k = 0; k <= n; k++) {
    const a = locs[k];
    const b = locs[k + 1];
    const dc = extra + mult * (metric[a * nLoc + c] + metric[c * nLoc + b] - metric[a * nLoc + b]);
    if (dc >= best.cost) continue;
    const depA = dep[k];
    if (depA > lastEnd) break;
    const s = serviceStart(m, task, depA + time[a * nLoc + c]);
    if (s + serv + time[c * nLoc + b] > latest[k + 1]) continue;
    let ok = true;
    for (let d = 0; d < D; d++) {
      const cap = m.vCap[capOff + d];
      const sl = m.startLoad[tOff + d];
      const after = sl + m.delta[tOff + d];
      if (prefMax[k * D + d] + sl > cap || load[k * D + d] + after > cap || sufMax[(k + 1) * D + d] + after > cap) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (blink > 0 && rand() < blink) continue;
    best.cost = dc;
    best.route = v;
    best.i = k;
    best.j = -1;
  }
}

/** Evaluates inserting shipment (p, q) with p after position i and q after position j >= i. */
export function evalPair(
  m: Model,
  r: Route,
  p: number,
  q: number,
  best: BestInsertion,
  extra: number,
  blink: number,
  rand: () => number,
): void {
  const v = r.v;
  if (m.compat[p * m.nVeh + v] === 0) return;
  const { nLoc, metric, time, D } = m;
  const { locs, dep, latest, load, nodes } = r;
  const mult = m.vMult[v];
  const lp = m.taskLoc[p];
  const lq = m.taskLoc[q];
  const n = r.n;
  const capOff = v * D;
  const lastEndP = m.twEnd[m.twOff[p + 1] - 1];
  const runMax = scratch(D);
  for (let i = 0; i <= n; i++) {
    const a = locs[i];
    const b = locs[i + 1];
    if (dep[i] > lastEndP) break;
    const sP = serviceStart(m, p, dep[i] + time[a * nLoc + lp]);
    if (sP === Infinity) continue;
    const depP = sP + m.service[p];
    let ok = true;
    for (let d = 0; d < D; d++) {
      runMax[d] = load[i * D + d];
      if (runMax[d] + m.delta[p * D + d] > m.vCap[capOff + d]) ok = false;
    }
    if (!ok) continue;
    if (blink > 0 && rand() < blink) continue;
    const costP = extra + mult * (metric[a * nLoc + lp] + metric[lp * nLoc + b] - metric[a * nLoc + b]);
    // delivery straight after the pickup
    const sQ0 = serviceStart(m, q, depP + time[lp * nLoc + lq]);
    if (sQ0 + m.service[q] + time[lq * nLoc + b] <= latest[i + 1]) {
      const c0 =
        extra + mult * (metric[a * nLoc + lp] + metric[lp * nLoc + lq] + metric[lq * nLoc + b] - metric[a * nLoc + b]);
      if (c0 < best.cost) {
        best.cost = c0;
        best.route = v;
        best.i = i;
        best.j = i;
      }
    }
    let curDep = depP;
    let curLoc = lp;
    for (let j = i + 1; j <= n; j++) {
      const lj = locs[j];
      const arr = curDep + time[curLoc * nLoc + lj];
      if (arr > latest[j]) break;
      curDep = serviceStart(m, nodes[j], arr) + m.service[nodes[j]];
      curLoc = lj;
      let capOk = true;
      for (let d = 0; d < D; d++) {
        const x = load[j * D + d];
        if (x > runMax[d]) runMax[d] = x;
        if (runMax[d] + m.delta[p * D + d] > m.vCap[capOff + d]) capOk = false;
      }
      if (!capOk) break;
      const nb = locs[j + 1];
      const cj = costP + mult * (metric[lj * nLoc + lq] + metric[lq * nLoc + nb] - metric[lj * nLoc + nb]);
      if (cj >= best.cost) continue;
      const sQ = serviceStart(m, q, curDep + time[lj * nLoc + lq]);
      if (sQ + m.service[q] + time[lq * nLoc + nb] > latest[j + 1]) continue;
      best.cost = cj;
      best.route = v;
      best.i = i;
      best.j = j;
    }
  }
}

let scratchBuf = new Float64Array(4);
function scratch(D: number): Float64Array {
  if (scratchBuf.length < D) scratchBuf = new Float64Array(D);
  return scratchBuf;
}
