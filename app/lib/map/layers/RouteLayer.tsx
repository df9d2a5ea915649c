import type { ExpressionSpecification, LayerSpecification } from "maplibre-gl";
import { useGeoJsonLayers, type GeoJsonData } from "./use-geojson-layers";

interface RouteLayerProps {
  /** the source's id, and the line layer's unless `layerId` is given */
  id: string;
  layerId?: string;
  /** lines: a track, planned routes */
  data: GeoJsonData;
  /** a colour, or an expression such as ["get", "color"] for one colour per feature */
  color?: string | ExpressionSpecification;
  width?: number;
  opacity?: number;
  /** a white casing under a round-joined line (`<layerId>-casing`), as tracks are drawn */
  casing?: boolean;
  /** a layer to draw under */
  before?: string;
}

/** Lines on the map: a replayed track, a vehicle's period, planned routes. */
export function RouteLayer({
  id,
  layerId = id,
  data,
  color = "#0f5c8c",
  width = 3,
  opacity,
  casing,
  before,
}: RouteLayerProps) {
  const layout = casing ? ({ "line-join": "round", "line-cap": "round" } as const) : undefined;
  const layers: LayerSpecification[] = [
    ...(casing
      ? [
          {
            id: `${layerId}-casing`,
            type: "line" as const,
            source: id,
            paint: { "line-color": "#ffffff", "line-width": width + 3 },
            layout,
          },
        ]
      : []),
    {
      id: layerId,
      type: "line",
      source: id,
      paint: {
        "line-color": color,
        "line-width": width,
        ...(opacity !== undefined ? { "line-opacity": opacity } : {}),
      },
      ...(layout ? { layout } : {}),
    },
  ];
  useGeoJsonLayers(id, data, layers, { before });
  return null;
}
