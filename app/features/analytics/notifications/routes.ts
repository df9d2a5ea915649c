import { route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/analytics/notifications/routes/${file}.tsx`;

/** Report e-mail notifications (/analytics/notifications…), children of the analytics layout. */
export const notificationRoutes: RouteConfigEntry[] = [
  route("notifications", page("list")),
  route("notifications/add", page("add")),
  route("notifications/edit/:id", page("edit")),
];
