import type * as MapLibre from "maplibre-gl";
import { withChunkTimeout } from "../chunk-timeout";

let loading: Promise<typeof MapLibre> | null = null;
let pmtilesRegistered = false;

/**
 * Loads MapLibre in the browser only (never during SSR), with its worker served from our own assets. Fails with
 * ChunkLoadTimeoutError when the bundle has not arrived within the chunk time-out; a failed load is tried afresh.
 */
export function loadMapLibre(): Promise<typeof MapLibre> {
  loading ??= withChunkTimeout(
    Promise.all([
      import("maplibre-gl"),
      import("maplibre-gl/dist/maplibre-gl-worker.mjs?url"),
      import("maplibre-gl/dist/maplibre-gl.css"),
    ]),
  ).then(
    ([lib, worker]) => {
      lib.setWorkerUrl(new URL(worker.default, window.location.href).href);
      return lib;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Registers the pmtiles:// protocol once, for styles or sources that read a PMTiles archive. */
export async function registerPmtiles(lib: typeof MapLibre) {
  if (pmtilesRegistered) return;
  const { Protocol } = await withChunkTimeout(import("pmtiles"));
  const protocol = new Protocol();
  lib.addProtocol("pmtiles", protocol.tile);
  pmtilesRegistered = true;
}
