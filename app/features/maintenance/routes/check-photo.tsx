import { vehicleCheckPhotoLoader } from "../vehicle-check.server";
import type { Route } from "./+types/check-photo";

/**
 * A failed check item's photo for the maintenance page: any signed-in user who may read the vehicle's checks, web-only
 * accounts included (the driver app's /driver/checks/... refuses those).
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return vehicleCheckPhotoLoader(context, request, params.id, params.n);
}
