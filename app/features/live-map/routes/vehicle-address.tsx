import { vehicleAddressLoader } from "../live-map.server";
import type { Route } from "./+types/vehicle-address";

/**
 * /manage/vehicle/:id/address — where the vehicle is now, in the reader's language, for the live map's panel (a
 * fetcher asks again when the vehicle has moved): its place, cached street address or nearest settlement.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return vehicleAddressLoader(context, request, params.id);
}
