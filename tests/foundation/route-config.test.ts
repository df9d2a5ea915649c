import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** Every entry of the config with its full URL pattern. */
function flatten(entries: RouteConfigEntry[], base = ""): { url: string; file: string; index: boolean }[] {
  return entries.flatMap((e) => {
    const url = e.path ? `${base.replace(/\/$/, "")}/${e.path}` : base;
    return [{ url: url || "/", file: e.file, index: Boolean(e.index) }, ...flatten(e.children ?? [], url)];
  });
}

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(full);
    return path.basename(dir) === "routes" && entry.name.endsWith(".tsx")
      ? [path.relative(appDir, full).split(path.sep).join("/")]
      : [];
  });
}

// The URLs of the web app (the product specification's routes): moving code between folders must not change them.
const URLS = [
  "/",
  "/*",
  "/analytics",
  "/alerts",
  "/alerts/log",
  "/alerts/log.csv",
  "/alerts/overview",
  "/alerts/policies",
  "/alerts/policies/add",
  "/alerts/policies/edit/:id",
  "/alerts/policies/policy/:id",
  "/auth/sso",
  "/auth/sso/callback",
  "/configuration",
  "/configuration/drivers",
  "/configuration/drivers/add",
  "/configuration/drivers/edit/:id",
  "/configuration/drivers/list",
  "/configuration/help",
  "/configuration/list",
  "/configuration/organization",
  "/configuration/profile",
  "/configuration/settings",
  "/configuration/users",
  "/configuration/users/add",
  "/configuration/users/list",
  "/configuration/users/update/:id",
  "/configuration/vehicles",
  "/configuration/vehicles/add",
  "/configuration/vehicles/details/:id",
  "/configuration/vehicles/details/:id/images/:imageId",
  "/configuration/vehicles/list",
  "/configuration/vehicles/teams",
  "/configuration/vehicles/teams/add",
  "/configuration/vehicles/teams/update/:id",
  "/immobilization",
  "/immobilization/command",
  "/int/*",
  "/int/order-track",
  "/login",
  "/logout",
  "/manage",
  "/manage/faults",
  "/manage/vehicle/:id/address",
  "/map/basemap.geojson",
  "/newPassword",
  "/places",
  "/places/add-new-geofence",
  "/places/add-new-poi",
  "/places/edit-geofence/:id",
  "/places/edit-poi/:id",
  "/places/export",
  "/places/export.csv",
  "/places/export.geojson",
  "/places/geofences",
  "/places/import",
  "/places/layers.geojson",
  "/places/points",
  "/preferences",
  "/replay",
  "/search",
  "/replay/export.csv",
  "/replay/export.gpx",
  "/resetPassword",
  // Not in the specification: the installation's administration area and the audit log (docs/administration.md).
  "/administration",
  "/administration/organizations",
  "/administration/organizations/add",
  "/administration/organizations/:id",
  "/administration/support/end",
  "/configuration/audit-log",
  "/configuration/audit-log.csv",
  "/configuration/forwarding",
  "/configuration/forwarding/add",
  "/configuration/forwarding/update/:id",
  // Webhooks (docs/integrations.md): administrators only.
  "/configuration/webhooks",
  "/configuration/webhooks/add",
  "/configuration/webhooks/update/:id",
  "/configuration/webhooks/deliveries/:id",
  // Car sharing (docs/car-sharing.md: the booking paths are ours).
  "/car-sharing",
  "/car-sharing/calendar",
  "/car-sharing/calendar/day",
  "/car-sharing/bookings/new",
  "/car-sharing/bookings/:id",
  "/car-sharing/bookings/:id/edit",
  "/car-sharing/history",
  "/car-sharing/history.csv",
  "/car-sharing/settings",
  "/car-sharing/settings/general-settings",
  "/car-sharing/settings/vehicles",
  "/car-sharing/settings/users",
  "/car-sharing/settings/entries",
  "/car-sharing/settings/specific-rules",
  // Maintenance (docs/maintenance.md): the spec's reminders and fuel, and the screens it does not show.
  "/maintenance",
  "/maintenance/reminders",
  "/maintenance/reminders/add",
  "/maintenance/reminders/edit/:id",
  "/maintenance/notifications",
  "/maintenance/services",
  "/maintenance/services/add",
  "/maintenance/services/:id",
  "/maintenance/services/edit/:id",
  "/maintenance/wash",
  "/maintenance/fuel",
  "/maintenance/fuel/add",
  "/maintenance/fuel/import",
  "/maintenance/fuel/edit/:id",
  "/maintenance/attachments/:id",
  "/maintenance/vehicle-checks/:id/photos/:n",
  "/maintenance/suppliers",
  "/maintenance/suppliers/edit/:id",
  "/maintenance/parts",
  "/maintenance/parts/edit/:id",
  "/maintenance/costs",
  "/maintenance/settings",
  "/maintenance/vehicle-check",
  // Route planning (spec section 2: settings, scheduled-routes, routing-dispatch) and its additions (docs/route-planning.md).
  "/route-planning",
  "/route-planning/settings",
  "/route-planning/scheduled-routes",
  "/route-planning/scheduled-routes/assign-routes",
  "/route-planning/scheduled-routes/assign-routes/list",
  "/route-planning/scheduled-routes/assign-routes/add",
  "/route-planning/scheduled-routes/assign-routes/import",
  "/route-planning/scheduled-routes/assign-routes/edit/:id",
  "/route-planning/scheduled-routes/template-routes",
  "/route-planning/scheduled-routes/template-routes/list",
  "/route-planning/scheduled-routes/template-routes/add",
  "/route-planning/scheduled-routes/template-routes/edit/:id",
  "/route-planning/routing-dispatch",
  "/route-planning/routing-dispatch/map",
  "/route-planning/routing-dispatch/scheduler",
  "/route-planning/routing-dispatch/settings",
  "/route-planning/attendance",
  "/route-planning/sample-jobs.csv",
  // Transport management (spec: optimize list/add/edit/import, dispatch, settings; orders and the delivering list are ours, docs/tms.md).
  "/tms",
  "/tms/optimize",
  "/tms/optimize/list",
  "/tms/optimize/add",
  "/tms/optimize/edit/:id",
  "/tms/optimize/import",
  "/tms/optimize/import/sample.csv",
  "/tms/orders",
  "/tms/orders/add",
  "/tms/orders/edit/:id",
  "/tms/orders/:id",
  "/tms/dispatch",
  "/tms/settings",
  "/tms/delivering/:id/:vehicleId",
  "/tms/delivering/:id/:vehicleId/pdf",
  "/tms/orders/:id/proof-of-delivery/photo",
  // The driver's phone: vehicle check, proof of delivery, a check's photo (docs/driver-app.md).
  "/driver/check",
  "/driver/orders/:id/delivery",
  "/driver/checks/:id/photos/:n",
  // Video (spec: list (default), details/{id}, search) and its media files (docs/video.md).
  "/video",
  "/video/list",
  "/video/details/:id",
  "/video/search",
  "/video/media/:id",
  // Reports (docs/analytics.md, "Report pages"): the list, a report, the detailed vehicle report, archived reports, downloads.
  "/analytics/reports/list",
  "/analytics/reports/:type",
  "/analytics/reports/vehicle/details/:id",
  "/analytics/archive",
  "/analytics/reports/:type/export/:format",
  "/analytics/archive/:id/files/:format",
  "/analytics/notifications",
  "/analytics/notifications/add",
  "/analytics/notifications/edit/:id",
  "/dashboard",
  "/dashboard/metrics",
  "/dashboard/metrics/add",
  "/dashboard/metrics/edit/:id",
  "/dashboard/benchmarks",
  // the driver's app (docs/driver-app.md)
  "/driver",
  "/driver/cars",
  "/driver/queue",
];

describe("route config (app/routes.ts)", () => {
  const entries = flatten(routes);

  it("serves every URL the app had, and only those", () => {
    expect([...new Set(entries.map((e) => e.url))].sort()).toEqual([...URLS].sort());
  });

  it("registers every route module under app/features/*/routes/, each once, and nothing from a flat app/routes/ folder", () => {
    const files = entries.map((e) => e.file);
    expect(new Set(files).size).toBe(files.length);
    expect(routeModules(path.join(appDir, "features")).sort()).toEqual(
      files.filter((f) => f.startsWith("features/")).sort(),
    );
    for (const file of files) expect(existsSync(path.join(appDir, file)), file).toBe(true);
    // Route files are no longer discovered by name: a module dropped into app/routes/ would silently not be served.
    expect(existsSync(path.join(appDir, "routes"))).toBe(false);
  });
});
