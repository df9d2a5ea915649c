import type { SolveOptions, SolveStatus } from "../types";
import { Control } from "./control";
import { minimiseFleet, repairFleet } from "./fleet";
import { PICKUP, SINGLE, type Model } from "./model";
import { fitsAlone } from "./reasons";
import { createRng } from "../../shared/random";
import { DEFAULT_PARAMS, RuinRecreate, type SisrParams } from "./ruin-recreate";
import { fleetTier, Solution } from "./solution";

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
  /** share of the budget given to fleet minimisation when vehicles are minimised */
  fleetShare?: number;
  /** share of the budget the repair phase may use when the construction left units out */
  repairShare?: number;
}

/**
 * Construction by greedy insertion, then a repair phase when it left units out that some vehicle
 * could serve (tight fleet or fleet limit), then (when vehicles are minimised) a fleet minimisation
 * phase, then SISR ruin-and-recreate with simulated annealing (Christiaens & Vanden Berghe 2020).
 * The acceptance test is lexicographic: unserved priority weight, then the fleet tier (routes
 * missing below minVehicles, then vehicles when minimised), then cost with the annealing criterion.
 */
export async function search(m: Model, options: SolveOptions, tuning: SearchTuning = {}): Promise<SearchResult> {
  const rand = createRng(options.seed ?? 1);
  const params: SisrParams = { ...DEFAULT_PARAMS, ...tuning };
  const rr = new RuinRecreate(m, params, rand);

  const cur = new Solution(m);
  const units: number[] = [];
  for (let t = 0; t < m.nTasks; t++) if (m.kind[t] === SINGLE || m.kind[t] === PICKUP) units.push(t);
  rr.beginIteration();
  rr.setUnits(units);
  rr.recreate(cur);
  const best = cur.clone();

  let bestW = best.unassignedWeight();
  let bestTier = fleetTier(m, best.vehicles());
  let bestC = best.cost();
  const ctl = new Control(options, () => ({
    cost: bestC,
    vehicles: best.vehicles(),
    unassigned: best.unassigned.length,
  }));
  ctl.report();
  const done = () => {
    ctl.report();
    return { best, status: ctl.status, iterations: ctl.it, elapsedMs: ctl.elapsed() };
  };
  if (m.nTasks === 0) return done();

  const edges = cur.served() + cur.vehicles();
  const avgEdge = edges > 0 ? cur.cost() / edges : 1;
  // Tuned on the benchmarks: with time windows few insertions are feasible and a hotter search
  // moves better (Solomon, Gehring-Homberger); without them (CVRP) a cooler one converges better.
  const t0 = tuning.t0 ?? (hasTimeWindows(m) ? 2 : 0.5);
  const tStart = Math.max(t0 * avgEdge, 1e-9);
  const tEnd = Math.max((tuning.tf ?? t0 / 100) * avgEdge, 1e-12);

  const improved = (s: Solution) => {
    best.copyFrom(s);
    bestW = best.unassignedWeight();
    bestTier = fleetTier(m, best.vehicles());
    bestC = best.cost();
  };
  const placeable = fitsAlone(m);
  let phaseStart = 0;
  if (best.unassigned.some((u) => placeable[u])) {
    // a tight fleet (or fleet limit): find a plan that places everything before optimising cost
    await repairFleet(m, rr, best, ctl, tuning.repairShare ?? 0.5, placeable, improved);
    phaseStart = Math.min(ctl.fraction(), 0.99);
  }
  if (m.minimizeVehicles) {
    await minimiseFleet(m, rr, best, ctl, tuning.fleetShare ?? 0.3, placeable, improved);
    phaseStart = Math.min(ctl.fraction(), 0.99);
  }
  cur.copyFrom(best);
  bestW = best.unassignedWeight();
  bestTier = fleetTier(m, best.vehicles());
  bestC = best.cost();
  const work = cur.clone();
  let curW = bestW;
  let curTier = bestTier;
  let curC = bestC;

  while (await ctl.next()) {
    const frac = Math.min(1, Math.max(0, (ctl.fraction() - phaseStart) / (1 - phaseStart)));
    const temp = tStart * Math.pow(tEnd / tStart, frac);

    rr.beginIteration();
    rr.ruin(work);
    rr.recreate(work);

    const w = work.unassignedWeight();
    const tier = fleetTier(m, work.vehicles());
    const c = work.cost();
    let accept: boolean;
    if (w !== curW) accept = w < curW;
    else if (tier !== curTier) accept = tier < curTier;
    else accept = c < curC - temp * Math.log(rand());

    if (accept) {
      for (const r of rr.touched) cur.copyRoute(work, r);
      cur.unassigned = work.unassigned.slice();
      curW = w;
      curTier = tier;
      curC = c;
      const better = w < bestW || (w === bestW && (tier !== bestTier ? tier < bestTier : c < bestC - 1e-9));
      if (better) {
        best.copyFrom(cur);
        bestW = w;
        bestTier = tier;
        bestC = c;
      }
    } else {
      for (const r of rr.touched) work.copyRoute(cur, r);
      work.unassigned = cur.unassigned.slice();
    }
  }
  return done();
}

function hasTimeWindows(m: Model): boolean {
  for (let w = 0; w < m.twStart.length; w++) if (m.twStart[w] > -1e14 || m.twEnd[w] < 1e14) return true;
  return false;
}
