import type { RouteConfig } from "@react-router/dev/routes";
import { adminPages } from "./features/admin/routes";
import { alertsFiles, alertsPages } from "./features/alerts/routes";
import { analyticsPages } from "./features/analytics/routes";
import { reportFiles } from "./features/analytics/reports/routes";
import { auditLogFiles } from "./features/audit-log/routes";
import { authRoutes } from "./features/auth/routes";
import { carSharingFiles, carSharingPages } from "./features/car-sharing/routes";
import { dashboardPages } from "./features/dashboard/routes";
import { driverFiles, driverPages } from "./features/driver/routes";
import { configurationPages } from "./features/configuration/routes";
import { immobilizationPages } from "./features/immobilization/routes";
import { integrationRoutes } from "./features/integrations/routes";
import { liveMapFiles, liveMapPages } from "./features/live-map/routes";
import { maintenanceFiles, maintenancePages } from "./features/maintenance/routes";
import { placesFiles, placesPages } from "./features/places/routes";
import { replayFiles, replayPages } from "./features/replay/routes";
import { routePlanningFiles, routePlanningPages } from "./features/route-planning/routes";
import { searchPages } from "./features/search/routes";
import { shellRoutes } from "./features/shell/routes";
import { tmsFiles, tmsPages } from "./features/tms/routes";
import { videoFiles, videoPages } from "./features/video/routes";

// Every URL of the web app, feature by feature (docs/architecture.md, "Adding a module").
// `*Pages` render inside the signed-in frame; `*Files` are downloads and data answered outside it; the public
// integrations pages (/int…) have their own frame.
export default [
  ...authRoutes,
  ...integrationRoutes,
  ...liveMapFiles,
  ...replayFiles,
  ...placesFiles,
  ...alertsFiles,
  ...auditLogFiles,
  ...carSharingFiles,
  ...maintenanceFiles,
  ...routePlanningFiles,
  ...tmsFiles,
  ...videoFiles,
  ...reportFiles,
  // the driver's app on the phone: its own frame (docs/driver-app.md)
  ...driverFiles,
  ...driverPages,
  ...shellRoutes([
    ...liveMapPages,
    ...immobilizationPages,
    ...replayPages,
    ...placesPages,
    ...alertsPages,
    ...analyticsPages,
    ...configurationPages,
    ...adminPages,
    ...carSharingPages,
    ...maintenancePages,
    ...routePlanningPages,
    ...tmsPages,
    ...videoPages,
    ...dashboardPages,
    ...searchPages,
  ]),
] satisfies RouteConfig;
