import type { RouteConfig, RouteConfigEntry } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { adminRoutes } from "./features/admin/routes";
import { auditLogResourceRoutes, auditLogRoutes } from "./features/audit-log/routes";

/**
 * File routes (app/routes) plus the feature folders' route entries (app/features/<feature>/routes.ts),
 * nested under their layouts: the administration area under the signed-in layout, the audit log under
 * the configuration layout.
 */
async function routes(): Promise<RouteConfigEntry[]> {
  const all = await flatRoutes();
  const byFile = (list: RouteConfigEntry[] | undefined, file: string) => list?.find((r) => r.file === file);
  const app = byFile(all, "routes/_app.tsx");
  const configuration = byFile(app?.children, "routes/_app.configuration.tsx");
  if (!app || !configuration) throw new Error("routes: the _app or _app.configuration layout is missing");
  app.children = [...(app.children ?? []), ...adminRoutes];
  configuration.children = [...(configuration.children ?? []), ...auditLogRoutes];
  return [...all, ...auditLogResourceRoutes];
}

export default routes() satisfies RouteConfig;
