import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

/** Spec: the dashboard's default child is metrics. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "dashboard:read");
  return indexRedirect(request, "/dashboard/metrics");
}
