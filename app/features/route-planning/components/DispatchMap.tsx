import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { boundsOf } from "../../../lib/map/bounds";
import { MapView } from "../../../lib/map/MapView";
import { FitBounds } from "../../../lib/map/layers/FitBounds";
import { MarkersLayer } from "../../../lib/map/layers/MarkersLayer";
import { RouteLayer } from "../../../lib/map/layers/RouteLayer";

export interface MapJob {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  status: string;
  punctuality: string;
  vehicle: string | null;
}
export interface MapVehicle {
  id: string;
  registration: string;
  latitude: number | null;
  longitude: number | null;
}
export interface MapRoute {
  vehicle: string;
  coordinates: Array<[number, number]>;
}

const COLOR: Record<string, string> = { late: "#dc2626", missed: "#7f1d1d", on_time: "#16a34a", pending: "#2563eb" };

const collection = <G extends GeoJSON.Geometry>(features: GeoJSON.Feature<G>[]): GeoJSON.FeatureCollection<G> => ({
  type: "FeatureCollection",
  features,
});

/** Today's jobs (late ones red) and the vehicles' last positions; a proposal's routes as lines. JavaScript only: the table is the no-JS view. */
export function DispatchMap({
  config,
  jobs,
  vehicles,
  routes,
  expose,
  onPick,
}: {
  config: MapConfig;
  jobs: MapJob[];
  vehicles: MapVehicle[];
  routes: MapRoute[];
  expose: boolean;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation("routePlanning");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // the page passes new arrays on each render: the sources are set again only when their content changes
  const [jobsKey, vehiclesKey, routesKey] = [JSON.stringify(jobs), JSON.stringify(vehicles), JSON.stringify(routes)];
  const jobPoints = useMemo(
    () =>
      collection(
        jobs.map((j) => ({
          type: "Feature" as const,
          geometry: { type: "Point" as const, coordinates: [j.longitude, j.latitude] },
          properties: {
            id: j.id,
            name: j.name,
            color: j.status === "finished" ? "#6b7280" : (COLOR[j.punctuality] ?? "#2563eb"),
          },
        })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by content
    [jobsKey],
  );
  const vehiclePoints = useMemo(
    () =>
      collection(
        vehicles.flatMap((v) =>
          v.latitude != null && v.longitude != null
            ? [
                {
                  type: "Feature" as const,
                  geometry: { type: "Point" as const, coordinates: [v.longitude, v.latitude] },
                  properties: { id: v.id, label: v.registration },
                },
              ]
            : [],
        ),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by content
    [vehiclesKey],
  );
  const lines = useMemo(
    () =>
      collection(
        routes.map((r) => ({
          type: "Feature" as const,
          geometry: { type: "LineString" as const, coordinates: r.coordinates },
          properties: { vehicle: r.vehicle },
        })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by content
    [routesKey],
  );
  const bounds = useMemo(
    () => boundsOf([...jobPoints.features, ...vehiclePoints.features].map((f) => f.geometry.coordinates)),
    [jobPoints, vehiclePoints],
  );
  if (!mounted) return null;
  return (
    <MapView
      config={config}
      expose={expose}
      label={t("tabs.map")}
      className="dispatch-map"
      data-testid="dispatch-map"
      style={{ position: "relative", height: 420 }}
      canvasStyle={{ position: "absolute", inset: 0 }}
    >
      <RouteLayer id="routes" data={lines} color="#7c3aed" opacity={0.7} />
      <MarkersLayer
        id="jobs"
        data={jobPoints}
        color={["get", "color"]}
        radius={7}
        stroke="#fff"
        onClick={(p) => {
          if (typeof p.id === "string") onPick(p.id);
        }}
      />
      <MarkersLayer id="vehicles" data={vehiclePoints} color="#f59e0b" stroke="#111" strokeWidth={1} />
      <FitBounds bounds={bounds} />
    </MapView>
  );
}
