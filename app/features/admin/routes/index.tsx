import { indexRedirect, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "installation:admin");
  return indexRedirect(request, "/administration/organizations");
}
