import { ANALYTICS_REPORTS } from "./modules/analytics";
import { carSharingUsersReport, carSharingVehiclesReport } from "./modules/car-sharing";
import { MAINTENANCE_REPORTS } from "./modules/maintenance";
import { routePlanningReports } from "./modules/route-planning";
import { registerReports } from "./modules/shared/reports/registry";
import type { ReportDefinition } from "./modules/shared/reports/report-definition";
import { tmsDeliveriesReport, tmsOrdersReport } from "./modules/tms";
import { videoRequestsReport } from "./modules/video";

/**
 * Every report type, in the order the list shows them: analytics' own, then each module's (car sharing,
 * maintenance, route planning, transport orders, video). A floor above the modules, like server/event-readers.ts:
 * importing this file registers them all (server/modules/shared/reports/registry.ts), so analytics runs a module's
 * report without importing the module. Each process, the web build (app/entry.server.tsx) and the tests load it.
 */
export const REPORTS: readonly ReportDefinition[] = [
  ...ANALYTICS_REPORTS,
  carSharingVehiclesReport,
  carSharingUsersReport,
  ...MAINTENANCE_REPORTS,
  ...routePlanningReports,
  tmsDeliveriesReport,
  tmsOrdersReport,
  videoRequestsReport,
] as readonly ReportDefinition[];

export const REPORT_TYPES = REPORTS.map((r) => r.type);

registerReports(REPORTS);
