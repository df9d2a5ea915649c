import { exportPlaces } from "../../../../server/modules/places/places.import";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/export-csv";

/** Download of the organisation's places as CSV (UTF-8). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "places:read");
  const body = await load(() => exportPlaces(context.app, p, "csv"));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="places.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
