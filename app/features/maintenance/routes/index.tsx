import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import { areaRedirect } from "../../../../server/modules/auth/auth.service";
import type { Route } from "./+types/index";

/** Spec: /maintenance goes to the role's redirect_urls.maintenance, else to the reminders. */
export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "maintenance:read");
  return indexRedirect(request, areaRedirect(p, "maintenance", "/maintenance/reminders"));
}
