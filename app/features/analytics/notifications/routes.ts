import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Report e-mail notifications (/analytics/notifications…), children of the analytics layout. */
export const notificationRoutes: RouteConfigEntry[] = [];
