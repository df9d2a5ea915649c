import { data } from "react-router";
import { AppError } from "../../../../server/errors";
import { runReport, formatCell, reportAnswers, reportTitle } from "../../../../server/modules/analytics";
import { orgTimeZone } from "../../../../server/modules/organization";
import { drawnTrack, getReplay } from "../../../../server/modules/positions";
import { vehicleOptions } from "../../../../server/modules/vehicles";
import { reportByType } from "../../../../server/modules/shared/reports/registry";
import { todayIn } from "../../../../server/shared/dates";
import { mapConfigFrom } from "../../../lib/map/basemap.server";
import { can } from "../../../lib/permissions";
import { idParam, requirePermission, type LoadContext } from "../../../lib/route-kit.server";
import { DETAILS_TYPE, lngOf, reportInput, runQuery, runRefusal, tableOf, type ReportTable } from "./reports.server";

type Args = { request: Request; context: LoadContext };

export interface TimelineEntry {
  kind: string;
  kindLabel: string;
  start: string;
  end: string;
  duration: string;
  distance: string;
  maxSpeed: string;
  place: string;
  detail: string;
  lat: number | null;
  lon: number | null;
  endLat: number | null;
  endLon: number | null;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * /analytics/reports/vehicle/details/:id — one vehicle's day or period as a timeline of trips, stops, idling,
 * speeding and alerts, with its track on a map. Spec section 5: it needs a vehicle; another organisation's or a
 * vehicle the user may not see is 404.
 */
export async function vehicleDetailsPage({ request, context }: Args, id: string | undefined) {
  const p = requirePermission(context, request, "analytics:read");
  const vehicleId = idParam(id);
  const definition = reportByType(DETAILS_TYPE)!;
  const url = new URL(request.url);
  const [timeZone, vehicles] = await Promise.all([orgTimeZone(context.app, p.orgId), vehicleOptions(context.app, p)]);
  const vehicle = vehicles.find((v) => v.id === vehicleId);
  if (!vehicle) throw data({ error: "NOT_FOUND" }, { status: 404 });
  const today = todayIn(timeZone);
  const lng = lngOf(request, p);
  const input = { from: today, to: today, ...reportInput(url.searchParams), vehicle_ids: vehicleId };
  let table: ReportTable | null = null;
  let timeline: TimelineEntry[] = [];
  let track: Array<[number, number]> = [];
  let refusal: { code: string; fields: Record<string, string[]> } | null = null;
  try {
    const run = await runReport(context.app, p, DETAILS_TYPE, input);
    table = tableOf(run, lng);
    const cell = (kind: Parameters<typeof formatCell>[0], v: unknown) =>
      formatCell(kind, v, lng, timeZone, DETAILS_TYPE);
    timeline = run.result.rows.map((r) => ({
      kind: String(r.kind),
      kindLabel: cell("text", r.kind),
      start: cell("datetime", r.start),
      end: cell("datetime", r.end),
      duration: cell("duration", r.duration),
      distance: r.kind === "trip" ? cell("distance", r.distance) : "",
      maxSpeed: r.kind === "trip" || r.kind === "speeding" ? cell("speed", r.max_speed) : "",
      place: cell("place", r.place),
      detail: r.kind === "alert" ? (r.detail ? String(r.detail) : "") : cell("text", r.detail),
      lat: num(r.start_lat),
      lon: num(r.start_lon),
      endLat: num(r.end_lat),
      endLon: num(r.end_lon),
    }));
    if (can(p, "replay:read")) track = await trackOf(context, p, vehicleId, run.period.start, run.period.end);
  } catch (err) {
    refusal = runRefusal(err);
  }
  const summary = {
    trips: timeline.filter((e) => e.kind === "trip").length,
    stops: timeline.filter((e) => e.kind === "stop").length,
    alerts: timeline.filter((e) => e.kind === "alert").length,
    distance: table?.total?.[table.columns.findIndex((c) => c.key === "distance")] ?? "0.0",
  };
  return data(
    {
      vehicle: { id: vehicle.id, registration: vehicle.registration },
      title: reportTitle(lng, DETAILS_TYPE),
      answers: reportAnswers(lng, DETAILS_TYPE),
      options: { vehicles: vehicles.map((v) => ({ id: v.id, label: v.registration })), teams: [], drivers: [] },
      values: { from: String(input.from), to: String(input.to), vehicle_ids: vehicleId },
      timeZone,
      table,
      timeline,
      track,
      summary,
      refusal,
      query: runQuery(input, definition),
      mapConfig: mapConfigFrom(context),
      canArchive: can(p, "analytics:write"),
    },
    { status: refusal ? 400 : 200 },
  );
}

/** The vehicle's drawn track over the period (the replay's thinning), or none when the replay refuses it. */
async function trackOf(
  context: LoadContext,
  p: Parameters<typeof getReplay>[1],
  vehicleId: string,
  from: Date,
  end: Date,
): Promise<Array<[number, number]>> {
  const to = new Date(Math.min(end.getTime(), Date.now()));
  if (to <= from) return [];
  try {
    const replay = await getReplay(context.app, p, { vehicleId, from, to });
    return drawnTrack(replay).points.map((pt) => [round6(pt.lon), round6(pt.lat)]);
  } catch (err) {
    // a period the replay does not draw (longer than it allows, older than the positions kept): no track
    if (err instanceof AppError) return [];
    throw err;
  }
}
