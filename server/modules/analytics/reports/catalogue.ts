import { carSharingUsersReport, carSharingVehiclesReport } from "../../car-sharing";
import type { ReportDefinition } from "../../shared/reports/report-definition";
import { alertsReport, deviceHealthReport, immobilizationReport, vehicleDetailsReport } from "./types/event-reports";
import { driverActivityReport, ecoScoreReport, engineHoursReport, workingTimeReport } from "./types/score-reports";
import { MAINTENANCE_REPORTS } from "../../maintenance";
import { routePlanningReports } from "../../route-planning";
import { videoRequestsReport } from "../../video";
import {
  dailySummaryReport,
  idlingReport,
  mileageReport,
  speedingReport,
  stopsReport,
  tripsReport,
} from "./types/segment-reports";
import { geofenceVisitsReport, poiVisitsReport } from "./types/visit-reports";
import { tmsDeliveriesReport, tmsOrdersReport } from "../../tms";

/**
 * Every report type, in the order the list shows them. A module adds its reports here, as car sharing,
 * maintenance, route planning, transport orders and video do; each is one ReportDefinition.
 */
export const REPORTS: readonly ReportDefinition[] = [
  tripsReport,
  stopsReport,
  dailySummaryReport,
  vehicleDetailsReport,
  mileageReport,
  engineHoursReport,
  idlingReport,
  speedingReport,
  ecoScoreReport,
  workingTimeReport,
  driverActivityReport,
  alertsReport,
  immobilizationReport,
  deviceHealthReport,
  geofenceVisitsReport,
  poiVisitsReport,
  carSharingVehiclesReport,
  carSharingUsersReport,
  ...MAINTENANCE_REPORTS,
  ...routePlanningReports,
  tmsDeliveriesReport,
  tmsOrdersReport,
  videoRequestsReport,
] as readonly ReportDefinition[];

export const REPORT_TYPES = REPORTS.map((r) => r.type);

export const reportByType = (type: string): ReportDefinition | undefined => REPORTS.find((r) => r.type === type);
