import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { MapView } from "../../../lib/map/MapView";
import { MarkersLayer } from "../../../lib/map/layers/MarkersLayer";
import { RouteLayer } from "../../../lib/map/layers/RouteLayer";

/** The capture position and the track five minutes either side (JavaScript only; the coordinates are the no-JS view). */
export function CaptureMap({
  config,
  point,
  track,
}: {
  config: MapConfig;
  point: [number, number];
  track: [number, number][];
}) {
  const { t } = useTranslation("video");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const line = useMemo<GeoJSON.Feature>(
    () => ({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: track } }),
    [track],
  );
  const [lon, lat] = point;
  const capture = useMemo<GeoJSON.Feature>(
    () => ({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [lon, lat] } }),
    [lon, lat],
  );
  if (!mounted) return null;
  return (
    <MapView
      config={config}
      center={point}
      zoom={14}
      label={t("details.mapLabel")}
      style={{ position: "relative", height: 320 }}
      data-testid="video-map"
      canvasStyle={{ position: "absolute", inset: 0 }}
      fallback={
        <p className="muted" role="status">
          {t("details.mapFailed")}
        </p>
      }
    >
      {track.length > 1 && <RouteLayer id="video-track" data={line} color="#1565c0" width={4} />}
      <MarkersLayer id="video-point" data={capture} color="#d32f2f" radius={8} />
    </MapView>
  );
}
