import type { LayerSpecification } from "maplibre-gl";
import { useLayoutEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { MapView, useMap } from "../../../lib/map/MapView";
import { FitBounds } from "../../../lib/map/layers/FitBounds";
import { MarkersLayer } from "../../../lib/map/layers/MarkersLayer";
import { RouteLayer } from "../../../lib/map/layers/RouteLayer";
import { useGeoJsonLayers } from "../../../lib/map/layers/use-geojson-layers";
import { provideVehicleImages } from "../../../lib/map/pin-images";
import type { PlaybackFrame } from "../../../lib/map/playback";
import type { ReplayPoint, ReplayStop } from "../../../../server/shared/replay-point";
import { alertsGeoJson, trackBounds, trackGeoJson, stopsGeoJson } from "../../../lib/map/replay-geo";

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
  const track = useMemo(() => trackGeoJson(points), [points]);
  const stopPoints = useMemo(() => stopsGeoJson(stops), [stops]);
  const alertPoints = useMemo(() => alertsGeoJson(alerts), [alerts]);
  const bounds = useMemo(() => trackBounds(points), [points]);
  return (
    <MapView
      config={config}
      compass
      label={t("mapLabel")}
      className="fleet-map replay-map"
      data-testid="replay-map"
      data-alerts={alertPoints.features.length}
      canvasClassName="map-canvas"
      failed={<p className="map-failed alert alert-warn">{t("mapFailed")}</p>}
    >
      <RouteLayer id="track" data={track} casing />
      <MarkersLayer id="stops" data={stopPoints} color="#f28c28" radius={7} />
      <MarkersLayer id="alerts" data={alertPoints} color="#dc2626" />
      <ReplayCursor frame={frame} />
      <FitBounds bounds={bounds} padding={50} maxZoom={15} />
    </MapView>
  );
}

const CURSOR_LAYERS: LayerSpecification[] = [
  {
    id: "cursor",
    type: "symbol",
    source: "cursor",
    layout: {
      "icon-image": "pin-moving",
      "icon-rotate": ["get", "course"],
      "icon-rotation-alignment": "map",
      "icon-allow-overlap": true,
    },
  },
];

/** The vehicle at the scrubber's instant, a moving pin pointing along its course. */
function ReplayCursor({ frame }: { frame: PlaybackFrame | null }) {
  const map = useMap()?.map;
  useLayoutEffect(() => {
    if (map) provideVehicleImages(map);
  }, [map]);
  const data = useMemo<GeoJSON.FeatureCollection>(
    () =>
      frame
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
        : EMPTY,
    [frame],
  );
  useGeoJsonLayers("cursor", data, CURSOR_LAYERS);
  return null;
}
