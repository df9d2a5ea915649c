import type { VrpProblem } from "../types";

/** Task kinds: a plain job, or one half of a shipment. */
export const SINGLE = 0;
export const PICKUP = 1;
export const DELIVERY = 2;

/**
 * Flat, typed-array view of a problem. Jobs and both halves of every shipment are "tasks".
 * One extra location (index nLoc - 1) is a zero-cost "nowhere", used as the end of open routes.
 */
export interface Model {
  nLoc: number;
  time: Float64Array;
  dist: Float64Array;
  /** distance or time, whichever the objective minimises */
  metric: Float64Array;

  nTasks: number;
  D: number;
  taskLoc: Int32Array;
  service: Float64Array;
  twOff: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array;
  /** per task*D: amount on board from the route start until the task */
  startLoad: Float64Array;
  /** per task*D: change of the load at the task */
  delta: Float64Array;
  kind: Uint8Array;
  /** partner task of a shipment half, -1 for jobs */
  pair: Int32Array;
  /** weight of leaving the task unserved (1 + priority); deliveries carry 0, the pickup carries the pair */
  weight: Float64Array;
  priority: Float64Array;
  /** index into problem.jobs for SINGLE, into problem.shipments for PICKUP/DELIVERY */
  source: Int32Array;

  nVeh: number;
  vStart: Int32Array;
  vEnd: Int32Array;
  vOpen: Uint8Array;
  vShiftStart: Float64Array;
  vShiftEnd: Float64Array;
  /** min(shift end, shift start + max duration) */
  vEndLimit: Float64Array;
  vCap: Float64Array;
  vMult: Float64Array;
  vFixed: Float64Array;
  /** vehicles with identical attributes share a type; only one empty vehicle per type is tried */
  vType: Int32Array;
  nTypes: number;
  /** compat[task * nVeh + v] = 1 when the vehicle has every skill the task needs */
  compat: Uint8Array;

  K: number;
  neighbours: Int32Array;
  minimizeVehicles: boolean;
  /** most routes a solution may use: min(problem.maxVehicles, nVeh) */
  maxRoutes: number;
  /** fewest routes a solution should use (problem.minVehicles, default 0) */
  minRoutes: number;
}

const BIG = 1e15;

export function buildModel(problem: VrpProblem): Model {
  const { matrix, vehicles, jobs } = problem;
  const shipments = problem.shipments ?? [];
  const metricName = problem.objective?.metric ?? "distance";
  const L0 = matrix.size;
  const nLoc = L0 + 1;
  const time = new Float64Array(nLoc * nLoc);
  const dist = new Float64Array(nLoc * nLoc);
  for (let a = 0; a < L0; a++) {
    for (let b = 0; b < L0; b++) {
      time[a * nLoc + b] = matrix.durations[a * L0 + b];
      dist[a * nLoc + b] = matrix.distances[a * L0 + b];
    }
  }
  const metric = metricName === "distance" ? dist : time;

  let D = 0;
  for (const v of vehicles) D = Math.max(D, v.capacity?.length ?? 0);
  for (const j of jobs) D = Math.max(D, j.delivery?.length ?? 0, j.pickup?.length ?? 0);
  for (const s of shipments) D = Math.max(D, s.amount?.length ?? 0);
  D = Math.max(D, 1);

  const nTasks = jobs.length + 2 * shipments.length;
  const taskLoc = new Int32Array(nTasks);
  const service = new Float64Array(nTasks);
  const twOff = new Int32Array(nTasks + 1);
  const tws: number[] = [];
  const startLoad = new Float64Array(nTasks * D);
  const delta = new Float64Array(nTasks * D);
  const kind = new Uint8Array(nTasks);
  const pair = new Int32Array(nTasks).fill(-1);
  const weight = new Float64Array(nTasks);
  const priority = new Float64Array(nTasks);
  const source = new Int32Array(nTasks);
  const skillSets: (string[] | undefined)[] = [];

  const checkLoc = (loc: number, what: string) => {
    if (!Number.isInteger(loc) || loc < 0 || loc >= L0)
      throw new Error(`${what}: location ${loc} is not a matrix index`);
  };
  const addWindows = (t: number, windows: { start: number; end: number }[] | undefined) => {
    twOff[t] = tws.length / 2;
    const list =
      windows && windows.length > 0 ? [...windows].sort((a, b) => a.start - b.start) : [{ start: -BIG, end: BIG }];
    for (const w of list) tws.push(w.start, w.end);
  };

  let t = 0;
  jobs.forEach((job, i) => {
    checkLoc(job.location, `job ${job.id}`);
    taskLoc[t] = job.location;
    service[t] = job.service ?? 0;
    addWindows(t, job.timeWindows);
    for (let d = 0; d < D; d++) {
      const del = job.delivery?.[d] ?? 0;
      const pick = job.pickup?.[d] ?? 0;
      startLoad[t * D + d] = del;
      delta[t * D + d] = pick - del;
    }
    kind[t] = SINGLE;
    priority[t] = job.priority ?? 0;
    weight[t] = 1 + priority[t];
    source[t] = i;
    skillSets.push(job.skills);
    t++;
  });
  shipments.forEach((s, i) => {
    checkLoc(s.pickup.location, `shipment ${s.id} pickup`);
    checkLoc(s.delivery.location, `shipment ${s.id} delivery`);
    const p = t;
    const q = t + 1;
    for (const [task, stop] of [
      [p, s.pickup],
      [q, s.delivery],
    ] as const) {
      taskLoc[task] = stop.location;
      service[task] = stop.service ?? 0;
      addWindows(task, stop.timeWindows);
      priority[task] = s.priority ?? 0;
      source[task] = i;
      skillSets.push(s.skills);
    }
    for (let d = 0; d < D; d++) {
      const a = s.amount?.[d] ?? 0;
      delta[p * D + d] = a;
      delta[q * D + d] = -a;
    }
    kind[p] = PICKUP;
    kind[q] = DELIVERY;
    pair[p] = q;
    pair[q] = p;
    weight[p] = 1 + priority[p];
    t += 2;
  });
  twOff[nTasks] = tws.length / 2;
  const twStart = new Float64Array(tws.length / 2);
  const twEnd = new Float64Array(tws.length / 2);
  for (let i = 0; i < twStart.length; i++) {
    twStart[i] = tws[2 * i];
    twEnd[i] = tws[2 * i + 1];
  }

  const nVeh = vehicles.length;
  const limit = problem.maxVehicles;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
    throw new Error(`maxVehicles ${limit} is not a positive integer`);
  const floor = problem.minVehicles ?? 0;
  if (!(Number.isInteger(floor) && floor >= 0 && floor <= Math.min(limit ?? nVeh, nVeh)))
    throw new Error(`minVehicles ${floor} is not an integer between 0 and the fleet size`);
  const vStart = new Int32Array(nVeh);
  const vEnd = new Int32Array(nVeh);
  const vOpen = new Uint8Array(nVeh);
  const vShiftStart = new Float64Array(nVeh);
  const vShiftEnd = new Float64Array(nVeh);
  const vEndLimit = new Float64Array(nVeh);
  const vCap = new Float64Array(nVeh * D);
  const vMult = new Float64Array(nVeh);
  const vFixed = new Float64Array(nVeh);
  const vType = new Int32Array(nVeh);
  const typeKeys = new Map<string, number>();
  vehicles.forEach((v, i) => {
    checkLoc(v.start, `vehicle ${v.id} start`);
    if (v.end != null) checkLoc(v.end, `vehicle ${v.id} end`);
    vStart[i] = v.start;
    vOpen[i] = v.end == null ? 1 : 0;
    vEnd[i] = v.end == null ? L0 : v.end;
    vShiftStart[i] = v.shift?.start ?? 0;
    vShiftEnd[i] = v.shift?.end ?? BIG;
    vEndLimit[i] = Math.min(vShiftEnd[i], v.maxDuration != null ? vShiftStart[i] + v.maxDuration : BIG);
    for (let d = 0; d < D; d++) vCap[i * D + d] = v.capacity?.[d] ?? BIG;
    vMult[i] = metricName === "distance" ? (v.costPerKm ?? 1) / 1000 : (v.costPerHour ?? 1) / 3600;
    vFixed[i] = v.fixedCost ?? 0;
    const key = JSON.stringify([
      v.start,
      v.end,
      v.shift,
      v.capacity,
      [...(v.skills ?? [])].sort(),
      v.maxDuration,
      vMult[i],
      vFixed[i],
    ]);
    if (!typeKeys.has(key)) typeKeys.set(key, typeKeys.size);
    vType[i] = typeKeys.get(key)!;
  });

  const compat = new Uint8Array(nTasks * nVeh);
  for (let k = 0; k < nTasks; k++) {
    const need = skillSets[k] ?? [];
    for (let v = 0; v < nVeh; v++) {
      const has = vehicles[v].skills ?? [];
      compat[k * nVeh + v] = need.every((s) => has.includes(s)) ? 1 : 0;
    }
  }

  const K = Math.min(Math.max(nTasks - 1, 0), 100);
  const neighbours = new Int32Array(nTasks * K);
  const order = new Array<number>(nTasks);
  const key = new Float64Array(nTasks);
  for (let a = 0; a < nTasks; a++) {
    const la = taskLoc[a];
    for (let b = 0; b < nTasks; b++) {
      order[b] = b;
      const lb = taskLoc[b];
      key[b] = b === a ? Infinity : metric[la * nLoc + lb] + metric[lb * nLoc + la];
    }
    order.sort((x, y) => key[x] - key[y] || x - y);
    for (let i = 0; i < K; i++) neighbours[a * K + i] = order[i];
  }

  return {
    nLoc,
    time,
    dist,
    metric,
    nTasks,
    D,
    taskLoc,
    service,
    twOff,
    twStart,
    twEnd,
    startLoad,
    delta,
    kind,
    pair,
    weight,
    priority,
    source,
    nVeh,
    vStart,
    vEnd,
    vOpen,
    vShiftStart,
    vShiftEnd,
    vEndLimit,
    vCap,
    vMult,
    vFixed,
    vType,
    nTypes: typeKeys.size,
    compat,
    K,
    neighbours,
    minimizeVehicles: problem.objective?.minimizeVehicles ?? true,
    maxRoutes: Math.min(limit ?? nVeh, nVeh),
    minRoutes: floor,
  };
}

/** Earliest feasible service start at or after `arrival`, or Infinity when every window has closed. */
export function serviceStart(m: Model, task: number, arrival: number): number {
  const end = m.twOff[task + 1];
  for (let w = m.twOff[task]; w < end; w++) {
    if (arrival <= m.twEnd[w]) return arrival > m.twStart[w] ? arrival : m.twStart[w];
  }
  return Infinity;
}

/** Latest service start not after `limit`, or -Infinity when no window opens by then. */
export function latestStart(m: Model, task: number, limit: number): number {
  for (let w = m.twOff[task + 1] - 1; w >= m.twOff[task]; w--) {
    if (m.twStart[w] <= limit) return limit < m.twEnd[w] ? limit : m.twEnd[w];
  }
  return -Infinity;
}
