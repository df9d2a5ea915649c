import { redirect } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/settings-index";

/** General settings are the default tab. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "carSharing:admin");
  return redirect("/car-sharing/settings/general-settings");
}
