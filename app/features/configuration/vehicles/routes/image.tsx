import { getVehicleImage } from "../../../../../server/modules/vehicles/vehicles.service";
import { idParam, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/image";

/** Image bytes for the details page; the service checks permission, organisation, team and vehicle list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "vehicles:read");
  const img = await load(() => getVehicleImage(context.app, p, idParam(params.id), idParam(params.imageId)));
  return new Response(new Uint8Array(img.data), {
    headers: {
      "Content-Type": img.content_type,
      "Content-Length": String(img.data.length),
      "Cache-Control": "private, max-age=3600",
      "Content-Disposition": "inline",
    },
  });
}
