import type { ExpressionSpecification, MapLayerMouseEvent } from "maplibre-gl";
import { useGeoJsonLayers, useLayerClick, type GeoJsonData } from "./use-geojson-layers";

interface MarkersLayerProps {
  /** the source's id, and the circle layer's unless `layerId` is given */
  id: string;
  layerId?: string;
  /** points: stops, jobs, alerts, a capture position */
  data: GeoJsonData;
  /** a colour, or an expression such as ["get", "color"] for one colour per feature */
  color: string | ExpressionSpecification;
  radius?: number;
  stroke?: string;
  strokeWidth?: number;
  before?: string;
  /** a click on a marker, with its feature's properties */
  onClick?: (properties: Record<string, unknown>, e: MapLayerMouseEvent) => void;
}

/** Points drawn as circles with a border: stops, jobs, vehicles' last positions, events. */
export function MarkersLayer({
  id,
  layerId = id,
  data,
  color,
  radius = 6,
  stroke = "#ffffff",
  strokeWidth = 2,
  before,
  onClick,
}: MarkersLayerProps) {
  const map = useGeoJsonLayers(
    id,
    data,
    [
      {
        id: layerId,
        type: "circle",
        source: id,
        paint: {
          "circle-radius": radius,
          "circle-color": color,
          "circle-stroke-color": stroke,
          "circle-stroke-width": strokeWidth,
        },
      },
    ],
    { before },
  );
  useLayerClick(map, layerId, onClick);
  return null;
}
