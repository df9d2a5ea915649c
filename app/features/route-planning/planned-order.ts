// The accepted optimised route of a day as the screens show it (dispatch map list and lines, scheduler): each
// vehicle's jobs in planned order, then the ones not on its route by scheduled arrival; unassigned jobs last.

export interface PlannedJob {
  id: string;
  vehicle_id: string | null;
  planned_sequence: number | null;
  scheduled_arrival: string;
  latitude: number;
  longitude: number;
}

const bySchedule = (a: PlannedJob, b: PlannedJob) =>
  (a.planned_sequence ?? Number.MAX_SAFE_INTEGER) - (b.planned_sequence ?? Number.MAX_SAFE_INTEGER) ||
  a.scheduled_arrival.localeCompare(b.scheduled_arrival) ||
  a.id.localeCompare(b.id);

/** Jobs grouped by vehicle in the order of `vehicles`, each vehicle's in planned order; unassigned (or unknown vehicle) last. */
export function inPlannedOrder<J extends PlannedJob>(jobs: readonly J[], vehicles: ReadonlyArray<{ id: string }>): J[] {
  const rank = new Map(vehicles.map((v, i) => [v.id, i] as const));
  const laneOf = (j: J) => (j.vehicle_id != null && rank.has(j.vehicle_id) ? rank.get(j.vehicle_id)! : vehicles.length);
  return [...jobs].sort((a, b) => laneOf(a) - laneOf(b) || bySchedule(a, b));
}

/** Each vehicle's accepted route as a line through its planned jobs in planned order (two stops at least). */
export function plannedRoutes(jobs: readonly PlannedJob[], registration: ReadonlyMap<string, string>) {
  const byVehicle = new Map<string, PlannedJob[]>();
  for (const j of jobs) {
    if (j.vehicle_id == null || j.planned_sequence == null) continue;
    byVehicle.set(j.vehicle_id, [...(byVehicle.get(j.vehicle_id) ?? []), j]);
  }
  return [...byVehicle.entries()]
    .filter(([, list]) => list.length > 1)
    .map(([vehicleId, list]) => ({
      vehicle: registration.get(vehicleId) ?? vehicleId,
      coordinates: [...list].sort(bySchedule).map((j) => [j.longitude, j.latitude] as [number, number]),
    }));
}
