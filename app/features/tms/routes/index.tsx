import { indexRedirect } from "../../../lib/route-kit.server";
import type { Route } from "./+types/index";

export const loader = ({ request }: Route.LoaderArgs) => indexRedirect(request, "/tms/optimize/list");
