import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Block/unblock commands and their history (inside the signed-in frame). */
export const immobilizationPages: RouteConfigEntry[] = prefix("immobilization", [
  index("features/immobilization/routes/history.tsx"),
  route("command", "features/immobilization/routes/command.tsx"),
]);
