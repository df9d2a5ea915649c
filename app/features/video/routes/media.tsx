import { mediaLoader } from "../video.server";
import type { Route } from "./+types/media";

/** The photo or clip bytes; only for users who may see the vehicle (the service checks). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return mediaLoader(context, request, params.id);
}
