import type {
  GeoJSONSource,
  GeoJSONSourceSpecification,
  LayerSpecification,
  Map as MapLibreMap,
  MapLayerMouseEvent,
} from "maplibre-gl";
import { useLayoutEffect, useRef } from "react";
import { useMap } from "../MapView";

export type GeoJsonData = GeoJSONSourceSpecification["data"];
export type SourceOptions = Omit<GeoJSONSourceSpecification, "type" | "data">;

/**
 * One GeoJSON source and its layers on the enclosing MapView's map: added once the map is ready (above what
 * is there, or under `before` when that layer exists), the source's data set whenever `data` changes, both
 * removed on unmount. The layer specifications are read when they are added. Returns the map (null before).
 */
export function useGeoJsonLayers(
  sourceId: string,
  data: GeoJsonData,
  layers: LayerSpecification[],
  opts: { before?: string; source?: SourceOptions } = {},
): MapLibreMap | null {
  const map = useMap()?.map ?? null;
  const sent = useRef<GeoJsonData | null>(null);
  const latest = useRef({ data, layers, opts });
  latest.current = { data, layers, opts };
  useLayoutEffect(() => {
    if (!map) return;
    const { data: initial, layers: specs, opts: o } = latest.current;
    map.addSource(sourceId, { type: "geojson", data: initial, ...o.source });
    sent.current = initial;
    const before = o.before && map.getLayer(o.before) ? o.before : undefined;
    for (const layer of specs) map.addLayer(layer, before);
    return () => {
      sent.current = null;
      if (!map.style) return; // the map itself is gone
      for (const layer of specs) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
  }, [map, sourceId]);
  useLayoutEffect(() => {
    if (!map || sent.current === data) return;
    sent.current = data;
    void (map.getSource(sourceId) as GeoJSONSource | undefined)?.setData(data);
  }, [map, sourceId, data]);
  return map;
}

/** Calls `onClick` with the clicked feature's properties, and shows a pointer over the layer, while mounted. */
export function useLayerClick(
  map: MapLibreMap | null,
  layerId: string,
  onClick: ((properties: Record<string, unknown>, e: MapLayerMouseEvent) => void) | undefined,
) {
  const handler = useRef(onClick);
  handler.current = onClick;
  const active = onClick !== undefined;
  useLayoutEffect(() => {
    if (!map || !active) return;
    const click = (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      if (f) handler.current?.(f.properties ?? {}, e);
    };
    const enter = () => {
      map.getCanvas().style.cursor = "pointer";
    };
    const leave = () => {
      map.getCanvas().style.cursor = "";
    };
    map.on("click", layerId, click);
    map.on("mouseenter", layerId, enter);
    map.on("mouseleave", layerId, leave);
    return () => {
      map.off("click", layerId, click);
      map.off("mouseenter", layerId, enter);
      map.off("mouseleave", layerId, leave);
    };
  }, [map, layerId, active]);
}
