import { checkPhotoLoader } from "../driver2.server";
import type { Route } from "./+types/check-photo";

/** A failed check item's photo. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return checkPhotoLoader(context, request, params.id, params.n);
}
