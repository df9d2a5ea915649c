import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return indexRedirect(request, "/route-planning/scheduled-routes/assign-routes/list");
}
