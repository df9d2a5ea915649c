import type { FleetVehicle } from "./fleet-types";
import { pinKind } from "./vehicle-style";

export const VEHICLE_SOURCE = "vehicles";
export const CLUSTER_LAYER = "vehicle-clusters";
export const PIN_LAYER = "vehicle-pins";
export const SELECTED_LAYER = "vehicle-selected";

/** GeoJSON source options: vehicles group into clusters until this zoom, within this pixel radius. */
export const CLUSTER_OPTIONS = {
  cluster: true,
  clusterMaxZoom: 12,
  clusterRadius: 48,
} as const;
/** Vehicle ids identify the features, so live updates can replace single pins (updateData). */
export const VEHICLE_SOURCE_OPTIONS = {
  ...CLUSTER_OPTIONS,
  promoteId: "vehicleId",
} as const;

export const PIN_IMAGE_PREFIX = "pin-";
export const CLUSTER_IMAGE_PREFIX = "cluster-";

export interface VehicleFeatureProps {
  vehicleId: string;
  registration: string;
  pin: string;
  course: number;
  selected: boolean;
}

export type VehicleFeature = GeoJSON.Feature<GeoJSON.Point, VehicleFeatureProps>;

export const hasPosition = (v: Pick<FleetVehicle, "latitude" | "longitude">) =>
  typeof v.latitude === "number" &&
  typeof v.longitude === "number" &&
  Number.isFinite(v.latitude) &&
  Number.isFinite(v.longitude);

export function vehicleFeature(v: FleetVehicle, selected: boolean, id: number | string): VehicleFeature {
  return {
    type: "Feature",
    id,
    geometry: {
      type: "Point",
      coordinates: [v.longitude as number, v.latitude as number],
    },
    properties: {
      vehicleId: v.vehicleId,
      registration: v.registration,
      pin: `${PIN_IMAGE_PREFIX}${pinKind(v.status, v.displayState)}`,
      course: normaliseCourse(v.course),
      selected,
    },
  };
}

/** The map's vehicle source: one point per vehicle with a known position; pins point along the course. */
export function vehicleFeatures(
  vehicles: FleetVehicle[],
  selectedId?: string | null,
): GeoJSON.FeatureCollection<GeoJSON.Point, VehicleFeatureProps> {
  const features: VehicleFeature[] = [];
  for (const v of vehicles) {
    if (hasPosition(v)) features.push(vehicleFeature(v, v.vehicleId === selectedId, features.length));
  }
  return { type: "FeatureCollection", features };
}

export function normaliseCourse(course: number | null | undefined): number {
  if (typeof course !== "number" || !Number.isFinite(course)) return 0;
  return ((course % 360) + 360) % 360;
}

/** Cluster badges are drawn on demand (no glyph server offline), so their image name carries the count. */
export const clusterImageName = (count: number) => `${CLUSTER_IMAGE_PREFIX}${count > 999 ? "999+" : count}`;

export function vehicleLayers() {
  return [
    {
      id: CLUSTER_LAYER,
      type: "symbol" as const,
      source: VEHICLE_SOURCE,
      filter: ["has", "point_count"],
      layout: {
        "icon-image": [
          "case",
          [">", ["get", "point_count"], 999],
          `${CLUSTER_IMAGE_PREFIX}999+`,
          ["concat", CLUSTER_IMAGE_PREFIX, ["to-string", ["get", "point_count"]]],
        ],
        "icon-allow-overlap": true,
      },
    },
    {
      id: SELECTED_LAYER,
      type: "circle" as const,
      source: VEHICLE_SOURCE,
      filter: ["all", ["!", ["has", "point_count"]], ["==", ["get", "selected"], true]],
      paint: {
        "circle-radius": 18,
        "circle-color": "rgba(15,92,140,0.18)",
        "circle-stroke-color": "#0f5c8c",
        "circle-stroke-width": 2,
      },
    },
    {
      id: PIN_LAYER,
      type: "symbol" as const,
      source: VEHICLE_SOURCE,
      filter: ["!", ["has", "point_count"]],
      layout: {
        "icon-image": ["get", "pin"],
        "icon-rotate": ["get", "course"],
        "icon-rotation-alignment": "map",
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
      },
    },
  ];
}
