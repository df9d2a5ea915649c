import { blocks, UNREACHABLE, type LatLon } from "./geo";
import { combine } from "./osrm";
import type { TravelMatrix } from "./types";

export interface ValhallaOptions {
  /** base URL of a Valhalla server, e.g. http://valhalla.internal:8002 */
  url: string;
  /** Valhalla costing model; default auto */
  costing?: string;
  maxLocationsPerRequest?: number;
  timeoutMs?: number;
}

interface ValhallaCell {
  distance: number | null;
  time: number | null;
}

interface ValhallaResponse {
  sources_to_targets?: ValhallaCell[][] | { durations: (number | null)[][]; distances: (number | null)[][] };
  error?: string;
  error_code?: number;
}

/** Valhalla Matrix service: POST /sources_to_targets (distances in km are converted to metres). */
export async function fetchValhallaMatrix(
  points: LatLon[],
  opts: ValhallaOptions,
  signal?: AbortSignal,
): Promise<TravelMatrix> {
  const n = points.length;
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  const base = opts.url.replace(/\/+$/, "");
  const size = Math.max(1, opts.maxLocationsPerRequest ?? 50);
  const chunks = blocks(n, size);
  for (const src of chunks) {
    for (const dst of chunks) {
      const body = {
        sources: src.map((i) => ({ lat: points[i].lat, lon: points[i].lon })),
        targets: dst.map((i) => ({ lat: points[i].lat, lon: points[i].lon })),
        costing: opts.costing ?? "auto",
        units: "kilometers",
      };
      const res = await fetch(`${base}/sources_to_targets`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: combine(signal, opts.timeoutMs),
      });
      const json = (await res.json().catch(() => ({}))) as ValhallaResponse;
      const table = json.sources_to_targets;
      if (!res.ok || !table)
        throw new Error(
          `Valhalla matrix request failed: ${json.error ?? "no sources_to_targets"} (HTTP ${res.status})`,
        );
      src.forEach((a, i) => {
        dst.forEach((b, j) => {
          let t: number | null | undefined;
          let d: number | null | undefined;
          if (Array.isArray(table)) {
            t = table[i]?.[j]?.time;
            d = table[i]?.[j]?.distance;
          } else {
            t = table.durations[i]?.[j];
            d = table.distances[i]?.[j];
          }
          durations[a * n + b] = t == null ? UNREACHABLE : t;
          distances[a * n + b] = d == null ? UNREACHABLE : d * 1000;
        });
      });
    }
  }
  return { size: n, distances, durations };
}
