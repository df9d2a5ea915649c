import { listRedirect } from "../../../lib/route-kit.server";
import type { Route } from "./+types/optimize-index";

/** The optimisations list lives at the spec's `optimize/list`; its parent path goes there with the query. */
export const loader = ({ request }: Route.LoaderArgs) => listRedirect(request, "/tms/optimize/list");
