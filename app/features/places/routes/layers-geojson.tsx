import { placesLayersLoader } from "../place-files.server";
import type { Route } from "./+types/layers-geojson";

/** The organisation's places for map layers (live map, replay, places lists); see app/lib/map/layers/PlacesLayer.tsx. */
export function loader({ request, context }: Route.LoaderArgs) {
  return placesLayersLoader(context, request);
}
