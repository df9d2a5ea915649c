import { GeofenceIndex, type IndexedGeofence } from "../places";
import type { Poi } from "./addresses.repo";
import { distanceM } from "./gazetteer";

/** A point this close to one of the organisation's points of interest is named after it. */
export const POI_RADIUS_M = 150;

/** Cell edge in degrees for the points of interest (about 1.1 km of latitude: a 150 m circle spans at most 2). */
const CELL = 0.01;
const cellOf = (deg: number) => Math.floor(deg / CELL);
const key = (x: number, y: number) => x * 100_000 + y;
/** 150 m in degrees of latitude, widened a little: a cheaper first test than the distance */
const NEAR_DEG = (POI_RADIUS_M / 111_000) * 1.01;

/**
 * Names a point after the organisation's own places: the nearest point of interest within 150 m, else the smallest
 * geofence containing it (a depot inside a city-wide zone is named after the depot), else nothing.
 */
export class PlaceNamer {
  private fences: GeofenceIndex | null;
  private cells = new Map<number, Poi[]>();

  constructor(fences: IndexedGeofence[], pois: Poi[]) {
    this.fences = fences.length ? new GeofenceIndex(fences) : null;
    for (const p of pois) {
      const k = key(cellOf(p.lon), cellOf(p.lat));
      const list = this.cells.get(k);
      if (list) list.push(p);
      else this.cells.set(k, [p]);
    }
  }

  get empty(): boolean {
    return !this.fences && !this.cells.size;
  }

  nameOf(lat: number, lon: number): string | null {
    let best: Poi | null = null;
    let bestM = POI_RADIUS_M;
    if (this.cells.size) {
      const x0 = cellOf(lon);
      const y0 = cellOf(lat);
      for (let x = x0 - 1; x <= x0 + 1; x++) {
        for (let y = y0 - 1; y <= y0 + 1; y++) {
          const list = this.cells.get(key(x, y));
          if (!list) continue;
          for (const p of list) {
            if (Math.abs(p.lat - lat) > NEAR_DEG) continue;
            const m = distanceM(lat, lon, p.lat, p.lon);
            if (m <= bestM) {
              bestM = m;
              best = p;
            }
          }
        }
      }
    }
    if (best) return best.name;
    if (!this.fences) return null;
    let smallest: IndexedGeofence | null = null;
    for (const f of this.fences.containing(lon, lat)) {
      if (!smallest || area(f) < area(smallest)) smallest = f;
    }
    return smallest?.name ?? null;
  }
}

const area = (f: IndexedGeofence) => (f.box.maxLat - f.box.minLat) * (f.box.maxLon - f.box.minLon);
