import type { VrpProblem, VrpSolution } from "./types";

/**
 * Independent feasibility checker. It ignores every time, load and distance the solver reports
 * and recomputes each route from the problem and the visit order alone, so a bug in the solver's
 * incremental bookkeeping shows up here as a violation.
 */
export interface Violation {
  kind:
    | "UNKNOWN_VEHICLE"
    | "VEHICLE_REUSED"
    | "UNKNOWN_JOB"
    | "DUPLICATE"
    | "MISSING"
    | "CAPACITY"
    | "TIME_WINDOW"
    | "SHIFT"
    | "MAX_DURATION"
    | "SKILLS"
    | "PICKUP_DELIVERY"
    | "ROUTE_SHAPE"
    | "FLEET_SIZE"
    | "REPORTED_VALUE";
  vehicleId?: string;
  id?: string;
  message: string;
}

const EPS = 1e-6;

function firstStartInWindows(arrival: number, windows: { start: number; end: number }[] | undefined): number {
  if (!windows || windows.length === 0) return arrival;
  let bestStart = Infinity;
  for (const w of windows) {
    if (arrival <= w.end + EPS) bestStart = Math.min(bestStart, Math.max(arrival, w.start));
  }
  return bestStart;
}

export function checkFeasibility(problem: VrpProblem, solution: VrpSolution): Violation[] {
  const out: Violation[] = [];
  const { matrix } = problem;
  const size = matrix.size;
  const jobById = new Map(problem.jobs.map((j) => [j.id, j]));
  const shipById = new Map((problem.shipments ?? []).map((s) => [s.id, s]));
  const seenJob = new Map<string, number>();
  const seenPickup = new Map<string, number>();
  const seenDelivery = new Map<string, number>();
  const usedVehicles = new Set<string>();
  const dims = Math.max(
    1,
    ...problem.vehicles.map((v) => v.capacity?.length ?? 0),
    ...problem.jobs.map((j) => Math.max(j.delivery?.length ?? 0, j.pickup?.length ?? 0)),
    ...(problem.shipments ?? []).map((s) => s.amount?.length ?? 0),
  );
  const amount = (a: number[] | undefined, d: number) => a?.[d] ?? 0;
  const has = (vSkills: string[] | undefined, need: string[] | undefined) =>
    (need ?? []).every((s) => (vSkills ?? []).includes(s));

  let totalDistance = 0;
  solution.routes.forEach((route, ri) => {
    const vehicle = problem.vehicles.find((v) => v.id === route.vehicleId);
    if (!vehicle) {
      out.push({ kind: "UNKNOWN_VEHICLE", vehicleId: route.vehicleId, message: `route ${ri}: unknown vehicle` });
      return;
    }
    if (usedVehicles.has(vehicle.id))
      out.push({ kind: "VEHICLE_REUSED", vehicleId: vehicle.id, message: "vehicle has more than one route" });
    usedVehicles.add(vehicle.id);
    const visits = route.steps.filter((s) => s.type !== "start" && s.type !== "end");
    const starts = route.steps.filter((s) => s.type === "start").length;
    const ends = route.steps.filter((s) => s.type === "end").length;
    if (starts !== 1 || ends !== (vehicle.end == null ? 0 : 1)) {
      out.push({
        kind: "ROUTE_SHAPE",
        vehicleId: vehicle.id,
        message: `route has ${starts} start and ${ends} end steps`,
      });
    }

    // loads: everything delivered by plain jobs is on board at the start
    const load = new Array<number>(dims).fill(0);
    for (const s of visits)
      if (s.type === "job" && jobById.has(s.id!))
        for (let d = 0; d < dims; d++) load[d] += amount(jobById.get(s.id!)!.delivery, d);
    const cap = (d: number) => vehicle.capacity?.[d] ?? Infinity;
    const checkLoad = (where: string) => {
      for (let d = 0; d < dims; d++) {
        if (load[d] > cap(d) + EPS)
          out.push({
            kind: "CAPACITY",
            vehicleId: vehicle.id,
            message: `${where}: load ${load[d]} > capacity ${cap(d)} in dimension ${d}`,
          });
      }
    };
    checkLoad("start");

    const shiftStart = vehicle.shift?.start ?? 0;
    let time = shiftStart;
    let loc = vehicle.start;
    let distance = 0;
    const onBoard = new Set<string>();
    for (const s of visits) {
      const id = s.id ?? "";
      let location: number;
      let service: number;
      let windows: { start: number; end: number }[] | undefined;
      let skills: string[] | undefined;
      if (s.type === "job") {
        const job = jobById.get(id);
        if (!job) {
          out.push({ kind: "UNKNOWN_JOB", vehicleId: vehicle.id, id, message: "unknown job" });
          continue;
        }
        seenJob.set(id, (seenJob.get(id) ?? 0) + 1);
        ({ location, timeWindows: windows, skills } = job);
        service = job.service ?? 0;
        for (let d = 0; d < dims; d++) load[d] += amount(job.pickup, d) - amount(job.delivery, d);
      } else {
        const sh = shipById.get(id);
        if (!sh) {
          out.push({ kind: "UNKNOWN_JOB", vehicleId: vehicle.id, id, message: "unknown shipment" });
          continue;
        }
        const stop = s.type === "pickup" ? sh.pickup : sh.delivery;
        ({ location, timeWindows: windows } = stop);
        service = stop.service ?? 0;
        skills = sh.skills;
        const seen = s.type === "pickup" ? seenPickup : seenDelivery;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const sign = s.type === "pickup" ? 1 : -1;
        for (let d = 0; d < dims; d++) load[d] += sign * amount(sh.amount, d);
        if (s.type === "pickup") onBoard.add(id);
        else if (!onBoard.delete(id)) {
          out.push({
            kind: "PICKUP_DELIVERY",
            vehicleId: vehicle.id,
            id,
            message: "delivery without an earlier pickup on the same route",
          });
        }
      }
      if (!has(vehicle.skills, skills))
        out.push({ kind: "SKILLS", vehicleId: vehicle.id, id, message: `vehicle lacks skills ${skills?.join(",")}` });
      distance += matrix.distances[loc * size + location];
      const arrival = time + matrix.durations[loc * size + location];
      const start = firstStartInWindows(arrival, windows);
      if (start === Infinity) {
        out.push({
          kind: "TIME_WINDOW",
          vehicleId: vehicle.id,
          id,
          message: `arrival ${arrival} after every time window`,
        });
        time = arrival + service;
      } else time = start + service;
      loc = location;
      checkLoad(`after ${s.type} ${id}`);
    }
    for (const id of onBoard)
      out.push({
        kind: "PICKUP_DELIVERY",
        vehicleId: vehicle.id,
        id,
        message: "picked up but not delivered on the same route",
      });
    if (vehicle.end != null) {
      distance += matrix.distances[loc * size + vehicle.end];
      time += matrix.durations[loc * size + vehicle.end];
    }
    if (vehicle.shift && time > vehicle.shift.end + EPS)
      out.push({
        kind: "SHIFT",
        vehicleId: vehicle.id,
        message: `route ends at ${time} after shift end ${vehicle.shift.end}`,
      });
    if (vehicle.maxDuration != null && time - shiftStart > vehicle.maxDuration + EPS) {
      out.push({
        kind: "MAX_DURATION",
        vehicleId: vehicle.id,
        message: `route lasts ${time - shiftStart} > ${vehicle.maxDuration}`,
      });
    }
    if (Math.abs(distance - route.distance) > EPS * Math.max(1, distance)) {
      out.push({
        kind: "REPORTED_VALUE",
        vehicleId: vehicle.id,
        message: `reported distance ${route.distance}, recomputed ${distance}`,
      });
    }
    totalDistance += distance;
  });

  const unassigned = new Map(solution.unassigned.map((u) => [`${u.type}:${u.id}`, u]));
  for (const job of problem.jobs) {
    const n = (seenJob.get(job.id) ?? 0) + (unassigned.has(`job:${job.id}`) ? 1 : 0);
    if (n > 1) out.push({ kind: "DUPLICATE", id: job.id, message: `job appears ${n} times (routes + unassigned)` });
    if (n === 0) out.push({ kind: "MISSING", id: job.id, message: "job neither served nor unassigned" });
  }
  for (const sh of problem.shipments ?? []) {
    const p = seenPickup.get(sh.id) ?? 0;
    const d = seenDelivery.get(sh.id) ?? 0;
    const u = unassigned.has(`shipment:${sh.id}`) ? 1 : 0;
    if (p !== d) out.push({ kind: "PICKUP_DELIVERY", id: sh.id, message: `${p} pickups but ${d} deliveries` });
    if (p + u > 1) out.push({ kind: "DUPLICATE", id: sh.id, message: "shipment served more than once" });
    if (p + u === 0) out.push({ kind: "MISSING", id: sh.id, message: "shipment neither served nor unassigned" });
  }
  // fleet limits count the vehicles that serve something
  const used = solution.routes.filter((r) => r.steps.some((s) => s.type !== "start" && s.type !== "end")).length;
  if (problem.maxVehicles !== undefined && used > problem.maxVehicles) {
    out.push({
      kind: "FLEET_SIZE",
      message: `${used} vehicles used, more than the fleet limit ${problem.maxVehicles}`,
    });
  }
  if (problem.minVehicles !== undefined && used < problem.minVehicles) {
    out.push({ kind: "FLEET_SIZE", message: `${used} vehicles used, fewer than the ${problem.minVehicles} required` });
  }
  if (Math.abs(totalDistance - solution.summary.distance) > EPS * Math.max(1, totalDistance)) {
    out.push({
      kind: "REPORTED_VALUE",
      message: `summary distance ${solution.summary.distance}, recomputed ${totalDistance}`,
    });
  }
  return out;
}
