import { attachmentLoader } from "../records.server";
import type { Route } from "./+types/attachment";

/** An invoice photo or PDF of a service or fuel report. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return attachmentLoader(context, request, params.id);
}
