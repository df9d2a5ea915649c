import type { LngLatBox } from "./vehicle-source-sync";

/** The box around the points ([lon, lat]), or null when there are none. */
export function boundsOf(points: Iterable<readonly number[]>): LngLatBox | null {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const [lon, lat] of points) {
    if (lon < w) w = lon;
    if (lon > e) e = lon;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return w === Infinity
    ? null
    : [
        [w, s],
        [e, n],
      ];
}
