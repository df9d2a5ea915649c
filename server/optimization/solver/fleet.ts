import type { Control } from "./control";
import { DELIVERY, type Model } from "./model";
import type { RuinRecreate } from "./ruin-recreate";
import type { Solution } from "./solution";

/**
 * Fleet minimisation (the SISR paper's variant of an ejection pool): drop the smallest route,
 * then ruin and recreate into the remaining routes only. A candidate is accepted when fewer units
 * are left out, or when the ones left out have been absent less often (absence counters steer the
 * search towards placing the hard customers). When every unit fits, the solution is a new best with
 * one vehicle less and the next route is dropped. Runs until `phaseEnd` (fraction of the budget).
 */
export async function minimiseFleet(
  m: Model,
  rr: RuinRecreate,
  best: Solution,
  ctl: Control,
  phaseEnd: number,
  onImproved: (s: Solution) => void,
): Promise<void> {
  if (best.unassigned.length > 0 || best.vehicles() < 2) return;
  const absences = new Float64Array(m.nTasks);
  const cur = best.clone();
  dropSmallestRoute(cur);
  const work = cur.clone();
  const absent = (s: Solution) => {
    let a = 0;
    for (const u of s.unassigned) a += absences[u];
    return a;
  };
  while (await ctl.next(phaseEnd)) {
    rr.beginIteration();
    rr.ruin(work, false);
    rr.recreate(work, true);
    for (const u of work.unassigned) absences[u]++;
    const accept = work.unassigned.length < cur.unassigned.length || absent(work) < absent(cur);
    if (accept) {
      for (const r of rr.touched) cur.copyRoute(work, r);
      cur.unassigned = work.unassigned.slice();
    } else {
      for (const r of rr.touched) work.copyRoute(cur, r);
      work.unassigned = cur.unassigned.slice();
    }
    if (cur.unassigned.length === 0) {
      onImproved(cur);
      if (cur.vehicles() < 2) return;
      dropSmallestRoute(cur);
      work.copyFrom(cur);
    }
  }
}

function dropSmallestRoute(s: Solution) {
  let smallest = -1;
  for (const r of s.routes) if (r.n > 0 && (smallest < 0 || r.n < s.routes[smallest].n)) smallest = r.v;
  const r = s.routes[smallest];
  for (const t of r.tasks()) {
    s.routeOf[t] = -1;
    if (s.m.kind[t] !== DELIVERY) s.unassigned.push(t);
  }
  r.n = 0;
  r.update(s.routeOf, s.posOf);
}
