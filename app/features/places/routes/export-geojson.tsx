import { exportPlaces } from "../../../../server/modules/places/places.import";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/export-geojson";

/** Download of the organisation's places as GeoJSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "places:read");
  const body = await load(() => exportPlaces(context.app, p, "geojson"));
  return new Response(body, {
    headers: {
      "Content-Type": "application/geo+json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="places.geojson"',
      "Cache-Control": "private, no-store",
    },
  });
}
