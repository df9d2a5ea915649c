import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The live map and device faults (inside the signed-in frame). */
export const liveMapPages: RouteConfigEntry[] = prefix("manage", [
  index("features/live-map/routes/manage.tsx"),
  route("faults", "features/live-map/routes/faults.tsx"),
  route("vehicle/:id/address", "features/live-map/routes/vehicle-address.tsx"),
]);

/** The offline basemap the maps fall back to. */
export const liveMapFiles: RouteConfigEntry[] = [
  route("map/basemap.geojson", "features/live-map/routes/basemap-geojson.tsx"),
];
