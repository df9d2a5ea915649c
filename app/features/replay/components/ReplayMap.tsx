import type { GeoJSONSource } from "maplibre-gl";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { provideVehicleImages } from "../../../lib/map/pin-images";
import type { PlaybackFrame } from "../../../lib/map/playback";
import type { ReplayPoint, ReplayStop } from "../../../../server/shared/replay-point";
import { alertsGeoJson, trackBounds, trackGeoJson, stopsGeoJson } from "../../../lib/map/replay-geo";
import { useMapLibre } from "../../../lib/map/use-maplibre";

/** An alert drawn on the replay map (red dot). */
export interface ReplayAlertPoint {
  id: string;
  type: string;
  lat: number | null;
  lon: number | null;
}

const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

/** The replayed path, its stops and the vehicle at the scrubber's instant (browser only). */
export function ReplayMap({
  points,
  stops,
  alerts,
  frame,
  config,
}: {
  points: ReplayPoint[];
  stops: ReplayStop[];
  alerts: ReplayAlertPoint[];
  frame: PlaybackFrame | null;
  config: MapConfig;
}) {
  const { t } = useTranslation("replay");
  const { map, failed, containerRef } = useMapLibre(config, {
    compass: true,
    onLoad: (m) => {
      provideVehicleImages(m);
      m.addSource("track", { type: "geojson", data: EMPTY });
      m.addSource("stops", { type: "geojson", data: EMPTY });
      m.addSource("alerts", { type: "geojson", data: EMPTY });
      m.addSource("cursor", { type: "geojson", data: EMPTY });
      m.addLayer({
        id: "track-casing",
        type: "line",
        source: "track",
        paint: { "line-color": "#ffffff", "line-width": 6 },
        layout: { "line-join": "round", "line-cap": "round" },
      });
      m.addLayer({
        id: "track",
        type: "line",
        source: "track",
        paint: { "line-color": "#0f5c8c", "line-width": 3 },
        layout: { "line-join": "round", "line-cap": "round" },
      });
      m.addLayer({
        id: "stops",
        type: "circle",
        source: "stops",
        paint: {
          "circle-radius": 7,
          "circle-color": "#f28c28",
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
        },
      });
      m.addLayer({
        id: "alerts",
        type: "circle",
        source: "alerts",
        paint: {
          "circle-radius": 6,
          "circle-color": "#dc2626",
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
        },
      });
      m.addLayer({
        id: "cursor",
        type: "symbol",
        source: "cursor",
        layout: {
          "icon-image": "pin-moving",
          "icon-rotate": ["get", "course"],
          "icon-rotation-alignment": "map",
          "icon-allow-overlap": true,
        },
      });
    },
  });

  const alertPoints = useMemo(() => alertsGeoJson(alerts), [alerts]);
  useEffect(() => {
    if (!map) return;
    void (map.getSource("track") as GeoJSONSource).setData(trackGeoJson(points));
    void (map.getSource("stops") as GeoJSONSource).setData(stopsGeoJson(stops));
    void (map.getSource("alerts") as GeoJSONSource).setData(alertPoints);
    const bounds = trackBounds(points);
    if (bounds) map.fitBounds(bounds, { padding: 50, maxZoom: 15, duration: 0 });
  }, [map, points, stops, alertPoints]);

  useEffect(() => {
    if (!map) return;
    const data: GeoJSON.FeatureCollection = frame
      ? {
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              geometry: { type: "Point", coordinates: [frame.lon, frame.lat] },
              properties: { course: frame.course },
            },
          ],
        }
      : EMPTY;
    void (map.getSource("cursor") as GeoJSONSource).setData(data);
  }, [map, frame]);

  return (
    <div
      className="fleet-map replay-map"
      data-testid="replay-map"
      data-ready={map ? "1" : "0"}
      data-alerts={alertPoints.features.length}
    >
      <div ref={containerRef} className="map-canvas" role="region" aria-label={t("mapLabel")} />
      {failed && <p className="map-failed alert alert-warn">{t("mapFailed")}</p>}
    </div>
  );
}
