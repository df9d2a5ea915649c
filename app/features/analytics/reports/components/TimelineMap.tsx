import type { GeoJSONSource } from "maplibre-gl";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../../lib/map/basemap-style";
import { trackBounds } from "../../../../lib/map/replay-geo";
import { useMapLibre } from "../../../../lib/map/use-maplibre";
import type { TimelineEntry } from "../vehicle-details.server";

const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };
const COLOURS: Record<string, string> = {
  stop: "#f28c28",
  idle: "#eab308",
  speeding: "#9333ea",
  alert: "#dc2626",
  trip: "#0f5c8c",
};

/** The timeline's places as map points: each stop, idling, speeding episode and alert where it began. */
export function timelinePoints(entries: TimelineEntry[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: "FeatureCollection",
    features: entries.flatMap((e, i) =>
      e.kind !== "trip" && e.lat !== null && e.lon !== null
        ? [
            {
              type: "Feature" as const,
              id: i,
              properties: { kind: e.kind, colour: COLOURS[e.kind] ?? "#555" },
              geometry: { type: "Point" as const, coordinates: [e.lon, e.lat] },
            },
          ]
        : [],
    ),
  };
}

/** Trips without a drawn track (no replay permission, a long period): a straight line from start to end. */
function tripLines(entries: TimelineEntry[]): GeoJSON.FeatureCollection<GeoJSON.LineString> {
  return {
    type: "FeatureCollection",
    features: entries.flatMap((e) =>
      e.kind === "trip" && e.lat !== null && e.lon !== null && e.endLat !== null && e.endLon !== null
        ? [
            {
              type: "Feature" as const,
              properties: {},
              geometry: {
                type: "LineString" as const,
                coordinates: [
                  [e.lon, e.lat],
                  [e.endLon, e.endLat],
                ],
              },
            },
          ]
        : [],
    ),
  };
}

/** The vehicle's period on a map (browser only): its track, and the timeline's stops and events as dots. */
export function TimelineMap({
  entries,
  track,
  config,
}: {
  entries: TimelineEntry[];
  track: Array<[number, number]>;
  config: MapConfig;
}) {
  const { t } = useTranslation("analytics");
  const { map, failed, containerRef } = useMapLibre(config, {
    compass: true,
    onLoad: (m) => {
      m.addSource("details-track", { type: "geojson", data: EMPTY });
      m.addSource("details-points", { type: "geojson", data: EMPTY });
      m.addLayer({
        id: "details-track-casing",
        type: "line",
        source: "details-track",
        paint: { "line-color": "#ffffff", "line-width": 6 },
        layout: { "line-join": "round", "line-cap": "round" },
      });
      m.addLayer({
        id: "details-track",
        type: "line",
        source: "details-track",
        paint: { "line-color": "#0f5c8c", "line-width": 3 },
        layout: { "line-join": "round", "line-cap": "round" },
      });
      m.addLayer({
        id: "details-points",
        type: "circle",
        source: "details-points",
        paint: {
          "circle-radius": 6,
          "circle-color": ["get", "colour"],
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
        },
      });
    },
  });
  const points = useMemo(() => timelinePoints(entries), [entries]);
  const lines = useMemo<GeoJSON.FeatureCollection>(
    () =>
      track.length > 1
        ? {
            type: "FeatureCollection",
            features: [{ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: track } }],
          }
        : tripLines(entries),
    [track, entries],
  );
  useEffect(() => {
    if (!map) return;
    // the canvas may have been sized before the page's styles gave the container its height
    map.resize();
    void (map.getSource("details-track") as GeoJSONSource).setData(lines);
    void (map.getSource("details-points") as GeoJSONSource).setData(points);
    const all = [
      ...track.map(([lon, lat]) => ({ lon, lat })),
      ...points.features.map((f) => ({ lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] })),
      ...entries.filter((e) => e.lat !== null && e.lon !== null).map((e) => ({ lon: e.lon!, lat: e.lat! })),
    ];
    const bounds = trackBounds(all);
    if (bounds) map.fitBounds(bounds, { padding: 50, maxZoom: 15, duration: 0 });
  }, [map, lines, points, track, entries]);
  return (
    <div
      className="fleet-map details-map"
      data-testid="details-map"
      data-ready={map ? "1" : "0"}
      data-points={points.features.length}
      data-track={track.length}
    >
      <div ref={containerRef} className="map-canvas" role="region" aria-label={t("details.mapLabel")} />
      {failed && <p className="map-failed alert alert-warn">{t("details.mapFailed")}</p>}
    </div>
  );
}
