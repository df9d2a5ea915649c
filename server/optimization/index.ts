/**
 * Route optimisation engine: public entry points.
 *
 * optimizeRoutes(input, options) takes a problem with lat/lon locations, builds the travel matrix
 * (haversine by default, OSRM or Valhalla when configured) and solves it. solveVrp works on a
 * problem whose locations are already matrix indices.
 */
import type { LatLon } from "./geo";
import { buildMatrix, type MatrixOptions } from "./matrix";
import { optimizationProblemSchema, type OptimizationInput } from "./optimization.schema";
import { solveVrp } from "./solver/solve";
import type { SolveOptions, TravelMatrix, VrpProblem, VrpSolution } from "./types";

export { checkFeasibility, type Violation } from "./feasibility";
export { buildMatrix, haversineMatrix, haversineMetres, type MatrixOptions } from "./matrix";
export { optimizationProblemSchema, type OptimizationInput, type OptimizationProblem } from "./optimization.schema";
export { solveVrp } from "./solver/solve";
export type * from "./types";
export type { LatLon };

export interface OptimizeOptions extends SolveOptions {
  matrix?: MatrixOptions;
  /** precomputed matrix over `locations` (skips buildMatrix) */
  travelMatrix?: TravelMatrix;
}

export interface OptimizeResult extends VrpSolution {
  /** coordinates of every matrix index used in routes[].steps[].location */
  locations: LatLon[];
}

/** Maps lat/lon to matrix indices (identical coordinates share one index). */
export function indexLocations(input: OptimizationInput): { problem: Omit<VrpProblem, "matrix">; locations: LatLon[] } {
  const p = optimizationProblemSchema.parse(input);
  const locations: LatLon[] = [];
  const byKey = new Map<string, number>();
  const idx = (l: LatLon) => {
    const key = `${l.lat},${l.lon}`;
    let i = byKey.get(key);
    if (i === undefined) {
      i = locations.length;
      byKey.set(key, i);
      locations.push({ lat: l.lat, lon: l.lon });
    }
    return i;
  };
  const problem: Omit<VrpProblem, "matrix"> = {
    vehicles: p.vehicles.map((v) => ({ ...v, start: idx(v.start), end: v.end == null ? null : idx(v.end) })),
    jobs: p.jobs.map((j) => ({ ...j, location: idx(j.location) })),
    shipments: p.shipments?.map((s) => ({
      ...s,
      pickup: { ...s.pickup, location: idx(s.pickup.location) },
      delivery: { ...s.delivery, location: idx(s.delivery.location) },
    })),
    objective: p.objective,
    maxVehicles: p.maxVehicles,
  };
  return { problem, locations };
}

export async function optimizeRoutes(input: OptimizationInput, options: OptimizeOptions = {}): Promise<OptimizeResult> {
  const { problem, locations } = indexLocations(input);
  const matrix = options.travelMatrix ?? (await buildMatrix(locations, options.matrix, options.signal));
  const solution = await solveVrp({ ...problem, matrix }, options);
  return { ...solution, locations };
}
