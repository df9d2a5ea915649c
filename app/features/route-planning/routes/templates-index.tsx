import { listRedirect, requirePermission } from "../../../lib/route-kit.server";
import { TEMPLATES_LIST_PATH } from "../paths";
import type { Route } from "./+types/templates-index";

/** The templates list lives at the spec's `template-routes/list`; its parent path goes there with the query. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return listRedirect(request, TEMPLATES_LIST_PATH);
}
