import { redirect } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

/** The calendar is the default screen. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "carSharing:read");
  return redirect("/car-sharing/calendar");
}
