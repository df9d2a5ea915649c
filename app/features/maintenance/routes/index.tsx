import { redirect } from "react-router";
import { areaRedirect } from "../../../../server/modules/auth/auth.service";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

/** Spec: /maintenance goes to the role's redirect_urls.maintenance, else to the reminders. */
export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "maintenance:read");
  return redirect(areaRedirect(p, "maintenance", "/maintenance/reminders"));
}
