import { listRedirect, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

/** The video list lives at the spec's `/video/list` (the default screen); `/video` goes there with the query. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "video:read");
  return listRedirect(request, "/video/list");
}
