import { Router } from "express";
import type { AppContext } from "../../context";
import {
  createForwardingTarget,
  deleteForwardingTarget,
  forwardingTargetInputSchema,
  getForwardingTarget,
  listForwardingTargets,
  updateForwardingTarget,
} from "../../modules/forwarding";
import { authed, param, parseBody } from "./api-kit";

/** /api/forwarding: the organisation's position forwarding targets (organisation administrators). */
export function forwardingRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/forwarding",
    authed(ctx, async (_q, _s, p) => ({ items: await listForwardingTargets(ctx, p) })),
  );
  r.post(
    "/api/forwarding",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await createForwardingTarget(ctx, p, parseBody(forwardingTargetInputSchema, req.body)));
    }),
  );
  r.get(
    "/api/forwarding/:id",
    authed(ctx, (req, _s, p) => getForwardingTarget(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/forwarding/:id",
    authed(ctx, (req, _s, p) =>
      updateForwardingTarget(ctx, p, param(req, "id"), parseBody(forwardingTargetInputSchema, req.body)),
    ),
  );
  r.delete(
    "/api/forwarding/:id",
    authed(ctx, (req, _s, p) => deleteForwardingTarget(ctx, p, param(req, "id"))),
  );
  return r;
}
