import type { UnassignedReason } from "../types";
import { BestInsertion, evalPair, evalSingle } from "./insertion";
import { DELIVERY, latestStart, PICKUP, serviceStart, type Model } from "./model";
import { Route } from "./route";
import type { Solution } from "./solution";

/** Severity order used to pick one reason when vehicles are blocked by different constraints. */
const ORDER: UnassignedReason[] = ["SKILLS", "CAPACITY", "TIME_WINDOW", "SHIFT", "MAX_DURATION", "NO_VEHICLE"];

/**
 * Why a unit could not be served. Each vehicle is tested alone (empty route): skills, then
 * capacity, then reaching a window, then the shift end, then the max duration. The reported
 * reason is the one of the vehicle that got furthest through these checks. A unit that fits an
 * empty vehicle but no route of the final plan is blocked by the other jobs: reported as
 * FLEET_LIMIT when the fleet limit (maxVehicles) is reached and an unused vehicle could have
 * served it, else CAPACITY or TIME_WINDOW depending on what blocks it in the used routes, or NO_VEHICLE.
 */
export function unassignedReason(m: Model, s: Solution, unit: number): UnassignedReason {
  let furthest = -1;
  for (let v = 0; v < m.nVeh; v++) {
    const idx = ORDER.indexOf(aloneCheck(m, v, unit));
    if (idx > furthest) furthest = idx;
  }
  if (furthest < 0) return "NO_VEHICLE";
  const reason = ORDER[furthest];
  if (reason !== "NO_VEHICLE") return reason;
  // the fleet limit is reached and a vehicle left unused could have served the unit
  if (s.vehicles() >= m.maxRoutes) {
    for (const r of s.routes) if (r.n === 0 && aloneCheck(m, r.v, unit) === "NO_VEHICLE") return "FLEET_LIMIT";
  }
  let capacityBlocked = false;
  let timeBlocked = false;
  const best = new BestInsertion();
  const rand = () => 1;
  for (const r of s.routes) {
    if (r.n === 0 || !m.compat[unit * m.nVeh + r.v]) continue;
    if (!fitsCapacity(m, r, unit)) capacityBlocked = true;
    else {
      best.reset();
      if (m.kind[unit] === PICKUP) evalPair(m, r, unit, m.pair[unit], best, 0, 0, rand);
      else evalSingle(m, r, unit, best, 0, 0, rand);
      if (best.route < 0) timeBlocked = true;
    }
  }
  if (timeBlocked) return "TIME_WINDOW";
  if (capacityBlocked) return "CAPACITY";
  return "NO_VEHICLE";
}

/** Whether some vehicle could serve the unit on its own (an empty route): units that fit none can never be placed. */
export function fitsAlone(m: Model): Uint8Array {
  // identical vehicles (one type) give the same answer: test one of each type
  const reps: number[] = [];
  const seen = new Uint8Array(m.nTypes);
  for (let v = 0; v < m.nVeh; v++) {
    if (!seen[m.vType[v]]) {
      seen[m.vType[v]] = 1;
      reps.push(v);
    }
  }
  const out = new Uint8Array(m.nTasks);
  for (let u = 0; u < m.nTasks; u++) {
    if (m.kind[u] === DELIVERY) continue;
    for (const v of reps) {
      if (aloneCheck(m, v, u) === "NO_VEHICLE") {
        out[u] = 1;
        break;
      }
    }
  }
  return out;
}

/** The first constraint that stops vehicle v serving the unit on its own, or NO_VEHICLE when none does. */
function aloneCheck(m: Model, v: number, unit: number): UnassignedReason {
  if (!m.compat[unit * m.nVeh + v]) return "SKILLS";
  const tasks = m.kind[unit] === PICKUP ? [unit, m.pair[unit]] : [unit];
  for (let d = 0; d < m.D; d++) {
    const cap = m.vCap[v * m.D + d];
    let load = 0;
    for (const t of tasks) load += m.startLoad[t * m.D + d];
    if (load > cap) return "CAPACITY";
    for (const t of tasks) {
      load += m.delta[t * m.D + d];
      if (load > cap) return "CAPACITY";
    }
  }
  const L = m.nLoc;
  let time = m.vShiftStart[v];
  let loc = m.vStart[v];
  for (const t of tasks) {
    const s = serviceStart(m, t, time + m.time[loc * L + m.taskLoc[t]]);
    if (s === Infinity) return "TIME_WINDOW";
    time = s + m.service[t];
    loc = m.taskLoc[t];
  }
  const endArrival = time + m.time[loc * L + m.vEnd[v]];
  if (endArrival > m.vShiftEnd[v]) {
    // a window that opens only after the shift is a time-window problem, not a shift one
    const first = tasks[0];
    const reachable = latestStart(m, first, m.vShiftEnd[v]) > -Infinity;
    return reachable ? "SHIFT" : "TIME_WINDOW";
  }
  if (endArrival > m.vEndLimit[v]) return "MAX_DURATION";
  return "NO_VEHICLE";
}

/** Whether some position of r has room for the unit, ignoring time. */
function fitsCapacity(m: Model, r: Route, unit: number): boolean {
  const D = m.D;
  const capOff = r.v * D;
  for (let k = 0; k <= r.n; k++) {
    let ok = true;
    for (let d = 0; d < D && ok; d++) {
      const cap = m.vCap[capOff + d];
      if (m.kind[unit] === PICKUP) {
        ok = r.load[k * D + d] + m.delta[unit * D + d] <= cap;
      } else {
        const sl = m.startLoad[unit * D + d];
        const after = sl + m.delta[unit * D + d];
        ok =
          r.prefMax[k * D + d] + sl <= cap &&
          r.load[k * D + d] + after <= cap &&
          r.sufMax[(k + 1) * D + d] + after <= cap;
      }
    }
    if (ok) return true;
  }
  return false;
}
