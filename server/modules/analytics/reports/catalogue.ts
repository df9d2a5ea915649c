import type { ReportDefinition } from "../../shared/reports/report-definition";
import { alertsReport, deviceHealthReport, immobilizationReport, vehicleDetailsReport } from "./types/event-reports";
import { driverActivityReport, ecoScoreReport, engineHoursReport, workingTimeReport } from "./types/score-reports";
import {
  dailySummaryReport,
  idlingReport,
  mileageReport,
  speedingReport,
  stopsReport,
  tripsReport,
} from "./types/segment-reports";
import { geofenceVisitsReport, poiVisitsReport } from "./types/visit-reports";

/**
 * Analytics' own report types, in the order the list shows them. Other modules' reports follow them in the
 * catalogue (server/report-catalogue.ts), which registers all of them (server/modules/shared/reports/registry.ts).
 */
export const ANALYTICS_REPORTS: readonly ReportDefinition[] = [
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
] as readonly ReportDefinition[];
