import type { Control } from "./control";
import { DELIVERY, type Model } from "./model";
import type { RuinRecreate } from "./ruin-recreate";
import type { Solution } from "./solution";

/**
 * Ejection-pool search (the SISR paper's fleet minimisation): ruin and recreate while some
 * units are left out. A candidate is accepted when fewer units are left out, or when the ones
 * left out have been absent less often (absence counters steer the search towards placing the
 * hard customers). Two uses:
 *
 * - repair (`repairFleet`): the construction could not place every unit, typically because the
 *   fleet limit (maxVehicles) or a small fleet is tight. Runs until every unit that fits some
 *   vehicle on its own is placed, or until `phaseEnd`. New routes may be opened up to the limit.
 * - fleet minimisation (`minimiseFleet`, when vehicles are minimised): drop the smallest route
 *   and insert into the remaining routes only; when every unit fits, the solution is a new best
 *   with one vehicle less and the next route is dropped.
 *
 * Units that fit no vehicle even alone (`fitsAlone[u] = 0`) can never be placed and are ignored
 * by the stopping tests.
 */
export async function repairFleet(
  m: Model,
  rr: RuinRecreate,
  best: Solution,
  ctl: Control,
  phaseEnd: number,
  fitsAlone: Uint8Array,
  onImproved: (s: Solution) => void,
): Promise<void> {
  if (placeableLeft(best, fitsAlone) === 0) return;
  const cur = best.clone();
  await ejectionSearch(m, rr, cur, ctl, phaseEnd, fitsAlone, false, (s) => {
    if (s.compare(best) < 0) onImproved(s);
    return placeableLeft(s, fitsAlone) > 0;
  });
}

export async function minimiseFleet(
  m: Model,
  rr: RuinRecreate,
  best: Solution,
  ctl: Control,
  phaseEnd: number,
  fitsAlone: Uint8Array,
  onImproved: (s: Solution) => void,
): Promise<void> {
  const floor = Math.max(1, m.minRoutes);
  if (placeableLeft(best, fitsAlone) > 0 || best.vehicles() <= floor) return;
  const cur = best.clone();
  dropSmallestRoute(cur);
  await ejectionSearch(m, rr, cur, ctl, phaseEnd, fitsAlone, true, (s) => {
    if (placeableLeft(s, fitsAlone) > 0) return true;
    onImproved(s);
    if (s.vehicles() <= floor) return false;
    dropSmallestRoute(s);
    return true;
  });
}

/**
 * The shared loop. `cur` is the accepted solution; after every iteration `step(cur)` is called
 * and may change it (it returns false to stop). `noNewRoutes` keeps recreate to the used routes.
 */
async function ejectionSearch(
  m: Model,
  rr: RuinRecreate,
  cur: Solution,
  ctl: Control,
  phaseEnd: number,
  fitsAlone: Uint8Array,
  noNewRoutes: boolean,
  step: (cur: Solution) => boolean,
): Promise<void> {
  const absences = new Float64Array(m.nTasks);
  const work = cur.clone();
  const absent = (s: Solution) => {
    let a = 0;
    for (const u of s.unassigned) a += absences[u];
    return a;
  };
  while (await ctl.next(phaseEnd)) {
    rr.beginIteration();
    rr.ruin(work, false);
    rr.recreate(work, noNewRoutes);
    for (const u of work.unassigned) if (fitsAlone[u]) absences[u]++;
    const accept = work.unassigned.length < cur.unassigned.length || absent(work) < absent(cur);
    if (accept) {
      for (const r of rr.touched) cur.copyRoute(work, r);
      cur.unassigned = work.unassigned.slice();
    } else {
      for (const r of rr.touched) work.copyRoute(cur, r);
      work.unassigned = cur.unassigned.slice();
    }
    const before = cur.vehicles();
    if (!step(cur)) return;
    if (cur.vehicles() !== before) work.copyFrom(cur);
  }
}

/** Units left out that some vehicle could serve on its own. */
function placeableLeft(s: Solution, fitsAlone: Uint8Array): number {
  let n = 0;
  for (const u of s.unassigned) if (fitsAlone[u]) n++;
  return n;
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
