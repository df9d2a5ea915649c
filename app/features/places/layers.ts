import type { GeoJSONSourceSpecification, LayerSpecification, Map as MapLibreMap } from "maplibre-gl";

/** The organisation's places as GeoJSON (app/features/places/routes/layers-geojson.tsx). */
export const PLACES_LAYERS_URL = "/places/layers.geojson";
export const PLACES_SOURCE = "places";
export const PLACES_LAYER_IDS = {
  geofenceFill: "places-geofence-fill",
  geofenceLine: "places-geofence-line",
  poi: "places-poi",
} as const;

/** Layer ids per toggle, for a layer switcher ("pois" / "geofences"). */
export const PLACES_TOGGLES = {
  pois: [PLACES_LAYER_IDS.poi],
  geofences: [PLACES_LAYER_IDS.geofenceFill, PLACES_LAYER_IDS.geofenceLine],
} as const;
export type PlacesToggle = keyof typeof PLACES_TOGGLES;

/** Feature properties of the layers GeoJSON. */
export interface PlaceFeatureProps {
  id: string;
  kind: "poi" | "geofence";
  shape: "point" | "circle" | "polygon";
  name: string;
  category: string;
  icon: string;
  color: string;
}

/**
 * Source and layers that show points of interest (coloured dots) and geofences (tinted polygons; circles
 * arrive as 64-vertex polygons). Add them under the vehicle layers:
 *   const spec = placesLayerSpec();
 *   map.addSource(spec.sourceId, spec.source);
 *   for (const layer of spec.layers) map.addLayer(layer, beforeLayerId);
 * The layers need no glyphs or sprites, so they work on the offline basemap.
 */
export function placesLayerSpec(opts: { url?: string; data?: GeoJSON.FeatureCollection } = {}): {
  sourceId: string;
  source: GeoJSONSourceSpecification;
  layers: LayerSpecification[];
  toggles: typeof PLACES_TOGGLES;
} {
  const color = ["coalesce", ["get", "color"], "#2563eb"] as unknown as string;
  return {
    sourceId: PLACES_SOURCE,
    source: { type: "geojson", data: opts.data ?? opts.url ?? PLACES_LAYERS_URL },
    layers: [
      {
        id: PLACES_LAYER_IDS.geofenceFill,
        type: "fill",
        source: PLACES_SOURCE,
        filter: ["==", ["get", "kind"], "geofence"],
        paint: { "fill-color": color, "fill-opacity": 0.15 },
      },
      {
        id: PLACES_LAYER_IDS.geofenceLine,
        type: "line",
        source: PLACES_SOURCE,
        filter: ["==", ["get", "kind"], "geofence"],
        paint: { "line-color": color, "line-width": 2 },
      },
      {
        id: PLACES_LAYER_IDS.poi,
        type: "circle",
        source: PLACES_SOURCE,
        filter: ["==", ["get", "kind"], "poi"],
        paint: {
          "circle-color": color,
          "circle-radius": ["interpolate", ["linear"], ["zoom"], 4, 3, 12, 7],
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 1.5,
        },
      },
    ],
    toggles: PLACES_TOGGLES,
  };
}

/** Shows or hides one group of place layers. */
export function setPlacesVisibility(map: MapLibreMap, toggle: PlacesToggle, visible: boolean) {
  for (const id of PLACES_TOGGLES[toggle]) {
    if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", visible ? "visible" : "none");
  }
}
