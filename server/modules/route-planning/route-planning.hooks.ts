import type { AppContext } from "../../context";
import { addDays, todayIn } from "../../shared/dates";
import type { PositionHook } from "../positions";
import { metresTo } from "./job-rules";
import { routeJobsRepo } from "./route-jobs.repo";
import { routeRules } from "./route-planning.settings";
import { emitRouteJobStatus } from "./route-job-events";
import { OrgSnapshots } from "../../shared/org-snapshots";

/** At or below this speed (km/h) the vehicle counts as stopped at the job. */
export const STOPPED_KMH = 3;

interface OpenJob {
  id: string;
  orgId: string;
  latitude: number;
  longitude: number;
  status: string;
  day: string;
}

type Change =
  | { kind: "in"; job: OpenJob; at: Date; distance: number }
  | { kind: "out"; job: OpenJob; at: Date; distance: number };

interface OrgJobs {
  inM: number;
  outM: number;
  byVehicle: Map<string, OpenJob[]>;
}

const NO_JOBS: OrgJobs = { inM: 0, outM: 0, byVehicle: new Map() };

export interface RoutePlanningHookOptions {
  /** how long an organisation's open jobs are reused between transactions (ms); 0 reads them for every one */
  cacheMs?: number;
}

/** Today's open jobs with a vehicle (the organisation's time zone), by vehicle, for organisations that have any. */
async function loadOpenJobs(ctx: AppContext, orgIds: string[]): Promise<Map<string, OrgJobs>> {
  const utcToday = new Date().toISOString().slice(0, 10);
  const rows = await routeJobsRepo.openForVehicles(ctx.db, orgIds, [
    addDays(utcToday, -1),
    utcToday,
    addDays(utcToday, 1),
  ]);
  const out = new Map<string, OrgJobs>();
  const today = new Map<string, string>();
  for (const orgId of new Set(rows.map((r) => r.org_id))) {
    const r = await routeRules(ctx, orgId);
    out.set(orgId, { inM: r.checkin_radius_m, outM: r.checkout_radius_m, byVehicle: new Map() });
    today.set(orgId, todayIn(r.timezone));
  }
  for (const r of rows) {
    const org = out.get(r.org_id)!;
    if (r.scheduled_date !== today.get(r.org_id)) continue;
    const list = org.byVehicle.get(r.vehicle_id!) ?? [];
    list.push({
      id: r.id,
      orgId: r.org_id,
      latitude: r.latitude,
      longitude: r.longitude,
      status: r.status,
      day: r.scheduled_date,
    });
    org.byVehicle.set(r.vehicle_id!, list);
  }
  return out;
}

/**
 * Automatic check-in and check-out of field jobs from the assigned vehicle's positions: the vehicle stopping
 * within the check-in radius of a job's point starts it; leaving the check-out radius of a started job finishes
 * it. Only the organisation's today's jobs count (its time zone).
 *
 * The open jobs are read once for all organisations of a run of packets and reused for `cacheMs` (a job assigned
 * meanwhile counts from the next read); a run that checks a job in or out drops its organisation's copy after the
 * commit. The cached jobs are never changed: a run keeps its own statuses, lost with a failed transaction, and the
 * status guard of each transition keeps two runs from moving one job twice.
 */
export function createRoutePlanningHook(ctx: AppContext, opts: RoutePlanningHookOptions = {}): PositionHook {
  const openJobs = new OrgSnapshots((orgIds) => loadOpenJobs(ctx, orgIds), NO_JOBS, opts.cacheMs ?? 1000);
  return {
    name: "route-planning-checkin",
    async begin(orgIds) {
      const orgs = await openJobs.get(orgIds);
      let any = false;
      for (const o of orgs.values()) if (o.byVehicle.size) any = true;
      if (!any) return {};
      const status = new Map<string, string>();
      const statusOf = (j: OpenJob) => status.get(j.id) ?? j.status;
      const changes: Change[] = [];
      return {
        onFix(device, _state, _before, fix) {
          const org = orgs.get(device.orgId);
          const jobs = org?.byVehicle.get(device.vehicleId);
          if (!org || !jobs || !fix.valid) return;
          for (const job of jobs) {
            const distance = metresTo(job, fix.lat, fix.lon);
            if (statusOf(job) === "started" && distance > org.outM) {
              status.set(job.id, "finished");
              changes.push({ kind: "out", job, at: new Date(fix.fixTime), distance });
            }
          }
          if (fix.speed > STOPPED_KMH || jobs.some((j) => statusOf(j) === "started")) return;
          const here = jobs.find((j) => statusOf(j) === "not_started" && metresTo(j, fix.lat, fix.lon) <= org.inM);
          if (here) {
            status.set(here.id, "started");
            changes.push({
              kind: "in",
              job: here,
              at: new Date(fix.fixTime),
              distance: metresTo(here, fix.lat, fix.lon),
            });
          }
        },
        hasWrites: () => changes.length > 0,
        afterCommit() {
          if (changes.length) openJobs.forget(new Set(changes.map((c) => c.job.orgId)));
        },
        async write(trx) {
          for (const c of changes) {
            const done =
              c.kind === "in"
                ? await routeJobsRepo.transition(trx, c.job.orgId, c.job.id, "not_started", {
                    status: "started",
                    arrived_at: c.at,
                    checkin_source: "auto",
                    checkin_distance_m: c.distance,
                  })
                : await routeJobsRepo.transition(trx, c.job.orgId, c.job.id, "started", {
                    status: "finished",
                    departed_at: c.at,
                    checkout_source: "auto",
                    checkout_distance_m: c.distance,
                  });
            if (done)
              await emitRouteJobStatus(trx, {
                orgId: c.job.orgId,
                jobId: c.job.id,
                status: c.kind === "in" ? "checked_in" : "finished",
                source: "auto",
                at: c.at,
              });
          }
        },
      };
    },
  };
}
