import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { notificationRoutes } from "./notifications/routes";
import { reportRoutes } from "./reports/routes";

const page = (file: string) => `features/analytics/routes/${file}.tsx`;

/** Reports, archived reports and report e-mail notifications (inside the signed-in frame). */
export const analyticsPages: RouteConfigEntry[] = [
  route("analytics", page("layout"), [index(page("index")), ...reportRoutes, ...notificationRoutes]),
];
