import type { Map as MapLibreMap } from "maplibre-gl";
import type * as MapLibre from "maplibre-gl";
import { createContext, useContext, useEffect, useMemo, type CSSProperties, type ReactNode } from "react";
import type { MapConfig } from "./basemap-style";
import { useMapLibre, type MapOptions } from "./use-maplibre";

export interface ReadyMap {
  map: MapLibreMap;
  lib: typeof MapLibre;
}

const MapContext = createContext<ReadyMap | null>(null);

/** The enclosing MapView's map once its style has loaded; null before that, on the server, and after a failure. */
export function useMap(): ReadyMap | null {
  return useContext(MapContext);
}

type DataAttributes = { [key: `data-${string}`]: string | number | undefined };

interface MapViewProps extends MapOptions, DataAttributes {
  config: MapConfig;
  /** the accessible name of the map region */
  label: string;
  className?: string;
  style?: CSSProperties;
  canvasClassName?: string;
  canvasStyle?: CSSProperties;
  /** shown in the frame, after the children, when the map cannot be made */
  failed?: ReactNode;
  /** shown instead of the frame when the map cannot be made (when given, `failed` is not used) */
  fallback?: ReactNode;
  onFailed?: () => void;
  /** layers and controls: they get the map through useMap() */
  children?: ReactNode;
}

/**
 * A page's map: a frame (`data-ready` "1" once the map is loaded, `data-failed` when it cannot be) around the
 * map canvas, and its children. Children render on the server too, with no map; layer components
 * (app/lib/map/layers/) add their sources and layers once useMap() returns the map, and remove them on unmount.
 */
export function MapView({
  config,
  label,
  className,
  style,
  canvasClassName,
  canvasStyle,
  failed,
  fallback,
  onFailed,
  children,
  expose,
  exposeAs,
  center,
  zoom,
  compass,
  fadeDuration,
  ...data
}: MapViewProps) {
  const made = useMapLibre(config, { expose, exposeAs, center, zoom, compass, fadeDuration });
  const { map, lib } = made;
  const ready = useMemo(() => (map && lib ? { map, lib } : null), [map, lib]);
  useEffect(() => {
    if (made.failed) onFailed?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported once
  }, [made.failed]);
  if (made.failed && fallback !== undefined) return fallback;
  return (
    <div
      className={className}
      style={style}
      data-ready={ready ? "1" : "0"}
      data-failed={made.failed ? "true" : undefined}
      {...data}
    >
      <div ref={made.containerRef} className={canvasClassName} style={canvasStyle} role="region" aria-label={label} />
      <MapContext.Provider value={ready}>{children}</MapContext.Provider>
      {made.failed && failed}
    </div>
  );
}
