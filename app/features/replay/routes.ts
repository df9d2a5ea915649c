import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The replay page (inside the signed-in frame). */
export const replayPages: RouteConfigEntry[] = [route("replay", "features/replay/routes/replay.tsx")];

/** Track downloads. */
export const replayFiles: RouteConfigEntry[] = [
  route("replay/export.csv", "features/replay/routes/export-csv.tsx"),
  route("replay/export.gpx", "features/replay/routes/export-gpx.tsx"),
];
