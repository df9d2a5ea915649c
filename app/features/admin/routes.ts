import { prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The installation's administration area (docs/administration.md), inside the signed-in frame.
 * File paths are relative to app/.
 */
export const adminPages: RouteConfigEntry[] = prefix("administration", [
  route("", "features/admin/routes/index.tsx"),
  route("organizations", "features/admin/routes/organizations.tsx"),
  route("organizations/add", "features/admin/routes/organization-add.tsx"),
  route("organizations/:id", "features/admin/routes/organization.tsx"),
  route("support/end", "features/admin/routes/support-end.tsx"),
]);
