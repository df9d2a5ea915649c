import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { useMapLibre } from "../../../lib/map/use-maplibre";

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
  const { failed, containerRef } = useMapLibre(config, {
    expose: false,
    onLoad: (m) => {
      const features = routes.flatMap((r, i) => [
        {
          type: "Feature" as const,
          properties: { color: TRUCK_COLORS[i % TRUCK_COLORS.length] },
          geometry: { type: "LineString" as const, coordinates: r.geometry },
        },
        ...r.geometry.slice(1, -1).map((c, s) => ({
          type: "Feature" as const,
          properties: { color: TRUCK_COLORS[i % TRUCK_COLORS.length], label: String(s + 1) },
          geometry: { type: "Point" as const, coordinates: c },
        })),
      ]);
      m.addSource("tms-routes", { type: "geojson", data: { type: "FeatureCollection", features } });
      m.addLayer({
        id: "tms-route-lines",
        type: "line",
        source: "tms-routes",
        filter: ["==", "$type", "LineString"],
        paint: { "line-color": ["get", "color"], "line-width": 3 },
      });
      m.addLayer({
        id: "tms-route-stops",
        type: "circle",
        source: "tms-routes",
        filter: ["==", "$type", "Point"],
        paint: {
          "circle-color": ["get", "color"],
          "circle-radius": 5,
          "circle-stroke-color": "#fff",
          "circle-stroke-width": 1,
        },
      });
      const coords = routes.flatMap((r) => r.geometry);
      if (coords.length) {
        const lons = coords.map((c) => c[0]);
        const lats = coords.map((c) => c[1]);
        m.fitBounds(
          [
            [Math.min(...lons), Math.min(...lats)],
            [Math.max(...lons), Math.max(...lats)],
          ],
          { padding: 40, maxZoom: 14, duration: 0 },
        );
      }
    },
  });
  if (!mounted || !routes.length) return null;
  if (failed) return null;
  return (
    <div className="tms-map" data-testid="plan-map">
      <div
        ref={containerRef}
        style={{ position: "absolute", inset: 0 }}
        role="region"
        aria-label={t("optimize.mapLabel")}
      />
    </div>
  );
}
