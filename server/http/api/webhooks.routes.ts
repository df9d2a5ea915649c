import { Router } from "express";
import type { AppContext } from "../../context";
import * as webhooks from "../../modules/webhooks";
import { authed, param, parseBody } from "./api-kit";

/** /api/webhooks: the organisation's webhooks, their delivery log, redelivery and test events. */
export function webhooksRoutes(ctx: AppContext) {
  const r = Router();
  const input = webhooks.webhookApiInputSchema;

  r.get(
    "/api/webhooks",
    authed(ctx, async (_q, _s, p) => ({ items: await webhooks.listWebhooks(ctx, p) })),
  );
  r.post(
    "/api/webhooks",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await webhooks.createWebhook(ctx, p, parseBody(input, req.body)));
    }),
  );
  r.get(
    "/api/webhooks/:id",
    authed(ctx, (req, _s, p) => webhooks.getWebhook(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/webhooks/:id",
    authed(ctx, (req, _s, p) => webhooks.updateWebhook(ctx, p, param(req, "id"), parseBody(input, req.body))),
  );
  r.delete(
    "/api/webhooks/:id",
    authed(ctx, (req, _s, p) => webhooks.deleteWebhook(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/webhooks/:id/secret",
    authed(ctx, (req, _s, p) => webhooks.rotateWebhookSecret(ctx, p, param(req, "id"))),
  );
  r.get(
    "/api/webhooks/:id/deliveries",
    authed(ctx, (req, _s, p) =>
      webhooks.listDeliveries(ctx, p, param(req, "id"), webhooks.deliveryListQuerySchema.parse(req.query)),
    ),
  );
  r.post(
    "/api/webhooks/:id/deliveries/:deliveryId/redeliver",
    authed(ctx, async (req, res, p) => {
      await webhooks.redeliver(ctx, p, param(req, "id"), param(req, "deliveryId"));
      res.status(202).end();
    }),
  );
  r.post(
    "/api/webhooks/:id/test",
    authed(ctx, async (req, res, p) => {
      const { deliveryId } = await webhooks.sendTestEvent(ctx, p, param(req, "id"));
      res.status(202).json({ delivery_id: deliveryId });
    }),
  );
  return r;
}
