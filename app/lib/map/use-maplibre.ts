import type { Map as MapLibreMap } from "maplibre-gl";
import type * as MapLibre from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { createBasemapMap } from "./basemap-loader";
import type { MapConfig } from "./basemap-style";
import { loadMapLibre } from "./load-maplibre";
import { useChunkFailure } from "../use-chunk-watchdog";

declare global {
  interface Window {
    __flotaPlacesMap?: MapLibreMap;
  }
}

export const ALBANIA_CENTER: [number, number] = [20.0, 41.2];

/**
 * Creates a MapLibre map in the element given to `containerRef` (in the browser only, never during SSR)
 * and calls `onLoad` once its style is ready. `expose` puts it on window for browser tests (not in production).
 */
export function useMapLibre(
  config: MapConfig,
  opts: {
    expose?: boolean;
    center?: [number, number];
    zoom?: number;
    compass?: boolean;
    onLoad: (map: MapLibreMap, lib: typeof MapLibre) => void;
  },
) {
  const [failed, setFailed] = useState(false);
  const chunkFailed = useChunkFailure();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  // A callback ref: the map is created when the element exists, whenever that is.
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const onLoad = useRef(opts.onLoad);
  onLoad.current = opts.onLoad;
  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let created: MapLibreMap | null = null;
    let stopWatching = () => {};
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
      if (opts.expose) window.__flotaPlacesMap = created;
      const m = created;
      m.on("load", () => {
        if (cancelled) return;
        onLoad.current(m, lib);
        setMap(m);
      });
    })().catch((err) => {
      console.error(err);
      if (!cancelled && !chunkFailed(err)) setFailed(true);
    });
    return () => {
      cancelled = true;
      stopWatching();
      if (window.__flotaPlacesMap === created) delete window.__flotaPlacesMap;
      created?.remove();
    };
    // One map per element; config changes need a new page anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element]);
  return { map, failed, containerRef: setElement };
}
