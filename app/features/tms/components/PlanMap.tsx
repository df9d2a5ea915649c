import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { boundsOf } from "../../../lib/map/bounds";
import { MapView } from "../../../lib/map/MapView";
import { FitBounds } from "../../../lib/map/layers/FitBounds";
import { MarkersLayer } from "../../../lib/map/layers/MarkersLayer";
import { RouteLayer } from "../../../lib/map/layers/RouteLayer";

export const TRUCK_COLORS = [
  "#2563eb",
  "#dc2626",
  "#16a34a",
  "#9333ea",
  "#ea580c",
  "#0891b2",
  "#ca8a04",
  "#db2777",
  "#4b5563",
  "#65a30d",
];

interface Props {
  config: MapConfig;
  routes: Array<{ vehicle_id: string; label: string; geometry: Array<[number, number]> }>;
}

/** Each truck's route as a coloured line with its stops; JavaScript only (the tables are the no-JS view). */
export function PlanMap({ config, routes }: Props) {
  const { t } = useTranslation("tms");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { lines, stops, bounds } = useMemo(() => {
    const color = (i: number) => TRUCK_COLORS[i % TRUCK_COLORS.length];
    const collection = <G extends GeoJSON.Geometry>(features: GeoJSON.Feature<G>[]): GeoJSON.FeatureCollection<G> => ({
      type: "FeatureCollection",
      features,
    });
    return {
      lines: collection(
        routes.map((r, i) => ({
          type: "Feature" as const,
          properties: { color: color(i) },
          geometry: { type: "LineString" as const, coordinates: r.geometry },
        })),
      ),
      stops: collection(
        routes.flatMap((r, i) =>
          r.geometry.slice(1, -1).map((c, s) => ({
            type: "Feature" as const,
            properties: { color: color(i), label: String(s + 1) },
            geometry: { type: "Point" as const, coordinates: c },
          })),
        ),
      ),
      bounds: boundsOf(routes.flatMap((r) => r.geometry)),
    };
  }, [routes]);
  if (!mounted || !routes.length) return null;
  return (
    <MapView
      config={config}
      label={t("optimize.mapLabel")}
      className="tms-map"
      data-testid="plan-map"
      canvasStyle={{ position: "absolute", inset: 0 }}
      fallback={null}
    >
      <RouteLayer id="tms-routes" layerId="tms-route-lines" data={lines} color={["get", "color"]} />
      <MarkersLayer
        id="tms-route-stops"
        data={stops}
        color={["get", "color"]}
        radius={5}
        stroke="#fff"
        strokeWidth={1}
      />
      <FitBounds bounds={bounds} />
    </MapView>
  );
}
