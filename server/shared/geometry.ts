/**
 * Plain geometry for places, without PostGIS. Points are [lon, lat] in WGS84 degrees (GeoJSON order);
 * rings are open (the first vertex is not repeated at the end).
 *
 * Antimeridian: a polygon whose longitudes span more than 180° is taken to cross the antimeridian,
 * and its (and the tested point's) negative longitudes are shifted by +360° before testing.
 * Polygons around a pole are not supported.
 */
export type LonLat = [number, number];

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export const EARTH_RADIUS_M = 6_371_008.8;
/** Points this close to a circle's radius or a polygon's edge count as inside (floating-point slack). */
const ON_BOUNDARY_M = 0.001;
const EPS_DEG = 1e-9;

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LonLat, b: LonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point reached from `start` after `distance` metres on the initial bearing (degrees from north). */
export function destination(start: LonLat, bearingDeg: number, distance: number): LonLat {
  const d = distance / EARTH_RADIUS_M;
  const b = rad(bearingDeg);
  const lat1 = rad(start[1]);
  const lon1 = rad(start[0]);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [normalizeLon(deg(lon2)), deg(lat2)];
}

export const normalizeLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** Inside or exactly on the circle (within a millimetre). */
export function pointInCircle(point: LonLat, centre: LonLat, radiusM: number): boolean {
  return distanceM(point, centre) <= radiusM + ON_BOUNDARY_M;
}

const crossesAntimeridian = (ring: LonLat[]) => {
  const lons = ring.map((p) => p[0]);
  return Math.max(...lons) - Math.min(...lons) > 180;
};
const shift = (p: LonLat): LonLat => (p[0] < 0 ? [p[0] + 360, p[1]] : p);

function onSegment(p: LonLat, a: LonLat, b: LonLat): boolean {
  const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (Math.abs(cross) > EPS_DEG * Math.max(1, len)) return false;
  return (
    p[0] >= Math.min(a[0], b[0]) - EPS_DEG &&
    p[0] <= Math.max(a[0], b[0]) + EPS_DEG &&
    p[1] >= Math.min(a[1], b[1]) - EPS_DEG &&
    p[1] <= Math.max(a[1], b[1]) + EPS_DEG
  );
}

/** Ray casting in plain lon/lat; a point on an edge or a vertex counts as inside. */
export function pointInPolygon(point: LonLat, ring: LonLat[]): boolean {
  if (ring.length < 3) return false;
  let pts = ring;
  let p = point;
  if (crossesAntimeridian(ring)) {
    pts = ring.map(shift);
    p = shift(point);
  }
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i];
    const b = pts[j];
    if (onSegment(p, a, b)) return true;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

const orient = (a: LonLat, b: LonLat, c: LonLat) => {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(v) < 1e-15 ? 0 : Math.sign(v);
};

/** Whether segments ab and cd touch or cross (collinear overlaps included). */
export function segmentsIntersect(a: LonLat, b: LonLat, c: LonLat, d: LonLat): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(c, a, b)) ||
    (o2 === 0 && onSegment(d, a, b)) ||
    (o3 === 0 && onSegment(a, c, d)) ||
    (o4 === 0 && onSegment(b, c, d))
  );
}

/** True when two non-adjacent edges of the ring touch or cross, or adjacent edges fold back onto each other. */
export function selfIntersects(ring: LonLat[]): boolean {
  const pts = crossesAntimeridian(ring) ? ring.map(shift) : ring;
  const n = pts.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % n];
    for (let j = i + 1; j < n; j++) {
      const c = pts[j];
      const d = pts[(j + 1) % n];
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Adjacent edges share a vertex; they only intersect if they run back along each other.
        const shared = j === i + 1 ? b : a;
        const other1 = j === i + 1 ? a : b;
        const other2 = j === i + 1 ? d : c;
        if (
          orient(other1, shared, other2) === 0 &&
          (onSegment(other2, other1, shared) || onSegment(other1, shared, other2))
        )
          return true;
        continue;
      }
      if (segmentsIntersect(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Drops a repeated closing vertex and consecutive duplicates. */
export function openRing(ring: LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  while (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
  return out;
}

export const distinctVertexCount = (ring: LonLat[]) => new Set(ring.map((p) => `${p[0]},${p[1]}`)).size;

/** Signed area in square degrees (shoelace); zero for degenerate (collinear) rings. */
export function ringArea(ring: LonLat[]): number {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

export function boundingBox(points: LonLat[]): BoundingBox {
  const lats = points.map((p) => p[1]);
  const lons = points.map((p) => p[0]);
  return { minLat: Math.min(...lats), maxLat: Math.max(...lats), minLon: Math.min(...lons), maxLon: Math.max(...lons) };
}

/** The box of a circle; near the poles or the antimeridian it widens to the full longitude range. */
export function circleBoundingBox(centre: LonLat, radiusM: number): BoundingBox {
  const dLat = deg(radiusM / EARTH_RADIUS_M);
  const minLat = Math.max(-90, centre[1] - dLat);
  const maxLat = Math.min(90, centre[1] + dLat);
  const cosLat = Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLon = cosLat < 1e-9 ? 180 : deg(radiusM / (EARTH_RADIUS_M * cosLat));
  if (dLon >= 180 || centre[0] - dLon < -180 || centre[0] + dLon > 180)
    return { minLat, maxLat, minLon: -180, maxLon: 180 };
  return { minLat, maxLat, minLon: centre[0] - dLon, maxLon: centre[0] + dLon };
}

/** Box of a polygon; one crossing the antimeridian gets the full longitude range (a safe prefilter). */
export function polygonBoundingBox(ring: LonLat[]): BoundingBox {
  const box = boundingBox(ring);
  return crossesAntimeridian(ring) ? { ...box, minLon: -180, maxLon: 180 } : box;
}

export const inBox = (p: LonLat, b: BoundingBox) =>
  p[1] >= b.minLat && p[1] <= b.maxLat && p[0] >= b.minLon && p[0] <= b.maxLon;

/** A circle as a closed GeoJSON ring of `vertices` points (plus the repeated first one). */
export function circleToPolygon(centre: LonLat, radiusM: number, vertices = 64): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i < vertices; i++) ring.push(destination(centre, (360 * i) / vertices, radiusM));
  ring.push(ring[0]);
  return ring;
}

/** The vertex average: a label point for a polygon (inside for the convex shapes geofences usually are). */
export function ringCentre(ring: LonLat[]): LonLat {
  const pts = crossesAntimeridian(ring) ? ring.map(shift) : ring;
  const lon = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const lat = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  return [normalizeLon(lon), lat];
}
