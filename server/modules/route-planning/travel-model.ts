import { buildMatrix, haversineMatrix, type LatLon, type MatrixOptions, type TravelMatrix } from "../../optimization";

/**
 * Route planning's travel-time model, one place for the day's optimisation and the live ETA: the optimiser's matrix
 * provider when one is configured for route planning, otherwise (today: none is) the straight-line model of
 * `haversineMatrix` (great-circle distance × 1.3 detour at 40 km/h), exactly what `optimizeRoutes` uses without options.
 */
export const routeMatrixOptions = (): MatrixOptions | undefined => undefined;

/** The matrix over these points; a routing service that fails falls back to the straight-line model (an estimate beats none). */
export async function routeTravelMatrix(points: LatLon[], signal?: AbortSignal): Promise<TravelMatrix> {
  try {
    return await buildMatrix(points, routeMatrixOptions(), signal);
  } catch {
    return haversineMatrix(points);
  }
}
