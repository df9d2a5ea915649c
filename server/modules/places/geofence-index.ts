import { pointInCircle, pointInPolygon, type BoundingBox, type LonLat } from "../../shared/geometry";

export interface IndexedGeofence {
  id: string;
  name: string;
  shape: "circle" | "polygon";
  centre: LonLat;
  radiusM: number | null;
  ring: LonLat[] | null;
  box: BoundingBox;
}

/** Cell edge in degrees (about 5.5 km of latitude): small enough that a cell holds few fences. */
const CELL_DEG = 0.05;
/** A fence covering more cells than this (a whole region) is checked for every point instead. */
const MAX_CELLS_PER_FENCE = 4096;

/** Boxes are widened by about a centimetre: a point exactly on a circle must not fall out of its box by rounding. */
const BOX_PAD_DEG = 1e-7;

const cellOf = (deg: number) => Math.floor(deg / CELL_DEG);
const key = (x: number, y: number) => x * 100_000 + y;

/**
 * Uniform grid over the geofences' bounding boxes. A lookup reads one cell and tests only the
 * fences whose box overlaps it, so its cost does not grow with the number of fences elsewhere.
 */
export class GeofenceIndex {
  private cells = new Map<number, IndexedGeofence[]>();
  private large: IndexedGeofence[] = [];
  private byId = new Map<string, IndexedGeofence>();
  readonly size: number;

  constructor(fences: IndexedGeofence[]) {
    this.size = fences.length;
    for (const given of fences) {
      const b = given.box;
      const f = {
        ...given,
        box: {
          minLat: b.minLat - BOX_PAD_DEG,
          maxLat: b.maxLat + BOX_PAD_DEG,
          minLon: b.minLon - BOX_PAD_DEG,
          maxLon: b.maxLon + BOX_PAD_DEG,
        },
      };
      this.byId.set(f.id, f);
      const x0 = cellOf(f.box.minLon),
        x1 = cellOf(f.box.maxLon);
      const y0 = cellOf(f.box.minLat),
        y1 = cellOf(f.box.maxLat);
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_FENCE) {
        this.large.push(f);
        continue;
      }
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const k = key(x, y);
          const list = this.cells.get(k);
          if (list) list.push(f);
          else this.cells.set(k, [f]);
        }
      }
    }
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): IndexedGeofence | undefined {
    return this.byId.get(id);
  }

  /** Fences containing the point (boundary inclusive, as in the places geometry). */
  containing(lon: number, lat: number): IndexedGeofence[] {
    const cell = this.cells.get(key(cellOf(lon), cellOf(lat)));
    if (!cell && !this.large.length) return NONE;
    const p: LonLat = [lon, lat];
    const out = cell ? hits(cell, p, null) : null;
    return (this.large.length ? hits(this.large, p, out) : out) ?? NONE;
  }
}

const NONE: IndexedGeofence[] = [];

function hits(list: IndexedGeofence[], p: LonLat, out: IndexedGeofence[] | null): IndexedGeofence[] | null {
  for (const f of list) {
    const b = f.box;
    if (p[1] < b.minLat || p[1] > b.maxLat || p[0] < b.minLon || p[0] > b.maxLon) continue;
    if (f.shape === "circle" ? pointInCircle(p, f.centre, f.radiusM!) : pointInPolygon(p, f.ring!))
      (out ??= []).push(f);
  }
  return out;
}
