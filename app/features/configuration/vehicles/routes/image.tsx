import type { Route } from "./+types/image";
import { vehicleImageLoader } from "../vehicles.server";

export const loader = ({ request, context, params }: Route.LoaderArgs) => vehicleImageLoader(request, context, params);
