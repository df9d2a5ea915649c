import { listRedirect, requirePermission } from "../../../lib/route-kit.server";
import { JOBS_LIST_PATH } from "../paths";
import type { Route } from "./+types/jobs-index";

/** The jobs list lives at the spec's `assign-routes/list`; its parent path goes there with the query. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return listRedirect(request, JOBS_LIST_PATH);
}
