import { dayJobs } from "../../../server/modules/route-planning/route-jobs.service";
import { LIVE_ETA_MAX_FIX_AGE_MIN } from "../../../server/modules/route-planning/live-eta";
import { latestOptimization } from "../../../server/modules/route-planning/route-planning.optimize";
import { listFleetState } from "../../../server/modules/positions/fleet.service";
import { vehicleOptions } from "../../../server/modules/vehicles/vehicles.service";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { can } from "../../lib/permissions";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** A day's jobs with their punctuality and the vehicles (live where the user sees the live map). */
export async function dispatchLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  const asked = new URL(request.url).searchParams.get("day");
  const day = await dayJobs(context.app, p, asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : null);
  const vehicles = can(p, "manage:read")
    ? (await listFleetState(context.app, p)).map((v) => ({
        id: v.vehicleId,
        registration: v.registration,
        latitude: v.latitude,
        longitude: v.longitude,
        fixTime: v.fixTime,
      }))
    : (await vehicleOptions(context.app, p)).map((v) => ({
        id: v.id,
        registration: v.registration,
        latitude: null,
        longitude: null,
        fixTime: null,
      }));
  return {
    ...day,
    vehicles,
    canWrite: can(p, "routePlanning:write"),
    liveEtaMaxAgeMin: LIVE_ETA_MAX_FIX_AGE_MIN,
    optimization: await latestOptimization(context.app, p, day.day),
    mapConfig: mapConfigFrom(context),
    exposeMap: context.app.config.NODE_ENV !== "production",
  };
}
