import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import { areaRedirect } from "../../../../server/modules/auth/auth.service";
import type { Route } from "./+types/index";

/** Spec: /analytics goes to the role's redirect_urls.analytics, else to the report list. */
export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "analytics:read");
  return indexRedirect(request, areaRedirect(p, "analytics", "/analytics/reports/list"));
}
