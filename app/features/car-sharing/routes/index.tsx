import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

/** The calendar is the default screen. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "carSharing:read");
  return indexRedirect(request, "/car-sharing/calendar");
}
