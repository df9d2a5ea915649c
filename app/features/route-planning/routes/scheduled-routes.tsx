import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import { JOBS_LIST_PATH } from "../paths";
import type { Route } from "./+types/scheduled-routes";

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return indexRedirect(request, JOBS_LIST_PATH);
}
