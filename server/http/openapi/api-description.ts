import { carSharingApi } from "../api/car-sharing.openapi";
import { tmsApi } from "../api/tms.openapi";
import { videoApi } from "../api/video.openapi";
import { analyticsApi } from "../api/analytics.openapi";
import { dashboardApi } from "../api/dashboard.openapi";
import type { ApiFragment } from "./openapi-document";
import { maintenanceApi } from "../api/maintenance.openapi";
import { routePlanningApi } from "../api/route-planning.openapi";
import { searchApi } from "../api/search.openapi";

/**
 * Every module's part of the API description, in the order the document lists them. A module with an /api
 * router adds its fragment (`server/http/api/<feature>.openapi.ts`) here.
 */
export const API_FRAGMENTS: readonly ApiFragment[] = [
  carSharingApi,
  maintenanceApi,
  routePlanningApi,
  analyticsApi,
  dashboardApi,
  tmsApi,
  videoApi,
  searchApi,
];
