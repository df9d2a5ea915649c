import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../../lib/map/basemap-style";
import { boundsOf } from "../../../../lib/map/bounds";
import { MapView } from "../../../../lib/map/MapView";
import { FitBounds } from "../../../../lib/map/layers/FitBounds";
import { MarkersLayer } from "../../../../lib/map/layers/MarkersLayer";
import { RouteLayer } from "../../../../lib/map/layers/RouteLayer";
import type { TimelineEntry } from "../vehicle-details.server";

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
  const bounds = useMemo(
    () =>
      boundsOf([
        ...track,
        ...points.features.map((f) => f.geometry.coordinates),
        ...entries.flatMap((e) => (e.lat !== null && e.lon !== null ? [[e.lon, e.lat]] : [])),
      ]),
    [track, points, entries],
  );
  return (
    <MapView
      config={config}
      compass
      label={t("details.mapLabel")}
      className="fleet-map details-map"
      data-testid="details-map"
      data-points={points.features.length}
      data-track={track.length}
      canvasClassName="map-canvas"
      failed={<p className="map-failed alert alert-warn">{t("details.mapFailed")}</p>}
    >
      <RouteLayer id="details-track" data={lines} casing />
      <MarkersLayer id="details-points" data={points} color={["get", "colour"]} />
      <FitBounds bounds={bounds} padding={50} maxZoom={15} />
    </MapView>
  );
}
