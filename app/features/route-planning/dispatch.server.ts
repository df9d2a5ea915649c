import { redirect } from "react-router";
import {
  acceptOptimization,
  discardOptimization,
  LIVE_ETA_MAX_FIX_AGE_MIN,
  latestOptimization,
  routeJobsService,
  startDayOptimization,
  assignInputSchema,
} from "../../../server/modules/route-planning";
import { listFleetState } from "../../../server/modules/positions";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { formAction, intent } from "../../lib/forms.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { can } from "../../lib/permissions";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** A day's jobs with their punctuality and the vehicles (live where the user sees the live map). */
export async function dispatchLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  const asked = new URL(request.url).searchParams.get("day");
  const day = await routeJobsService.dayJobs(context.app, p, asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : null);
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

/** The dispatch map's forms: assign a job, optimise the day, accept or discard the proposal. */
export function dispatchAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  const url = new URL(request.url);
  const back = `/route-planning/routing-dispatch/map${url.search}`;
  return formAction(
    { request, context },
    {
      save: intent({
        schema: assignInputSchema,
        run: async ({ value }) => {
          await routeJobsService.assignJob(context.app, p, value);
          return redirect(back);
        },
      }),
      optimize: intent({
        run: async ({ form }) => {
          await startDayOptimization(context.app, p, String(form.get("day") ?? ""));
          return redirect(back);
        },
      }),
      accept: intent({
        run: async ({ form }) => {
          await acceptOptimization(context.app, p, String(form.get("optimization_id") ?? ""));
          return redirect(`${back}${url.search ? "&" : "?"}accepted=1`);
        },
      }),
      discard: intent({
        run: async ({ form }) => {
          await discardOptimization(context.app, p, String(form.get("optimization_id") ?? ""));
          return redirect(back);
        },
      }),
    },
  );
}
