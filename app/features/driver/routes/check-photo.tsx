import { checkPhotoLoader } from "../driver-tasks.server";
import { requireDriverApp } from "../driver.server";
import type { Route } from "./+types/check-photo";

/** A failed check item's photo, in the driver's app (the maintenance page has its own address). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return checkPhotoLoader(context, requireDriverApp(context, request), params.id, params.n);
}
