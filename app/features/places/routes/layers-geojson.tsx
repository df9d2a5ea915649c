import { placesLayers } from "../../../../server/modules/places/places.layers";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layers-geojson";

/** The organisation's places for map layers (live map, replay, places lists); see app/lib/map/layers/PlacesLayer.tsx. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "places:read");
  const layers = await load(() => placesLayers(context.app, p));
  return new Response(JSON.stringify(layers), {
    headers: { "Content-Type": "application/geo+json; charset=utf-8", "Cache-Control": "private, no-cache" },
  });
}
