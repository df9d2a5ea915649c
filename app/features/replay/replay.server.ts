import { data } from "react-router";
import { replayToCsv, replayToGpx } from "../../../server/modules/positions";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { resolveLanguage } from "../../i18n/i18n.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { exportReplay, replayAddresses, replayQueryFrom, replayView, runReplay } from "../../lib/map/replay.server";
import { orgTimeZone } from "../../lib/map/time.server";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { footageLinks } from "../video/video.server";

/** A vehicle's track, stops and alerts over the asked period (404 for a vehicle not found, 400 for a wrong period). */
export async function replayLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "replay:read");
  const timeZone = await orgTimeZone(context.app, p);
  const query = replayQueryFrom(new URL(request.url), timeZone);
  const [vehicles, outcome] = await Promise.all([
    vehicleOptions(context.app, p),
    runReplay(context, p, query, timeZone),
  ]);
  const payload = {
    query,
    vehicles: vehicles.map((v) => ({ id: v.id, registration: v.registration })),
    timeZone,
    mapConfig: mapConfigFrom(context),
    ...outcome,
    replay: outcome.replay && replayView(outcome.replay, outcome.alerts),
    addresses: await replayAddresses(context, p, outcome, resolveLanguage(request, p.language)),
    footage: outcome.replay
      ? await footageLinks(
          context,
          p,
          outcome.alerts.map((a) => a.id),
        )
      : null,
  };
  return data(payload, { status: outcome.error === "NOT_FOUND" ? 404 : outcome.error ? 400 : 200 });
}

/** The asked track as a download: CSV, or GPX named by the vehicle's registration. */
export function replayExportLoader(context: LoadContext, request: Request, format: "csv" | "gpx") {
  const p = requirePermission(context, request, "replay:read");
  return format === "csv"
    ? exportReplay(context, p, request, "csv", (replay) => replayToCsv(replay))
    : exportReplay(context, p, request, "gpx", (replay, registration) => replayToGpx(replay, { registration }));
}
