import { Router } from "express";
import type { AppContext } from "../../context";
import {
  apiKeysService as keys,
  deliveringList,
  ordersService as orders,
  plansService as plans,
  runPlan,
  settingsService as settings,
  orderFilterSchema,
} from "../../modules/tms";
import { authed, listQuery, param } from "./api-kit";

const SNAKE: Record<string, string> = {
  orderId: "order_id",
  clientOrderId: "client_order_id",
  customerCode: "customer_code",
  customerName: "customer_name",
  salesAgent: "sales_agent",
  deliveryDateAt: "delivery_date_at",
  windowStart: "window_start",
  windowEnd: "window_end",
  vehicleId: "vehicle_id",
  depotId: "depot_id",
  capacityWeight: "capacity_weight",
  capacityPackets: "capacity_packets",
  order: "order",
};

/** An API body in the spec's camelCase names (orderId, customerCode, deliveryDateAt, …); snake_case is read too. */
export function fromApiBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const key = SNAKE[k] ?? k;
    out[key] = Array.isArray(v)
      ? v.map((x) => (x && typeof x === "object" ? fromApiBody(x) : x))
      : typeof v === "number"
        ? String(v)
        : v;
  }
  return out;
}

/** /api/tms: the signed-in app's transport orders, optimisations, dispatch, delivering lists, settings and API keys. */
export function tmsRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/tms/orders",
    authed(ctx, (req, _s, p) => orders.listOrders(ctx, p, listQuery(req), orderFilterSchema.parse(req.query))),
  );
  r.post(
    "/api/tms/orders",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await orders.createOrder(ctx, p, fromApiBody(req.body)));
    }),
  );
  r.get(
    "/api/tms/orders/:id",
    authed(ctx, (req, _s, p) => orders.getOrder(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/tms/orders/:id",
    authed(ctx, (req, _s, p) => orders.updateOrder(ctx, p, param(req, "id"), fromApiBody(req.body))),
  );
  r.delete(
    "/api/tms/orders/:id",
    authed(ctx, (req, _s, p) => orders.deleteOrder(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/tms/orders/:id/finish",
    authed(ctx, (req, _s, p) =>
      orders.finishOrder(ctx, p, param(req, "id"), req.body?.by === "driver" ? "driver" : "planner"),
    ),
  );

  r.get(
    "/api/tms/optimizations",
    authed(ctx, (_req, _s, p) => plans.listPlans(ctx, p)),
  );
  r.post(
    "/api/tms/optimizations",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await plans.createPlan(ctx, p, fromApiBody(req.body)));
    }),
  );
  r.get(
    "/api/tms/optimizations/:id",
    authed(ctx, (req, _s, p) => plans.getPlan(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/tms/optimizations/:id",
    authed(ctx, (req, _s, p) => plans.updatePlan(ctx, p, param(req, "id"), fromApiBody(req.body))),
  );
  r.delete(
    "/api/tms/optimizations/:id",
    authed(ctx, (req, _s, p) => plans.deletePlan(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/tms/optimizations/:id/run",
    authed(ctx, async (req, res, p) => {
      res.status(202).json(await runPlan(ctx, p, param(req, "id")));
    }),
  );
  r.post(
    "/api/tms/optimizations/:id/move",
    authed(ctx, (req, _s, p) => plans.moveOrder(ctx, p, param(req, "id"), fromApiBody(req.body))),
  );
  r.post(
    "/api/tms/optimizations/:id/complete",
    authed(ctx, (req, _s, p) => plans.completePlan(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/tms/optimizations/:id/dispatch",
    authed(ctx, (req, _s, p) => plans.dispatchPlan(ctx, p, param(req, "id"))),
  );
  r.get(
    "/api/tms/optimizations/:id/delivering/:vehicleId",
    authed(ctx, (req, _s, p) => deliveringList(ctx, p, param(req, "id"), param(req, "vehicleId"))),
  );

  r.get(
    "/api/tms/settings",
    authed(ctx, (_req, _s, p) => settings.getSettings(ctx, p)),
  );
  r.put(
    "/api/tms/settings",
    authed(ctx, (req, _s, p) => settings.saveSettings(ctx, p, req.body ?? {})),
  );
  r.get(
    "/api/tms/depots",
    authed(ctx, (_req, _s, p) => settings.listDepots(ctx, p)),
  );
  r.post(
    "/api/tms/depots",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await settings.createDepot(ctx, p, fromApiBody(req.body)));
    }),
  );
  r.delete(
    "/api/tms/depots/:id",
    authed(ctx, (req, _s, p) => settings.deleteDepot(ctx, p, param(req, "id"))),
  );

  r.get(
    "/api/tms/api-keys",
    authed(ctx, (_req, _s, p) => keys.listApiKeys(ctx, p)),
  );
  r.post(
    "/api/tms/api-keys",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await keys.createApiKey(ctx, p, req.body ?? {}));
    }),
  );
  r.delete(
    "/api/tms/api-keys/:id",
    authed(ctx, (req, _s, p) => keys.revokeApiKey(ctx, p, param(req, "id"))),
  );
  return r;
}
