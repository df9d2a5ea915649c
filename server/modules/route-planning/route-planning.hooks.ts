import type { AppContext } from "../../context";
import { addDays, todayIn } from "../../shared/dates";
import type { PositionHook } from "../positions";
import { metresTo } from "./job-rules";
import { routeJobsRepo } from "./route-jobs.repo";
import { routeRules } from "./route-planning.settings";
import { emitRouteJobStatus } from "./route-job-events";

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

/**
 * Automatic check-in and check-out of field jobs from the assigned vehicle's positions: the vehicle stopping
 * within the check-in radius of a job's point starts it; leaving the check-out radius of a started job finishes
 * it. Only the organisation's today's jobs count (its time zone); one query for the jobs per run of packets.
 */
export function createRoutePlanningHook(ctx: AppContext): PositionHook {
  return {
    name: "route-planning-checkin",
    async begin(orgIds) {
      const utcToday = new Date().toISOString().slice(0, 10);
      const rows = await routeJobsRepo.openForVehicles(ctx.db, orgIds, [
        addDays(utcToday, -1),
        utcToday,
        addDays(utcToday, 1),
      ]);
      if (!rows.length) return {};
      const rules = new Map<string, { today: string; inM: number; outM: number }>();
      for (const orgId of new Set(rows.map((r) => r.org_id))) {
        const r = await routeRules(ctx, orgId);
        rules.set(orgId, { today: todayIn(r.timezone), inM: r.checkin_radius_m, outM: r.checkout_radius_m });
      }
      const byVehicle = new Map<string, OpenJob[]>();
      for (const r of rows) {
        if (r.scheduled_date !== rules.get(r.org_id)?.today) continue;
        const list = byVehicle.get(r.vehicle_id!) ?? [];
        list.push({
          id: r.id,
          orgId: r.org_id,
          latitude: r.latitude,
          longitude: r.longitude,
          status: r.status,
          day: r.scheduled_date,
        });
        byVehicle.set(r.vehicle_id!, list);
      }
      const changes: Change[] = [];
      return {
        onFix(device, _state, _before, fix) {
          const jobs = byVehicle.get(device.vehicleId);
          if (!jobs || !fix.valid) return;
          const rule = rules.get(device.orgId)!;
          for (const job of jobs) {
            const distance = metresTo(job, fix.lat, fix.lon);
            if (job.status === "started" && distance > rule.outM) {
              job.status = "finished";
              changes.push({ kind: "out", job, at: new Date(fix.fixTime), distance });
            }
          }
          if (fix.speed > STOPPED_KMH || jobs.some((j) => j.status === "started")) return;
          const here = jobs.find((j) => j.status === "not_started" && metresTo(j, fix.lat, fix.lon) <= rule.inM);
          if (here) {
            here.status = "started";
            changes.push({
              kind: "in",
              job: here,
              at: new Date(fix.fixTime),
              distance: metresTo(here, fix.lat, fix.lon),
            });
          }
        },
        hasWrites: () => changes.length > 0,
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
