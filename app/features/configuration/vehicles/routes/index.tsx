import { indexRedirect } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/index";

export function loader({ request }: Route.LoaderArgs) {
  return indexRedirect(request, "/configuration/vehicles/list");
}
