import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The audit-log screen: a child of the configuration layout (routes/_app.configuration.tsx), at /configuration/audit-log. */
export const auditLogRoutes: RouteConfigEntry[] = [
  route("audit-log", "features/audit-log/routes/audit-log.tsx"),
];

/** The CSV download, a resource route at the top level (no layout). */
export const auditLogResourceRoutes: RouteConfigEntry[] = [
  route("configuration/audit-log.csv", "features/audit-log/routes/audit-log-csv.ts"),
];
