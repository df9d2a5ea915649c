import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/places/routes/${file}.tsx`;

/** Points of interest and geofences (inside the signed-in frame). */
export const placesPages: RouteConfigEntry[] = [
  route("places", page("layout"), [
    index(page("index")),
    route("points", page("points")),
    route("geofences", page("geofences")),
    route("add-new-poi", page("add-poi")),
    route("add-new-geofence", page("add-geofence")),
    route("edit-poi/:id", page("edit-poi")),
    route("edit-geofence/:id", page("edit-geofence")),
    route("import", page("import")),
    route("export", page("export")),
  ]),
];

/** Exports and the map layer of every place. */
export const placesFiles: RouteConfigEntry[] = [
  route("places/export.csv", page("export-csv")),
  route("places/export.geojson", page("export-geojson")),
  route("places/layers.geojson", page("layers-geojson")),
];
