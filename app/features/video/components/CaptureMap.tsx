import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { useMapLibre } from "../../../lib/map/use-maplibre";

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
  const { failed, containerRef } = useMapLibre(config, {
    center: point,
    zoom: 14,
    onLoad: (m) => {
      if (track.length > 1) {
        m.addSource("video-track", {
          type: "geojson",
          data: { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: track } },
        });
        m.addLayer({
          id: "video-track",
          type: "line",
          source: "video-track",
          paint: { "line-color": "#1565c0", "line-width": 4 },
        });
      }
      m.addSource("video-point", {
        type: "geojson",
        data: { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: point } },
      });
      m.addLayer({
        id: "video-point",
        type: "circle",
        source: "video-point",
        paint: {
          "circle-radius": 8,
          "circle-color": "#d32f2f",
          "circle-stroke-color": "#fff",
          "circle-stroke-width": 2,
        },
      });
    },
  });
  if (!mounted) return null;
  if (failed)
    return (
      <p className="muted" role="status">
        {t("details.mapFailed")}
      </p>
    );
  return (
    <div style={{ position: "relative", height: 320 }} data-testid="video-map">
      <div
        ref={containerRef}
        style={{ position: "absolute", inset: 0 }}
        aria-label={t("details.mapLabel")}
        role="region"
      />
    </div>
  );
}
