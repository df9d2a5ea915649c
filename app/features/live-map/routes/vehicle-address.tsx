import { formatAddress, addressOf } from "../../../../server/modules/addresses";
import { getVehicleLive } from "../../../../server/modules/positions/fleet.service";
import { resolveLanguage } from "../../../i18n/i18n.server";
import { idParam, load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/vehicle-address";

/**
 * /manage/vehicle/:id/address — where the vehicle is now, in the reader's language, for the live map's panel (a
 * fetcher asks again when the vehicle has moved): its place, cached street address or nearest settlement.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "manage:read");
  const v = await load(() => getVehicleLive(context.app, p, idParam(params.id)));
  if (v.latitude === null || v.longitude === null) return { address: null };
  const value = await addressOf(context.app, p.orgId, v.latitude, v.longitude);
  return { address: formatAddress(value, resolveLanguage(request, p.language)) };
}
