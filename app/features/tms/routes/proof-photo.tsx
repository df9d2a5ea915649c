import { proofPhotoLoader } from "../proof.server";
import type { Route } from "./+types/proof-photo";

/** The photo of an order's proof of delivery. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return proofPhotoLoader(context, request, params.id);
}
