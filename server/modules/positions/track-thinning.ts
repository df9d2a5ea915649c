/**
 * Thinning a replay track for drawing: Douglas–Peucker on a local metric projection, between points
 * that must stay (first and last, stop boundaries, ignition changes, the fixes around alerts, and the
 * slowest and fastest fix of each time slice so the speed chart keeps its peaks and dips).
 * Every dropped point lies within the tolerance of the segment between the kept points around it.
 */

export interface ThinnablePoint {
  t: string;
  lat: number;
  lon: number;
  speed: number;
  ignition: 0 | 1 | null;
}

export interface ThinOptions {
  toleranceM: number;
  /** instants (stop starts and ends) whose fixes must stay, in ms */
  keepAt?: number[];
  /** instants of alerts: the fixes just before and after each stay, in ms */
  alertsAt?: number[];
  /** time slices for the speed extremes (about one per pixel of the chart) */
  speedSlices?: number;
}

const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON_EQUATOR = 111_320;

/** Index of the last point at or before `ms` (times sorted). */
function indexAtOrBefore(times: Float64Array, ms: number): number {
  let lo = 0;
  let hi = times.length - 1;
  if (ms <= times[0]) return 0;
  if (ms >= times[hi]) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= ms) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Distance in the projected plane from point p to segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let f = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  const ex = ax + f * dx - px;
  const ey = ay + f * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/** Metres east/north of the track's first point (equirectangular: exact enough over a city or a country). */
export function projectTrack(points: Pick<ThinnablePoint, "lat" | "lon">[]): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(points.length);
  const y = new Float64Array(points.length);
  if (!points.length) return { x, y };
  const lat0 = points[0].lat;
  const lon0 = points[0].lon;
  const kx = M_PER_DEG_LON_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  for (let i = 0; i < points.length; i++) {
    x[i] = (points[i].lon - lon0) * kx;
    y[i] = (points[i].lat - lat0) * M_PER_DEG_LAT;
  }
  return { x, y };
}

/** Indices of the points that must survive thinning, as a mask. */
function mandatory(points: ThinnablePoint[], times: Float64Array, opts: ThinOptions): Uint8Array {
  const n = points.length;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  for (let i = 1; i < n; i++) {
    if (points[i].ignition !== points[i - 1].ignition) keep[i - 1] = keep[i] = 1;
  }
  for (const ms of opts.keepAt ?? []) keep[indexAtOrBefore(times, ms)] = 1;
  for (const ms of opts.alertsAt ?? []) {
    const i = indexAtOrBefore(times, ms);
    keep[i] = 1;
    if (i + 1 < n) keep[i + 1] = 1;
  }
  const slices = opts.speedSlices ?? 0;
  const span = times[n - 1] - times[0];
  if (slices > 0 && span > 0) {
    let slice = -1,
      lo = -1,
      hi = -1;
    for (let i = 0; i < n; i++) {
      const s = Math.min(slices - 1, Math.floor(((times[i] - times[0]) / span) * slices));
      if (s !== slice) {
        if (lo >= 0) keep[lo] = keep[hi] = 1;
        slice = s;
        lo = hi = i;
      } else {
        if (points[i].speed < points[lo].speed) lo = i;
        if (points[i].speed > points[hi].speed) hi = i;
      }
    }
    if (lo >= 0) keep[lo] = keep[hi] = 1;
  }
  return keep;
}

/** The thinned track (a subset of `points`, in order). */
export function thinTrack<P extends ThinnablePoint>(points: P[], opts: ThinOptions): P[] {
  const n = points.length;
  if (n <= 2) return points.slice();
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) times[i] = Date.parse(points[i].t);
  const keep = mandatory(points, times, opts);
  const { x, y } = projectTrack(points);
  const tol = opts.toleranceM;
  const stack: number[] = [];
  let a = 0;
  for (let b = 1; b < n; b++) {
    if (!keep[b]) continue;
    if (b - a > 1) stack.push(a, b);
    a = b;
  }
  while (stack.length) {
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    let worst = -1;
    let worstD = tol;
    for (let i = lo + 1; i < hi; i++) {
      const d = segmentDistance(x[i], y[i], x[lo], y[lo], x[hi], y[hi]);
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    if (worst - lo > 1) stack.push(lo, worst);
    if (hi - worst > 1) stack.push(worst, hi);
  }
  const out: P[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(points[i]);
  return out;
}

/**
 * Tolerance for a track: half a screen pixel when the whole track fills a map about 1000 pixels
 * across (the zoom the replay opens at), never under 2 m; at most 5 m for a day or less (street
 * detail when zoomed in) and 25 m for longer periods.
 */
export function thinningTolerance(points: Pick<ThinnablePoint, "lat" | "lon">[], periodMs: number): number {
  if (points.length < 2) return 2;
  const { x, y } = projectTrack(points);
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (let i = 0; i < x.length; i++) {
    if (x[i] < w) w = x[i];
    if (x[i] > e) e = x[i];
    if (y[i] < s) s = y[i];
    if (y[i] > n) n = y[i];
  }
  const diagonal = Math.hypot(e - w, n - s);
  const cap = periodMs <= 86_400_000 ? 5 : 25;
  return Math.min(cap, Math.max(2, diagonal / 2000));
}
