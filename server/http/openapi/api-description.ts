import { dashboardApi } from "../api/dashboard.openapi";
import type { ApiFragment } from "./openapi-document";

/**
 * Every module's part of the API description, in the order the document lists them. A module with an /api
 * router adds its fragment (`server/http/api/<feature>.openapi.ts`) here.
 */
export const API_FRAGMENTS: readonly ApiFragment[] = [
  dashboardApi,
];
