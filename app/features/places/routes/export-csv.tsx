import { placesExportLoader } from "../place-files.server";
import type { Route } from "./+types/export-csv";

/** Download of the organisation's places as CSV (UTF-8). */
export function loader({ request, context }: Route.LoaderArgs) {
  return placesExportLoader(context, request, "csv");
}
