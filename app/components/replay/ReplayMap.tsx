import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { needsPmtiles, resolveMapStyle, type MapConfig } from "../../lib/map/basemap-style";
import { loadMapLibre, registerPmtiles } from "../../lib/map/load-maplibre";
import { provideVehicleImages } from "../../lib/map/pin-images";
import type { PlaybackFrame, TrackPoint } from "../../lib/map/playback";
import { alertsGeoJson, trackBounds, trackGeoJson, stopsGeoJson, type TrackStop } from "../../lib/map/replay-geo";

/** An alert drawn on the replay map (red dot). */
export interface ReplayAlertPoint {
  id: string;
  type: string;
  lat: number | null;
  lon: number | null;
}

const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

/** The replayed path, its stops and the vehicle at the scrubber's instant (browser only). */
export function ReplayMap({ points, stops, alerts, frame, config }: { points: TrackPoint[]; stops: TrackStop[]; alerts: ReplayAlertPoint[]; frame: PlaybackFrame | null; config: MapConfig }) {
  const { t } = useTranslation("replay");
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    (async () => {
      const lib = await loadMapLibre();
      if (needsPmtiles(config)) await registerPmtiles(lib);
      if (cancelled || !container.current) return;
      map = new lib.Map({ container: container.current, style: resolveMapStyle(config, window.location.origin), center: [20, 41.2], zoom: 6, attributionControl: { compact: true } });
      mapRef.current = map;
      map.addControl(new lib.NavigationControl(), "top-right");
      provideVehicleImages(map);
      map.on("load", () => {
        const m = map as MapLibreMap;
        m.addSource("track", { type: "geojson", data: EMPTY });
        m.addSource("stops", { type: "geojson", data: EMPTY });
        m.addSource("alerts", { type: "geojson", data: EMPTY });
        m.addSource("cursor", { type: "geojson", data: EMPTY });
        m.addLayer({ id: "track-casing", type: "line", source: "track", paint: { "line-color": "#ffffff", "line-width": 6 }, layout: { "line-join": "round", "line-cap": "round" } });
        m.addLayer({ id: "track", type: "line", source: "track", paint: { "line-color": "#0f5c8c", "line-width": 3 }, layout: { "line-join": "round", "line-cap": "round" } });
        m.addLayer({ id: "stops", type: "circle", source: "stops", paint: { "circle-radius": 7, "circle-color": "#f28c28", "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 } });
        m.addLayer({ id: "alerts", type: "circle", source: "alerts", paint: { "circle-radius": 6, "circle-color": "#dc2626", "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 } });
        m.addLayer({ id: "cursor", type: "symbol", source: "cursor", layout: { "icon-image": "pin-moving", "icon-rotate": ["get", "course"], "icon-rotation-alignment": "map", "icon-allow-overlap": true } });
        setReady(true);
      });
    })().catch((err) => {
      console.error(err);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
  }, [config.styleUrl, config.pmtilesUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    (map.getSource("track") as GeoJSONSource).setData(trackGeoJson(points));
    (map.getSource("stops") as GeoJSONSource).setData(stopsGeoJson(stops));
    (map.getSource("alerts") as GeoJSONSource).setData(alertsGeoJson(alerts));
    const bounds = trackBounds(points);
    if (bounds) map.fitBounds(bounds, { padding: 50, maxZoom: 15, duration: 0 });
  }, [ready, points, stops, alerts]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const data: GeoJSON.FeatureCollection = frame
      ? { type: "FeatureCollection", features: [{ type: "Feature", geometry: { type: "Point", coordinates: [frame.lon, frame.lat] }, properties: { course: frame.course } }] }
      : EMPTY;
    (map.getSource("cursor") as GeoJSONSource).setData(data);
  }, [ready, frame]);

  return (
    <div className="fleet-map replay-map" data-testid="replay-map" data-ready={ready ? "1" : "0"} data-alerts={alertsGeoJson(alerts).features.length}>
      <div ref={container} className="map-canvas" role="region" aria-label={t("mapLabel")} />
      {failed && <p className="map-failed alert alert-warn">{t("mapFailed")}</p>}
    </div>
  );
}
