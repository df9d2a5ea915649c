import type { AppContext } from "../../context";
import type { LatLon, TravelMatrix } from "../../optimization";
import { formatInstantTime, todayIn, zonedInstant } from "../../shared/dates";
import { secondsOfDay } from "./job-rules";
import { vehicleStateRepo } from "../positions";
import { liveEtaRepo } from "./route-planning.repo";
import type { RouteRules } from "./route-planning.settings";
import { routeTravelMatrix } from "./travel-model";

// The live ETA of each vehicle's remaining jobs today, computed on request (no cache: one small matrix per vehicle with
// the straight-line model costs microseconds, and the answer must follow the newest position).

/** A position older than this is no base for an ETA (trackers report every minute or so while the ignition is on). */
export const LIVE_ETA_MAX_FIX_AGE_MIN = 15;
/** A leg the routing service cannot drive (its UNREACHABLE) ends the vehicle's estimate. */
const UNREACHABLE_S = 1e8;

/**
 * ok: `at` is the estimate; no_position: the vehicle has no position newer than LIVE_ETA_MAX_FIX_AGE_MIN;
 * arrived: the visit started or finished (its actual arrival counts); none: no vehicle, not today, or not reachable.
 */
export type LiveEtaStatus = "ok" | "no_position" | "arrived" | "none";
export interface LiveEta {
  status: LiveEtaStatus;
  at: Date | null /** "HH:mm", rounded up to the minute */;
  time: string | null;
  predictedLate: boolean;
}

export interface EtaJob {
  id: string;
  vehicle_id: string | null;
  status: string;
  latitude: number;
  longitude: number;
  scheduled_date: string;
  scheduled_arrival: string;
  scheduled_departure: string;
  planned_sequence: number | null;
  arrived_at: Date | null;
}
export interface VehicleFix {
  vehicle_id: string;
  lat: number | null;
  lon: number | null;
  last_fix_time: Date | null;
}
export interface EtaRules {
  timeZone: string;
  graceMin: number;
  now: Date;
  maxFixAgeMin?: number;
}

const NONE: LiveEta = { status: "none", at: null, time: null, predictedLate: false };
const NO_POSITION: LiveEta = { status: "no_position", at: null, time: null, predictedLate: false };
const ARRIVED: LiveEta = { status: "arrived", at: null, time: null, predictedLate: false };

/** The planned order (an accepted optimisation's), the jobs without a plan after it by scheduled arrival. */
export const inRouteOrder = (a: EtaJob, b: EtaJob) =>
  (a.planned_sequence ?? Number.MAX_SAFE_INTEGER) - (b.planned_sequence ?? Number.MAX_SAFE_INTEGER) ||
  a.scheduled_arrival.localeCompare(b.scheduled_arrival) ||
  a.id.localeCompare(b.id);

const visitMs = (j: EtaJob) =>
  Math.max(0, secondsOfDay(j.scheduled_departure) - secondsOfDay(j.scheduled_arrival)) * 1000;

/**
 * Each vehicle drives from its last position through its jobs not started, in route order: arrival = departure from
 * the previous point + the travel model's time; the visit starts no earlier than the scheduled arrival (the
 * optimiser's time window) and lasts the scheduled visit length. The clock starts now, or when the visit in progress
 * ends (its arrival + visit length) if that is later. Predicted late: arrival after scheduled arrival + margin.
 */
export async function computeLiveEtas(
  jobs: readonly EtaJob[],
  fixes: readonly VehicleFix[],
  rules: EtaRules,
  matrixOf: (points: LatLon[]) => Promise<TravelMatrix> = routeTravelMatrix,
): Promise<Map<string, LiveEta>> {
  const out = new Map<string, LiveEta>();
  const now = rules.now.getTime();
  const today = todayIn(rules.timeZone, rules.now);
  const maxAge = (rules.maxFixAgeMin ?? LIVE_ETA_MAX_FIX_AGE_MIN) * 60_000;
  const fixOf = new Map(fixes.map((f) => [f.vehicle_id, f] as const));
  const byVehicle = new Map<string, EtaJob[]>();
  for (const j of jobs) {
    if (j.status !== "not_started") {
      out.set(j.id, j.status === "finished" || j.arrived_at ? ARRIVED : NONE);
      continue;
    }
    if (!j.vehicle_id || j.scheduled_date !== today) {
      out.set(j.id, NONE);
      continue;
    }
    byVehicle.set(j.vehicle_id, [...(byVehicle.get(j.vehicle_id) ?? []), j]);
  }
  for (const [vehicleId, list] of byVehicle) {
    const open = [...list].sort(inRouteOrder);
    const fix = fixOf.get(vehicleId);
    if (
      !fix ||
      fix.lat == null ||
      fix.lon == null ||
      !fix.last_fix_time ||
      now - fix.last_fix_time.getTime() > maxAge
    ) {
      for (const j of open) out.set(j.id, NO_POSITION);
      continue;
    }
    let clock = now;
    for (const j of jobs) {
      if (j.vehicle_id === vehicleId && j.status === "started" && j.arrived_at)
        clock = Math.max(clock, j.arrived_at.getTime() + visitMs(j));
    }
    const m = await matrixOf([
      { lat: fix.lat, lon: fix.lon },
      ...open.map((j) => ({ lat: j.latitude, lon: j.longitude })),
    ]);
    let from = 0;
    let reachable = true;
    open.forEach((j, i) => {
      const leg = m.durations[from * m.size + i + 1];
      if (!reachable || !(leg < UNREACHABLE_S)) {
        reachable = false;
        out.set(j.id, NONE);
        return;
      }
      const arrive = clock + leg * 1000;
      const due = zonedInstant(j.scheduled_date, j.scheduled_arrival.slice(0, 5), rules.timeZone).getTime();
      const shown = Math.ceil(arrive / 60_000) * 60_000;
      out.set(j.id, {
        status: "ok",
        at: new Date(arrive),
        time: formatInstantTime(shown, rules.timeZone),
        predictedLate: arrive > due + rules.graceMin * 60_000,
      });
      clock = Math.max(arrive, due) + visitMs(j);
      from = i + 1;
    });
  }
  return out;
}

/**
 * The live ETA of these jobs (the caller's, already scoped to what the user may see): every remaining job of their
 * vehicles today counts for the order, and positions and jobs are read for the organisation only.
 */
export async function liveEtas(
  ctx: AppContext,
  orgId: string,
  rules: Pick<RouteRules, "timezone" | "late_grace_min">,
  jobs: ReadonlyArray<{
    id: string;
    vehicle_id: string | null;
    scheduled_date: string;
    status: string;
    arrived_at: Date | null;
  }>,
  now = new Date(),
) {
  const today = todayIn(rules.timezone, now);
  const vehicleIds = [
    ...new Set(
      jobs
        .filter((j) => j.vehicle_id && j.scheduled_date === today && j.status !== "finished")
        .map((j) => j.vehicle_id!),
    ),
  ];
  const [remaining, fixes] = await Promise.all([
    liveEtaRepo.remainingJobs(ctx.db, orgId, vehicleIds, today),
    vehicleStateRepo.latestFixes(ctx.db, orgId, vehicleIds),
  ]);
  const etas = await computeLiveEtas(remaining, fixes, {
    timeZone: rules.timezone,
    graceMin: rules.late_grace_min,
    now,
  });
  return (job: { id: string; status: string; arrived_at: Date | null }): LiveEta =>
    etas.get(job.id) ?? (job.status === "finished" || job.arrived_at ? ARRIVED : NONE);
}
