import type { LatLon } from "./geo";
import { fetchOsrmMatrix, type OsrmOptions } from "./osrm";
import type { TravelMatrix } from "./types";
import { fetchValhallaMatrix, type ValhallaOptions } from "./valhalla";

export type { LatLon };

export interface HaversineOptions {
  /** straight line to road distance; default 1.3 */
  detourFactor?: number;
  /** average speed used for travel times; default 40 km/h */
  speedKmh?: number;
}

export type MatrixOptions =
  | ({ provider: "haversine" } & HaversineOptions)
  | ({ provider: "osrm" } & OsrmOptions)
  | ({ provider: "valhalla" } & ValhallaOptions);

const EARTH_RADIUS_M = 6_371_008.8;

export function haversineMetres(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function haversineMatrix(points: LatLon[], opts: HaversineOptions = {}): TravelMatrix {
  const detour = opts.detourFactor ?? 1.3;
  const speed = (opts.speedKmh ?? 40) / 3.6;
  const n = points.length;
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const d = haversineMetres(points[a], points[b]) * detour;
      distances[a * n + b] = distances[b * n + a] = d;
      durations[a * n + b] = durations[b * n + a] = d / speed;
    }
  }
  return { size: n, distances, durations };
}

/** Builds the matrix with the configured provider; haversine when none is configured. */
export async function buildMatrix(points: LatLon[], opts?: MatrixOptions, signal?: AbortSignal): Promise<TravelMatrix> {
  if (!opts || opts.provider === "haversine") return haversineMatrix(points, opts);
  if (opts.provider === "osrm") return fetchOsrmMatrix(points, opts, signal);
  return fetchValhallaMatrix(points, opts, signal);
}
