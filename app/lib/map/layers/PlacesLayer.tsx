import type { ExpressionSpecification, LayerSpecification } from "maplibre-gl";
import { useLayoutEffect } from "react";
import { useGeoJsonLayers, type GeoJsonData } from "./use-geojson-layers";

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

const color: ExpressionSpecification = ["coalesce", ["get", "color"], "#2563eb"];

/** Geofences as tinted polygons (circles arrive as 64-vertex polygons), points of interest as coloured dots. */
const PLACES_LAYERS: LayerSpecification[] = [
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
];

/**
 * The organisation's points of interest and geofences (fetched from PLACES_LAYERS_URL unless `data` is given),
 * each group shown or hidden by `visible`. Needs no glyphs or sprites, so it works on the offline basemap.
 */
export function PlacesLayer({
  data = PLACES_LAYERS_URL,
  visible,
  before,
}: {
  data?: GeoJsonData;
  visible?: Record<PlacesToggle, boolean>;
  before?: string;
}) {
  const map = useGeoJsonLayers(PLACES_SOURCE, data, PLACES_LAYERS, { before });
  const pois = visible?.pois ?? true;
  const geofences = visible?.geofences ?? true;
  useLayoutEffect(() => {
    if (!map) return;
    const shown: Record<PlacesToggle, boolean> = { pois, geofences };
    for (const toggle of Object.keys(PLACES_TOGGLES) as PlacesToggle[])
      for (const id of PLACES_TOGGLES[toggle])
        if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", shown[toggle] ? "visible" : "none");
  }, [map, pois, geofences]);
  return null;
}
