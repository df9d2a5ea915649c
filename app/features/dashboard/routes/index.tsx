import { redirect } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

/** Spec: the dashboard's default child is metrics. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "dashboard:read");
  return redirect("/dashboard/metrics");
}
