import type { Map as MapLibreMap } from "maplibre-gl";
import type * as MapLibre from "maplibre-gl";
import { useEffect, useState } from "react";
import { createBasemapMap } from "./basemap-loader";
import type { MapConfig } from "./basemap-style";
import { loadMapLibre } from "./load-maplibre";
import { useChunkFailure } from "../use-chunk-watchdog";

declare global {
  interface Window {
    /** the live map, for browser tests and bench/map.ts (not in production) */
    __flotaMap?: MapLibreMap;
    /** any other map, for browser tests (not in production) */
    __flotaPlacesMap?: MapLibreMap;
    /** set by bench/map.ts: each vehicle-source update's main-thread time (ms) is pushed here */
    __flotaMapTimings?: number[];
  }
}

export const ALBANIA_CENTER: [number, number] = [20.0, 41.2];

export interface MapOptions {
  /** puts the map on window for browser tests (never in production) */
  expose?: boolean;
  /** the window property it is put on */
  exposeAs?: "__flotaMap" | "__flotaPlacesMap";
  center?: [number, number];
  zoom?: number;
  compass?: boolean;
  /** symbol fade-in (ms); 0 for maps whose data keep changing, so each update does not animate for 300 ms */
  fadeDuration?: number;
}

/**
 * Creates a MapLibre map in the element given to `containerRef` (in the browser only, never during SSR) and
 * returns it once its style has loaded. MapLibre and the basemap load lazily; a remote basemap that fails is
 * swapped for the offline one (basemap-loader.ts); a chunk that does not arrive is left to the chunk watchdog.
 */
export function useMapLibre(config: MapConfig, opts: MapOptions = {}) {
  const [failed, setFailed] = useState(false);
  const chunkFailed = useChunkFailure();
  const [loaded, setLoaded] = useState<{ map: MapLibreMap; lib: typeof MapLibre } | null>(null);
  // A callback ref: the map is created when the element exists, whenever that is.
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let created: MapLibreMap | null = null;
    let stopWatching = () => {};
    const exposeAs = opts.exposeAs ?? "__flotaPlacesMap";
    (async () => {
      const lib = await loadMapLibre();
      if (cancelled || !element) return;
      const made = await createBasemapMap(
        lib,
        config,
        {
          container: element,
          center: opts.center ?? ALBANIA_CENTER,
          zoom: opts.zoom ?? 6,
          attributionControl: { compact: true },
          ...(opts.fadeDuration !== undefined ? { fadeDuration: opts.fadeDuration } : {}),
        },
        (kind) => {
          element.dataset.basemap = kind;
        },
      );
      if (cancelled) {
        made.stop();
        made.map.remove();
        return;
      }
      created = made.map;
      stopWatching = made.stop;
      created.addControl(new lib.NavigationControl({ showCompass: opts.compass ?? false }), "top-right");
      if (opts.expose) window[exposeAs] = created;
      const m = created;
      m.on("load", () => {
        if (cancelled) return;
        // the canvas may have been sized before the page's styles gave the container its height
        m.resize();
        setLoaded({ map: m, lib });
      });
    })().catch((err) => {
      console.error(err);
      if (!cancelled && !chunkFailed(err)) setFailed(true);
    });
    return () => {
      cancelled = true;
      stopWatching();
      if (window[exposeAs] === created) delete window[exposeAs];
      created?.remove();
      setLoaded(null);
    };
    // One map per element; config changes need a new page anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element]);
  return { map: loaded?.map ?? null, lib: loaded?.lib ?? null, failed, containerRef: setElement };
}
