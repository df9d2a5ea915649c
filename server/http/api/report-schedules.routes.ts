import { Router } from "express";
import type { AppContext } from "../../context";
import { schedulesService as schedules } from "../../modules/analytics";
import { authed, param } from "./api-kit";

/** Scheduled report e-mails (spec section 3, "Notification"), the same rules as /analytics/notifications. */
export function reportScheduleRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/analytics/schedules",
    authed(ctx, (_req, _s, p) => schedules.listSchedules(ctx, p)),
  );
  r.post(
    "/api/analytics/schedules",
    authed(ctx, async (req, res, p) => {
      const s = await schedules.createSchedule(ctx, p, req.body ?? {});
      res.status(201);
      return s;
    }),
  );
  r.get(
    "/api/analytics/schedules/:id",
    authed(ctx, (req, _s, p) => schedules.getSchedule(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/analytics/schedules/:id",
    authed(ctx, async (req, _s, p) => {
      const id = param(req, "id");
      await schedules.updateSchedule(ctx, p, id, req.body ?? {});
      return schedules.getSchedule(ctx, p, id);
    }),
  );
  r.delete(
    "/api/analytics/schedules/:id",
    authed(ctx, (req, _s, p) => schedules.deleteSchedule(ctx, p, param(req, "id"))),
  );
  return r;
}
