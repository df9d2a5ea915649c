import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { csvCell } from "../../shared/csv";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { segmentDistanceM } from "./geo";
import { assertUuid, REPLAY_MAX_DAYS, retentionCutoff } from "./positions.schema";
import type { ReplayPoint, ReplayStop } from "../../shared/replay-point";
import { replayRepo } from "./replay.repo";
import { thinningTolerance, thinTrack } from "./track-thinning";

export type { ReplayPoint, ReplayStop };

export interface Replay {
  vehicleId: string;
  from: string;
  to: string;
  points: ReplayPoint[];
  stops: ReplayStop[];
  distanceKm: number;
  maxSpeed: number;
}

/** Standing (speed below this, or ignition off) for at least MIN_STOP_S counts as a stop. */
export const STOP_SPEED_KMH = 3;
export const MIN_STOP_S = 180;

export function checkReplayPeriod(from: Date, to: Date, now: Date = new Date()): void {
  if (!(from.getTime() < to.getTime())) throw new AppError("PERIOD_INVALID", "The start must be before the end");
  if (to.getTime() - from.getTime() > REPLAY_MAX_DAYS * 86_400_000) {
    throw new AppError("PERIOD_INVALID", `The period may not be longer than ${REPLAY_MAX_DAYS} days`);
  }
  if (from.getTime() < retentionCutoff(now).getTime()) {
    throw new AppError("PERIOD_TOO_OLD", "Position data older than one year is unavailable");
  }
}

const isStanding = (p: ReplayPoint) => p.speed < STOP_SPEED_KMH || p.ignition === 0;

/** Stops: runs of standing points lasting at least MIN_STOP_S, ended by the next moving point. */
export function detectStops(points: ReplayPoint[], minStopS = MIN_STOP_S): ReplayStop[] {
  const stops: ReplayStop[] = [];
  let start: ReplayPoint | null = null;
  const close = (end: ReplayPoint) => {
    if (!start) return;
    const durationS = Math.round((Date.parse(end.t) - Date.parse(start.t)) / 1000);
    if (durationS >= minStopS) stops.push({ from: start.t, to: end.t, lat: start.lat, lon: start.lon, durationS });
    start = null;
  };
  for (const p of points) {
    if (isStanding(p)) start ??= p;
    else close(p);
  }
  if (start && points.length) close(points[points.length - 1]);
  return stops;
}

export function summarize(points: ReplayPoint[]): { distanceKm: number; maxSpeed: number } {
  let m = 0;
  let maxSpeed = 0;
  let prev: { lat: number; lon: number; t: number } | null = null;
  for (const p of points) {
    maxSpeed = Math.max(maxSpeed, p.speed);
    const here = { lat: p.lat, lon: p.lon, t: Date.parse(p.t) };
    if (prev) m += segmentDistanceM(prev, here);
    prev = here;
  }
  return { distanceKm: Math.round(m / 10) / 100, maxSpeed: Math.round(maxSpeed * 10) / 10 };
}

export async function findReplayVehicle(ctx: AppContext, p: Principal, vehicleId: string) {
  assertUuid(vehicleId);
  const v = await replayRepo.visibleVehicle(ctx.db, p, vehicleId);
  if (!v) throw notFound("vehicle");
  return v;
}

/** Movement of one vehicle over a period (replay:read): valid fixes in time order, stops, distance, top speed. */
export async function getReplay(
  ctx: AppContext,
  p: Principal,
  input: { vehicleId: string; from: Date; to: Date },
): Promise<Replay> {
  authorize(p, "replay:read");
  checkReplayPeriod(input.from, input.to);
  const v = await findReplayVehicle(ctx, p, input.vehicleId);
  const rows = await replayRepo.track(ctx.db, p.orgId, v.id, input.from, input.to);
  const points: ReplayPoint[] = rows.map((r) => ({
    t: new Date(r.fix_ms).toISOString(),
    lat: r.lat,
    lon: r.lon,
    speed: Math.round(r.speed_kmh * 10) / 10,
    course: Math.round(r.course),
    ignition: r.ignition === null ? null : r.ignition ? 1 : 0,
  }));
  return {
    vehicleId: v.id,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    points,
    stops: detectStops(points),
    ...summarize(points),
  };
}

/** Time slices whose slowest and fastest fixes the thinned track keeps (about one per pixel of the speed chart). */
export const SPEED_CHART_SLICES = 1000;

/**
 * The track to draw (map, player, speed chart): thinned within a tolerance chosen from the track's
 * extent and the period, keeping stops, ignition changes, the fixes around `alertsAt`, the ends and
 * the speed extremes. Stops, distance, top speed, tables and exports use the full track.
 */
export function drawnTrack(replay: Replay, alertsAt: number[] = []): { points: ReplayPoint[]; toleranceM: number } {
  const toleranceM = thinningTolerance(replay.points, Date.parse(replay.to) - Date.parse(replay.from));
  const keepAt = replay.stops.flatMap((s) => [Date.parse(s.from), Date.parse(s.to)]);
  return {
    points: thinTrack(replay.points, { toleranceM, keepAt, alertsAt, speedSlices: SPEED_CHART_SLICES }),
    toleranceM,
  };
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** GPX 1.1: one track of the points, one waypoint per stop. */
export function replayToGpx(replay: Replay, vehicle: { registration: string }): string {
  const name = xml(vehicle.registration);
  const wpts = replay.stops.map(
    (s) =>
      `  <wpt lat="${s.lat}" lon="${s.lon}"><time>${s.from}</time><name>Stop ${Math.round(s.durationS / 60)} min</name><type>stop</type></wpt>`,
  );
  const pts = replay.points.map(
    (p) =>
      `      <trkpt lat="${p.lat}" lon="${p.lon}"><time>${p.t}</time><extensions><speed>${p.speed}</speed><course>${p.course}</course></extensions></trkpt>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<gpx version="1.1" creator="Flota" xmlns="http://www.topografix.com/GPX/1/1">`,
    `  <metadata><name>${name} ${replay.from} – ${replay.to}</name></metadata>`,
    ...wpts,
    `  <trk><name>${name}</name>`,
    `    <trkseg>`,
    ...pts,
    `    </trkseg>`,
    `  </trk>`,
    `</gpx>`,
    "",
  ].join("\n");
}

export function replayToCsv(replay: Replay): string {
  const lines = ["time,latitude,longitude,speed_kmh,course,ignition"];
  for (const p of replay.points)
    lines.push([p.t, p.lat, p.lon, p.speed, p.course, p.ignition ?? ""].map(csvCell).join(","));
  return lines.join("\r\n") + "\r\n";
}
