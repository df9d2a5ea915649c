import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { ALERT_TYPES, policyInputSchema, alertsService as alerts } from "../../modules/alerts";
import { authed, listQuery, param, parseBody } from "./api-kit";

const listFilter = z.object({ type: z.enum(ALERT_TYPES).optional().catch(undefined) });
const activeBody = z.object({ active: z.boolean({ error: "errors.required" }) });

/**
 * /api/alerts/policies: the same services as the policy pages. Bodies use the form's field names
 * (policyInputSchema); lists may be JSON arrays, e-mails an array or one text. A PUT without `active` keeps the state.
 */
export function alertPoliciesRoutes(ctx: AppContext) {
  const r = Router();

  r.get(
    "/api/alerts/policies",
    authed(ctx, (req, _s, p) => alerts.listPolicies(ctx, p, listQuery(req), listFilter.parse(req.query))),
  );
  r.post(
    "/api/alerts/policies",
    authed(ctx, async (req, res, p) => {
      const created = await alerts.createPolicy(ctx, p, parseBody(policyInputSchema, req.body));
      res.status(201).json(await alerts.getPolicy(ctx, p, created.id));
    }),
  );
  r.get(
    "/api/alerts/policies/:id",
    authed(ctx, (req, _s, p) => alerts.getPolicy(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/alerts/policies/:id",
    authed(ctx, async (req, _s, p) => {
      const id = param(req, "id");
      const current = await alerts.getPolicy(ctx, p, id);
      const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
      await alerts.updatePolicy(ctx, p, id, parseBody(policyInputSchema, { active: current.active, ...body }));
      return alerts.getPolicy(ctx, p, id);
    }),
  );
  r.delete(
    "/api/alerts/policies/:id",
    authed(ctx, (req, _s, p) => alerts.deletePolicy(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/alerts/policies/:id/active",
    authed(ctx, async (req, _s, p) => {
      const id = param(req, "id");
      await alerts.setPolicyActive(ctx, p, id, parseBody(activeBody, req.body).active);
      return alerts.getPolicy(ctx, p, id);
    }),
  );
  return r;
}
