import { deliveringPdfLoader } from "../dispatch.server";
import type { Route } from "./+types/delivering-pdf";

/** The driver's delivering list as a PDF. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return deliveringPdfLoader(context, request, params.id, params.vehicleId);
}
