import { placesExportLoader } from "../place-files.server";
import type { Route } from "./+types/export-geojson";

/** Download of the organisation's places as GeoJSON. */
export function loader({ request, context }: Route.LoaderArgs) {
  return placesExportLoader(context, request, "geojson");
}
