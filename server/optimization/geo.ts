export interface LatLon {
  lat: number;
  lon: number;
}

/** Used for pairs a routing service reports as unreachable: big, but finite to keep arithmetic sane. */
export const UNREACHABLE = 1e9;

/** Splits 0..n-1 into consecutive blocks of at most `size`. */
export function blocks(n: number, size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i += size) out.push(Array.from({ length: Math.min(size, n - i) }, (_, k) => i + k));
  return out;
}
