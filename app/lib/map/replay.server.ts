import { AppError } from "../../../server/errors";
import { formatAddress, resolveAddresses } from "../../../server/modules/addresses";
import { alertsForReplay } from "../../../server/modules/alerts";
import {
  drawnTrack,
  findReplayVehicle,
  getReplay,
  type Replay,
  type ReplayPoint,
} from "../../../server/modules/positions";
import type { Principal } from "../../../server/modules/access/principal";
import type { LoadContext } from "../route-kit.server";
import type { ReplayAlert } from "./replay-geo";
import { fromLocalInput, todayPeriod } from "./time";
import { orgTimeZone } from "./time.server";

export interface ReplayQuery {
  vehicle: string;
  from: string;
  to: string;
}

export const REPLAY_ERRORS = ["PERIOD_TOO_OLD", "PERIOD_INVALID", "NOT_FOUND"] as const;
export type ReplayErrorCode = (typeof REPLAY_ERRORS)[number];

/** The replay form's values from the query string; the period defaults to today in the organisation's zone. */
export function replayQueryFrom(url: URL, timeZone: string, now: Date = new Date()): ReplayQuery {
  const today = todayPeriod(now, timeZone);
  return {
    vehicle: url.searchParams.get("vehicle")?.trim() ?? "",
    from: url.searchParams.get("from") || today.from,
    to: url.searchParams.get("to") || today.to,
  };
}

export type ReplayOutcome =
  | { replay: Replay; registration: string; alerts: ReplayAlert[]; error: null }
  | { replay: null; registration: null; alerts: ReplayAlert[]; error: ReplayErrorCode | null };

/** Runs the replay for the query; refusals the page explains (too old, invalid, unknown vehicle) come back as codes. */
export async function runReplay(
  context: LoadContext,
  p: Principal,
  query: ReplayQuery,
  timeZone: string,
): Promise<ReplayOutcome> {
  if (!query.vehicle) return { replay: null, registration: null, alerts: [], error: null };
  const from = fromLocalInput(query.from, timeZone);
  const to = fromLocalInput(query.to, timeZone);
  if (!from || !to) return { replay: null, registration: null, alerts: [], error: "PERIOD_INVALID" };
  try {
    const [replay, vehicle] = await Promise.all([
      getReplay(context.app, p, { vehicleId: query.vehicle, from, to }),
      findReplayVehicle(context.app, p, query.vehicle),
    ]);
    const alerts = (await alertsForReplay(context.app, p, query.vehicle, from, to)).map(
      (a): ReplayAlert => ({
        id: a.id,
        type: a.alert_type,
        at: new Date(a.occurred_at).toISOString(),
        lat: a.lat,
        lon: a.lon,
        policyName: a.policy_name,
        placeName: a.place_name,
        details: (a.details ?? {}) as Record<string, unknown>,
      }),
    );
    return { replay, registration: vehicle.registration, alerts, error: null };
  } catch (err) {
    if (err instanceof AppError && (REPLAY_ERRORS as readonly string[]).includes(err.code)) {
      return { replay: null, registration: null, alerts: [], error: err.code as ReplayErrorCode };
    }
    throw err;
  }
}

/** The stops' and alerts' addresses in the reader's language, named in one pass (stops by index, alerts by id). */
export async function replayAddresses(
  context: LoadContext,
  p: Principal,
  outcome: ReplayOutcome,
  lng: "al" | "en",
): Promise<{ stops: string[]; alerts: Record<string, string> }> {
  const stops = outcome.replay?.stops ?? [];
  const located = outcome.alerts.filter((a) => a.lat !== null && a.lon !== null);
  const values = await resolveAddresses(context.app, p.orgId, [
    ...stops.map((s) => ({ lat: s.lat, lon: s.lon })),
    ...located.map((a) => ({ lat: a.lat!, lon: a.lon! })),
  ]);
  const text = values.map((v) => formatAddress(v, lng));
  return {
    stops: text.slice(0, stops.length),
    alerts: Object.fromEntries(located.map((a, i) => [a.id, text[stops.length + i]])),
  };
}

/** Rows of the points table on the page; the CSV export has all of them. */
export const POINTS_TABLE_LIMIT = 500;

/** The replay as the page gets it: the thinned track to draw, the first table rows, the full track's summary. */
export interface ReplayView extends Omit<Replay, "points"> {
  track: ReplayPoint[];
  toleranceM: number;
  tablePoints: ReplayPoint[];
  pointCount: number;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function replayView(replay: Replay, alerts: ReplayAlert[]): ReplayView {
  const { points, ...rest } = replay;
  const drawn = drawnTrack(
    replay,
    alerts.map((a) => Date.parse(a.at)),
  );
  // 1e-6° (about 0.1 m) is far below the thinning tolerance and shortens the answer.
  const track = drawn.points.map((p) => ({ ...p, lat: round6(p.lat), lon: round6(p.lon) }));
  return {
    ...rest,
    track,
    toleranceM: drawn.toleranceM,
    tablePoints: points.slice(0, POINTS_TABLE_LIMIT),
    pointCount: points.length,
  };
}

/** Shared by the GPX and CSV exports: the file, or a plain-text refusal with the error code. */
export async function exportReplay(
  context: LoadContext,
  p: Principal,
  request: Request,
  format: "gpx" | "csv",
  render: (r: Replay, registration: string) => string,
) {
  const timeZone = await orgTimeZone(context.app, p);
  const query = replayQueryFrom(new URL(request.url), timeZone);
  if (!query.vehicle)
    return new Response("vehicle is required", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const out = await runReplay(context, p, query, timeZone);
  if (!out.replay) {
    const status = out.error === "NOT_FOUND" ? 404 : 400;
    return new Response(out.error ?? "PERIOD_INVALID", {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const safeName = out.registration.replace(/[^A-Za-z0-9_-]+/g, "_");
  const fileName = `${safeName}_${query.from.slice(0, 10)}.${format}`;
  return new Response(render(out.replay, out.registration), {
    headers: {
      "Content-Type": format === "gpx" ? "application/gpx+xml; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
