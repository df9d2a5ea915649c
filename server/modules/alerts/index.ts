/** The alerts module's front door: what other modules and the server's adapters may use. */
export { alertsEventReader } from "./alert-notify";
export { createAlertHook } from "./alert-pipeline";
export { alertRaiser, type AlertRaiser, type RaisedOccurrence, type RaiseOptions } from "./alert-raiser";
export { AlertRulesCache } from "./alert-rules";
export { configVersions } from "./alert-rules.repo";
export { alertCreatedEvent } from "./alert-store";
export { alertLogRepo } from "./alerts-log.repo";
export { alertsJobs } from "./alerts.jobs";
export { toAlertDto, toPolicyDto, toPolicyListItemDto } from "./alerts.mapper";
export { policiesRepo, type PolicyColumns } from "./alerts.repo";
export { ALERT_TYPES, logFilterSchema, overviewFilterSchema, policyInputSchema } from "./alerts.schema";
export * as alertsService from "./alerts.service";
export type { LogFilter, AlertType } from "./alerts.schema";
export {
  listAlerts,
  listPolicies,
  policyFormOptions,
  alertsForReplay,
  markAlertsRead,
  OVERVIEW_DEFAULT_DAYS,
  alertsOverview,
} from "./alerts.service";
