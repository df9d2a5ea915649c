import { useEffect, useState } from "react";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { useMapLibre } from "../../../lib/map/use-maplibre";

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
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { failed, containerRef } = useMapLibre(config, {
    expose,
    onLoad: (m, lib) => {
      const jobFeatures = jobs.map((j) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [j.longitude, j.latitude] },
        properties: {
          id: j.id,
          name: j.name,
          color: j.status === "finished" ? "#6b7280" : (COLOR[j.punctuality] ?? "#2563eb"),
        },
      }));
      m.addSource("jobs", { type: "geojson", data: { type: "FeatureCollection", features: jobFeatures } });
      m.addLayer({
        id: "jobs",
        type: "circle",
        source: "jobs",
        paint: {
          "circle-radius": 7,
          "circle-color": ["get", "color"],
          "circle-stroke-color": "#fff",
          "circle-stroke-width": 2,
        },
      });
      const vehicleFeatures = vehicles
        .filter((v) => v.latitude != null && v.longitude != null)
        .map((v) => ({
          type: "Feature" as const,
          geometry: { type: "Point" as const, coordinates: [v.longitude!, v.latitude!] },
          properties: { id: v.id, label: v.registration },
        }));
      m.addSource("vehicles", { type: "geojson", data: { type: "FeatureCollection", features: vehicleFeatures } });
      m.addLayer({
        id: "vehicles",
        type: "circle",
        source: "vehicles",
        paint: {
          "circle-radius": 6,
          "circle-color": "#f59e0b",
          "circle-stroke-color": "#111",
          "circle-stroke-width": 1,
        },
      });
      m.addSource("routes", {
        type: "geojson",
        data: {
          type: "FeatureCollection",
          features: routes.map((r) => ({
            type: "Feature" as const,
            geometry: { type: "LineString" as const, coordinates: r.coordinates },
            properties: { vehicle: r.vehicle },
          })),
        },
      });
      m.addLayer(
        {
          id: "routes",
          type: "line",
          source: "routes",
          paint: { "line-color": "#7c3aed", "line-width": 3, "line-opacity": 0.7 },
        },
        "jobs",
      );
      m.on("click", "jobs", (e) => {
        const id = e.features?.[0]?.properties?.id;
        if (typeof id === "string") onPick(id);
      });
      const coords = [...jobFeatures, ...vehicleFeatures].map((f) => f.geometry.coordinates as [number, number]);
      if (coords.length) {
        const b = new lib.LngLatBounds(coords[0], coords[0]);
        for (const c of coords) b.extend(c);
        m.fitBounds(b, { padding: 40, maxZoom: 14, duration: 0 });
      }
    },
  });
  if (!mounted) return null;
  return (
    <div
      ref={containerRef}
      className="dispatch-map"
      data-testid="dispatch-map"
      data-failed={failed || undefined}
      style={{ height: 420 }}
    />
  );
}
