import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The audit-log screen, a child of the configuration layout: /configuration/audit-log. */
export const auditLogPages: RouteConfigEntry[] = [route("audit-log", "features/audit-log/routes/audit-log.tsx")];

/** The CSV download, answered outside the signed-in frame. */
export const auditLogFiles: RouteConfigEntry[] = [
  route("configuration/audit-log.csv", "features/audit-log/routes/audit-log-csv.tsx"),
];
