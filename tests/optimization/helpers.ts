import { createRng } from "../../server/shared/random";
import type { TravelMatrix, VrpJob, VrpProblem, VrpVehicle } from "../../server/optimization/types";

/** Euclidean matrix; travel time equals distance (1 unit per second). */
export function euclidean(points: [number, number][]): TravelMatrix {
  const n = points.length;
  const distances = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++)
      distances[a * n + b] = Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1]);
  }
  return { size: n, distances, durations: distances };
}

export interface RandomOptions {
  jobs: number;
  vehicles: number;
  seed: number;
  capacity?: number;
  timeWindows?: boolean;
  horizon?: number;
}

/** Seeded random VRPTW-like instance: depot at index 0 in the middle of a 100 x 100 square. */
export function randomProblem(o: RandomOptions): VrpProblem {
  const rand = createRng(o.seed);
  const points: [number, number][] = [[50, 50]];
  for (let i = 0; i < o.jobs; i++) points.push([Math.round(rand() * 100), Math.round(rand() * 100)]);
  const horizon = o.horizon ?? 1000;
  const jobs: VrpJob[] = points.slice(1).map((_, i) => {
    const job: VrpJob = { id: `j${i + 1}`, location: i + 1, service: 10, delivery: [1 + Math.floor(rand() * 9)] };
    if (o.timeWindows) {
      const start = Math.floor(rand() * (horizon - 200));
      job.timeWindows = [{ start, end: start + 60 + Math.floor(rand() * 200) }];
    }
    return job;
  });
  const vehicles: VrpVehicle[] = Array.from({ length: o.vehicles }, (_, i) => ({
    id: `v${i + 1}`,
    start: 0,
    end: 0,
    shift: { start: 0, end: horizon },
    capacity: [o.capacity ?? 50],
    costPerKm: 1000,
  }));
  return { matrix: euclidean(points), vehicles, jobs, objective: { metric: "distance", minimizeVehicles: false } };
}

export function routeIds(sol: { routes: { vehicleId: string; steps: { type: string; id?: string }[] }[] }): string[][] {
  return sol.routes.map((r) =>
    r.steps
      .filter((s) => s.id !== undefined)
      .map((s) => `${s.type === "delivery" ? "d:" : s.type === "pickup" ? "p:" : ""}${s.id}`),
  );
}
