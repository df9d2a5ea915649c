import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import {
  attendanceService as attendance,
  fieldService as field,
  routeJobsService as jobs,
  getRouteSettings,
} from "../../modules/route-planning";
import { dateParam } from "../../shared/date-schemas";
import { addDays } from "../../shared/dates";
import { orgToday } from "../../modules/organization";
import { authed, listQuery, param } from "./api-kit";

const dayQuery = z.object({ day: dateParam(), from: dateParam(), to: dateParam(), status: z.string().optional() });

/**
 * /api/route-planning: the dispatcher's jobs (routePlanning permissions) and, under /my, the phone's side for the
 * signed-in driver (jobs of today, self-assignment, check-in/out with the phone's position, the working day).
 */
export function routePlanningRoutes(ctx: AppContext) {
  const r = Router();
  const base = "/api/route-planning";

  r.get(
    `${base}/my/jobs`,
    authed(ctx, (req, _s, p) => field.myJobsToday(ctx, p, dayQuery.parse(req.query).day)),
  );
  r.get(
    `${base}/my/nearby`,
    authed(ctx, async (req, _s, p) => ({ jobs: await field.nearbyJobs(ctx, p, req.query) })),
  );
  r.post(
    `${base}/my/jobs/:id/assign`,
    authed(ctx, (req, _s, p) => field.selfAssign(ctx, p, param(req, "id"), req.body ?? {})),
  );
  r.post(
    `${base}/my/jobs/:id/check-in`,
    authed(ctx, (req, _s, p) => field.phoneCheckIn(ctx, p, param(req, "id"), req.body ?? {})),
  );
  r.post(
    `${base}/my/jobs/:id/check-out`,
    authed(ctx, (req, _s, p) => field.phoneCheckOut(ctx, p, param(req, "id"), req.body ?? {})),
  );
  r.post(
    `${base}/my/day/start`,
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await attendance.startWorkingDay(ctx, p, req.body ?? {}));
    }),
  );
  r.post(
    `${base}/my/day/end`,
    authed(ctx, (req, _s, p) => attendance.endWorkingDay(ctx, p, new Date(), req.body ?? {})),
  );
  r.get(
    `${base}/my/attendance`,
    authed(ctx, async (req, _s, p) => {
      const q = dayQuery.parse(req.query);
      const to = q.to ?? (await orgToday(ctx, p.orgId));
      return { days: await attendance.myAttendance(ctx, p, q.from ?? addDays(to, -30), to) };
    }),
  );

  r.get(
    `${base}/jobs`,
    authed(ctx, (req, _s, p) => {
      const q = dayQuery.parse(req.query);
      return jobs.listJobs(ctx, p, listQuery(req), { from: q.from ?? q.day, to: q.to ?? q.day, status: q.status });
    }),
  );
  r.post(
    `${base}/jobs`,
    authed(ctx, async (req, res, p) => {
      res.status(201).json({ ids: await jobs.createJobs(ctx, p, req.body ?? {}) });
    }),
  );
  r.get(
    `${base}/jobs/:id`,
    authed(ctx, (req, _s, p) => jobs.getJob(ctx, p, param(req, "id"))),
  );
  r.put(
    `${base}/jobs/:id`,
    authed(ctx, (req, _s, p) => jobs.updateJob(ctx, p, param(req, "id"), req.body ?? {})),
  );
  r.delete(
    `${base}/jobs/:id`,
    authed(ctx, (req, _s, p) => jobs.deleteJob(ctx, p, param(req, "id"))),
  );
  r.post(
    `${base}/jobs/:id/assign`,
    authed(ctx, (req, _s, p) => jobs.assignJob(ctx, p, { ...(req.body ?? {}), job_id: param(req, "id") })),
  );
  r.get(
    `${base}/settings`,
    authed(ctx, (_q, _s, p) => getRouteSettings(ctx, p)),
  );
  return r;
}
