import { route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/analytics/reports/routes/${file}.tsx`;

/** Report pages and archived reports: children of the analytics layout (inside the signed-in frame). */
export const reportRoutes: RouteConfigEntry[] = [
  route("reports/list", page("list")),
  route("reports/vehicle/details/:id", page("vehicle-details")),
  route("reports/:type", page("report")),
  route("archive", page("archive")),
];

/** Downloads: a report's CSV, Excel or PDF and an archived report's files (outside the frame). */
export const reportFiles: RouteConfigEntry[] = [
  route("analytics/reports/:type/export/:format", page("export")),
  route("analytics/archive/:id/files/:format", page("archive-file")),
];
