import { redirect } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/routing-dispatch";

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return redirect("/route-planning/routing-dispatch/map");
}
