/** The route-planning module's front door: what other modules and the server's adapters may use. */
export * as attendanceService from "./attendance.service";
export * as fieldService from "./field.service";
export { madeAt } from "./made-at";
export * as routeJobsService from "./route-jobs.service";
export { listJobs } from "./route-jobs.service";
export { createRoutePlanningHook } from "./route-planning.hooks";
export { commitJobImport, uploadJobs } from "./route-planning.import";
export { routePlanningJobs } from "./route-planning.jobs";
export { toAttendanceDto, toJobDto } from "./route-planning.mapper";
export { buildDayProblem, currentPlanCost, PLAN_DAY_TIME_LIMIT_MS } from "./route-planning.optimize";
export { routePlanningReports } from "./route-planning.reports";
export { JOB_CSV_COLUMNS } from "./route-planning.schema";
export { getRouteSettings } from "./route-planning.settings";
