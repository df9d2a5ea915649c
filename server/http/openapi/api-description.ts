import { carSharingApi } from "../api/car-sharing.openapi";
import { tmsApi } from "../api/tms.openapi";
import { videoApi } from "../api/video.openapi";
import { analyticsApi } from "../api/analytics.openapi";
import { dashboardApi } from "../api/dashboard.openapi";
import type { ApiFragment } from "./openapi-document";
import { maintenanceApi } from "../api/maintenance.openapi";
import { routePlanningApi } from "../api/route-planning.openapi";
import { authApi } from "../api/auth.openapi";
import { configurationApi } from "../api/configuration.openapi";
import { telematicsApi } from "../api/telematics.openapi";
import { placesApi } from "../api/places.openapi";
import { alertsApi } from "../api/alerts.openapi";
import { administrationApi } from "../api/administration.openapi";
import { referenceApi } from "../api/reference.openapi";
import { searchApi } from "../api/search.openapi";
import { driverPhoneApi } from "../api/driver-phone.openapi";
import { forwardingApi } from "../api/forwarding.openapi";
import { webhooksApi } from "../api/webhooks.openapi";

/**
 * Every module's part of the API description, in the order the document lists them. A module with an /api
 * router adds its fragment (`server/http/api/<feature>.openapi.ts`) here.
 */
export const API_FRAGMENTS: readonly ApiFragment[] = [
  authApi,
  configurationApi,
  telematicsApi,
  placesApi,
  alertsApi,
  administrationApi,
  carSharingApi,
  maintenanceApi,
  routePlanningApi,
  analyticsApi,
  dashboardApi,
  tmsApi,
  videoApi,
  driverPhoneApi,
  searchApi,
  forwardingApi,
  webhooksApi,
  referenceApi,
];
