import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { logFilterSchema, overviewFilterSchema, alertsService as alerts } from "../../modules/alerts";
import { authed, listQuery, parseBody } from "./api-kit";

/** Body of POST /api/alerts/read: some alerts by id, or all of the user's notifications. */
const readBody = z.object({
  ids: z.array(z.string().uuid()).max(1000).optional(),
  all: z.boolean().optional(),
});

/**
 * The alert log for scripts and the mobile app: GET /api/alerts (filters from, to, vehicle, type, policy, unread; page, size),
 * GET /api/alerts/overview, GET /api/alerts/unread → {count}, POST /api/alerts/read {ids?, all?} → {marked}.
 */
export function alertsRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/alerts",
    authed(ctx, (req, _s, p) => {
      const { page, size } = listQuery(req);
      return alerts.listAlerts(ctx, p, logFilterSchema.parse(req.query), { page, size });
    }),
  );
  r.get(
    "/api/alerts/overview",
    authed(ctx, (req, _s, p) => alerts.alertsOverview(ctx, p, overviewFilterSchema.parse(req.query))),
  );
  r.get(
    "/api/alerts/unread",
    authed(ctx, async (_req, _s, p) => ({ count: await alerts.unreadAlertCount(ctx, p) })),
  );
  r.post(
    "/api/alerts/read",
    authed(ctx, async (req, _s, p) => {
      const body = parseBody(readBody, req.body);
      if (!body.all && !body.ids)
        throw new AppError("VALIDATION", "Give ids or all: true", { fields: { ids: ["errors.required"] } });
      return { marked: await alerts.markAlertsRead(ctx, p, body.all ? "all" : body.ids!) };
    }),
  );
  return r;
}
