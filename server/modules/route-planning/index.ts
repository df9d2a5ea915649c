/** The route-planning module's front door: what other modules and the server's adapters may use. */
export * as attendanceService from "./attendance.service";
export * as fieldService from "./field.service";
export { LIVE_ETA_MAX_FIX_AGE_MIN } from "./live-eta";
export { madeAt } from "./made-at";
export * as routeJobsService from "./route-jobs.service";
export { listJobs } from "./route-jobs.service";
export { createRoutePlanningHook } from "./route-planning.hooks";
export { commitJobImport, getJobImport, sampleJobsCsv, uploadJobs } from "./route-planning.import";
export { routePlanningJobs } from "./route-planning.jobs";
export { toAttendanceDto, toJobDto } from "./route-planning.mapper";
export {
  acceptOptimization,
  buildDayProblem,
  currentPlanCost,
  discardOptimization,
  latestOptimization,
  PLAN_DAY_TIME_LIMIT_MS,
  startDayOptimization,
} from "./route-planning.optimize";
export { routePlanningReports } from "./route-planning.reports";
export {
  assignInputSchema,
  attendanceRuleSchema,
  generateInputSchema,
  JOB_CSV_COLUMNS,
  JOB_IMPORT_MAX_BYTES,
  jobInputSchema,
  jobUpdateSchema,
  routeSettingsSchema,
  stopInputSchema,
  templateInputSchema,
} from "./route-planning.schema";
export { getRouteSettings, routeRules, updateRouteSettings } from "./route-planning.settings";
export * as templatesService from "./templates.service";
