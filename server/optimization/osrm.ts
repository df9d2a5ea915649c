import { blocks, UNREACHABLE, type LatLon } from "./geo";
import type { TravelMatrix } from "./types";

export interface OsrmOptions {
  /** base URL of an OSRM server, e.g. http://osrm.internal:5000 */
  url: string;
  profile?: string;
  /** largest coordinate count per request (OSRM's --max-table-size defaults to 100) */
  maxLocationsPerRequest?: number;
  timeoutMs?: number;
}

interface OsrmTableResponse {
  code: string;
  message?: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

/** OSRM Table service: GET /table/v1/{profile}/{lon,lat;...}?annotations=duration,distance, in blocks. */
export async function fetchOsrmMatrix(
  points: LatLon[],
  opts: OsrmOptions,
  signal?: AbortSignal,
): Promise<TravelMatrix> {
  const n = points.length;
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  const base = opts.url.replace(/\/+$/, "");
  const profile = opts.profile ?? "driving";
  const half = Math.max(1, Math.floor((opts.maxLocationsPerRequest ?? 100) / 2));
  const chunks = n <= 2 * half ? [Array.from({ length: n }, (_, i) => i)] : blocks(n, half);
  for (const src of chunks) {
    for (const dst of chunks) {
      const ids = src === dst ? src : [...src, ...dst];
      const coords = ids.map((i) => `${points[i].lon.toFixed(6)},${points[i].lat.toFixed(6)}`).join(";");
      const srcIdx = src.map((_, k) => k).join(";");
      const dstIdx = dst.map((_, k) => (src === dst ? k : src.length + k)).join(";");
      const url = `${base}/table/v1/${profile}/${coords}?annotations=duration,distance&sources=${srcIdx}&destinations=${dstIdx}`;
      const res = await fetch(url, { signal: combine(signal, opts.timeoutMs) });
      const body = (await res.json().catch(() => ({ code: `HTTP ${res.status}` }))) as OsrmTableResponse;
      if (!res.ok || body.code !== "Ok" || !body.durations || !body.distances) {
        throw new Error(
          `OSRM table request failed: ${body.code}${body.message ? ` ${body.message}` : ""} (HTTP ${res.status})`,
        );
      }
      src.forEach((a, i) => {
        dst.forEach((b, j) => {
          const t = body.durations![i]?.[j];
          const d = body.distances![i]?.[j];
          durations[a * n + b] = t == null ? UNREACHABLE : t;
          distances[a * n + b] = d == null ? UNREACHABLE : d;
        });
      });
    }
  }
  return { size: n, distances, durations };
}

export function combine(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  const list = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : AbortSignal.any(list);
}
