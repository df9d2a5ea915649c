import type { SolveOptions, SolveStatus } from "../types";
import { PICKUP, SINGLE, type Model } from "./model";
import { createRng } from "./rng";
import { DEFAULT_PARAMS, RuinRecreate, type SisrParams } from "./ruin-recreate";
import { Solution } from "./solution";

export interface SearchResult {
  best: Solution;
  status: SolveStatus;
  iterations: number;
  elapsedMs: number;
}

export interface SearchTuning extends Partial<SisrParams> {
  /** start and final temperature as multiples of the average edge cost of the first solution */
  t0?: number;
  tf?: number;
}

const YIELD_EVERY_MS = 40;

const now = () => performance.now();

/**
 * Construction by greedy insertion, then SISR ruin-and-recreate with simulated annealing
 * (Christiaens & Vanden Berghe 2020). The acceptance test is lexicographic: unserved priority
 * weight, then vehicles (when minimised), then cost with the annealing criterion.
 */
export async function search(m: Model, options: SolveOptions, tuning: SearchTuning = {}): Promise<SearchResult> {
  const t0ms = now();
  const timeLimit = options.timeLimitMs ?? 10_000;
  const maxIter = options.maxIterations ?? Infinity;
  const progressEvery = options.progressIntervalMs ?? 250;
  const rand = createRng(options.seed ?? 1);
  const params: SisrParams = { ...DEFAULT_PARAMS, ...tuning };
  const rr = new RuinRecreate(m, params, rand);

  const cur = new Solution(m);
  const units: number[] = [];
  for (let t = 0; t < m.nTasks; t++) if (m.kind[t] === SINGLE || m.kind[t] === PICKUP) units.push(t);
  rr.beginIteration();
  rr.setUnits(units);
  rr.recreate(cur);
  const work = cur.clone();
  const best = cur.clone();

  const edges = cur.served() + cur.vehicles();
  const avgEdge = edges > 0 ? cur.cost() / edges : 1;
  // Tuned on the benchmarks: with time windows few insertions are feasible and a hotter search
  // moves better (Solomon, Gehring-Homberger); without them (CVRP) a cooler one converges better.
  const t0 = tuning.t0 ?? (hasTimeWindows(m) ? 2 : 0.5);
  const tStart = Math.max(t0 * avgEdge, 1e-9);
  const tEnd = Math.max((tuning.tf ?? t0 / 100) * avgEdge, 1e-12);

  let curW = cur.unassignedWeight();
  let curV = cur.vehicles();
  let curC = cur.cost();
  let bestW = curW;
  let bestV = curV;
  let bestC = curC;

  let it = 0;
  let status: SolveStatus = "completed";
  let lastYield = now();
  let lastProgress = -Infinity;
  const report = (elapsed: number) => {
    lastProgress = elapsed;
    options.onProgress?.({ elapsedMs: Math.round(elapsed), iteration: it, bestCost: bestC, vehicles: bestV, unassigned: best.unassigned.length });
  };
  report(now() - t0ms);

  const nothingToDo = m.nTasks === 0;
  while (!nothingToDo && it < maxIter) {
    const t = now();
    const elapsed = t - t0ms;
    if (options.signal?.aborted) {
      status = "cancelled";
      break;
    }
    if (elapsed >= timeLimit) {
      status = "time_limit";
      break;
    }
    if (t - lastYield >= YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lastYield = now();
      if (options.signal?.aborted) {
        status = "cancelled";
        break;
      }
    }
    if (elapsed - lastProgress >= progressEvery) report(elapsed);

    const frac = Math.max(elapsed / timeLimit, maxIter === Infinity ? 0 : it / maxIter);
    const temp = tStart * Math.pow(tEnd / tStart, frac);
    it++;

    rr.beginIteration();
    rr.ruin(work);
    rr.recreate(work);

    const w = work.unassignedWeight();
    const v = work.vehicles();
    const c = work.cost();
    let accept: boolean;
    if (w !== curW) accept = w < curW;
    else if (m.minimizeVehicles && v !== curV) accept = v < curV;
    else accept = c < curC - temp * Math.log(rand());

    if (accept) {
      for (const r of rr.touched) cur.copyRoute(work, r);
      cur.unassigned = work.unassigned.slice();
      curW = w;
      curV = v;
      curC = c;
      const better = w < bestW || (w === bestW && (m.minimizeVehicles && v !== bestV ? v < bestV : c < bestC - 1e-9));
      if (better) {
        best.copyFrom(cur);
        bestW = w;
        bestV = v;
        bestC = c;
      }
    } else {
      for (const r of rr.touched) work.copyRoute(cur, r);
      work.unassigned = cur.unassigned.slice();
    }
  }
  const elapsedMs = now() - t0ms;
  report(elapsedMs);
  return { best, status, iterations: it, elapsedMs };
}

function hasTimeWindows(m: Model): boolean {
  for (let w = 0; w < m.twStart.length; w++) if (m.twStart[w] > -1e14 || m.twEnd[w] < 1e14) return true;
  return false;
}
