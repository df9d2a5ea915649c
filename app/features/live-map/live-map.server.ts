import { addressOf, formatAddress } from "../../../server/modules/addresses";
import { getVehicleLive, listFleetState, fleetFilterSchema } from "../../../server/modules/positions";
import { teamOptions } from "../../../server/modules/teams";
import { resolveLanguage } from "../../i18n/i18n.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { orgTimeZone } from "../../lib/map/time.server";
import { can } from "../../lib/permissions";
import { idParam, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { footageLinks } from "../video/video.server";

/** The fleet's live state (filtered by q and team), the chosen vehicle's address and what the user may do. */
export async function liveMapLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "manage:read");
  const url = new URL(request.url);
  const filter = fleetFilterSchema.parse({
    q: url.searchParams.get("q") || undefined,
    team: url.searchParams.get("team") || undefined,
  });
  const [vehicles, teams, timeZone] = await Promise.all([
    load(() => listFleetState(context.app, p, filter)),
    teamOptions(context.app, p),
    orgTimeZone(context.app, p),
  ]);
  const footage = await footageLinks(context, p, []);
  return {
    selectedAddress: await selectedAddress(context, p, vehicles, url.searchParams.get("vehicle"), request),
    vehicles: vehicles.map(({ odometerKm: _o, engineHours: _e, lastServerTime: _l, deviceImei: _d, ...v }) => v),
    teams,
    timeZone,
    userId: p.userId,
    mapConfig: mapConfigFrom(context),
    exposeMap: context.app.config.NODE_ENV !== "production",
    canCommand: can(p, "immobilization:command"),
    canReplay: can(p, "replay:read"),
    canFaults: can(p, "vehicles:read"),
    showPlaces: can(p, "places:read"),
    cameraVehicles: footage?.canRequest ? footage.cameraVehicles : [],
  };
}

/** The chosen vehicle's address for the panel as the server draws it (the panel's fetcher follows it after). */
async function selectedAddress(
  context: LoadContext,
  p: { orgId: string; language: "al" | "en" },
  vehicles: Array<{ vehicleId: string; latitude: number | null; longitude: number | null }>,
  vehicleId: string | null,
  request: Request,
): Promise<{ vehicleId: string; address: string } | null> {
  const v = vehicleId ? vehicles.find((x) => x.vehicleId === vehicleId) : undefined;
  if (!v || v.latitude === null || v.longitude === null) return null;
  const value = await addressOf(context.app, p.orgId, v.latitude, v.longitude);
  return { vehicleId: v.vehicleId, address: formatAddress(value, resolveLanguage(request, p.language)) };
}

/**
 * /manage/vehicle/:id/address — where the vehicle is now, in the reader's language, for the live map's panel (a
 * fetcher asks again when the vehicle has moved): its place, cached street address or nearest settlement.
 */
export async function vehicleAddressLoader(context: LoadContext, request: Request, id: string | undefined) {
  const p = requirePermission(context, request, "manage:read");
  const v = await load(() => getVehicleLive(context.app, p, idParam(id)));
  if (v.latitude === null || v.longitude === null) return { address: null };
  const value = await addressOf(context.app, p.orgId, v.latitude, v.longitude);
  return { address: formatAddress(value, resolveLanguage(request, p.language)) };
}
