const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A jump faster than this between two fixes is a GPS glitch and adds no distance. */
export const MAX_PLAUSIBLE_KMH = 250;

/** Distance between two consecutive fixes, 0 for glitches (implausible speed) and zero/negative time steps. */
export function segmentDistanceM(
  a: { lat: number; lon: number; t: number },
  b: { lat: number; lon: number; t: number },
): number {
  const d = haversineM(a.lat, a.lon, b.lat, b.lon);
  const dt = (b.t - a.t) / 1000;
  if (dt <= 0) return 0;
  return (d / dt) * 3.6 > MAX_PLAUSIBLE_KMH ? 0 : d;
}
