import { Router, type NextFunction, type Request, type Response } from "express";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../../modules/access/principal";
import { keyPrincipal, takeKeyRequest, integrationOrders as orders, orderFilterSchema } from "../../modules/tms";
import { sendError } from "./api-kit";
import { fromApiBody } from "./tms.routes";

/** Requests per key and minute on /api/integrations. */
export const INTEGRATION_RATE_LIMIT = 120;

/**
 * /api/integrations (spec section 7's separate base path): an organisation's own systems push orders and read their
 * status and tracking links with an API key (header X-Api-Key, or Authorization: ApiKey <key>). Rate-limited per key,
 * across every web process (takeKeyRequest).
 */
export function tmsIntegrationRoutes(ctx: AppContext, opts: { limit?: number } = {}) {
  const limit = opts.limit ?? INTEGRATION_RATE_LIMIT;
  const r = Router();
  const keyed =
    (fn: (req: Request, res: Response, p: Principal) => Promise<unknown>) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const auth = req.headers.authorization;
        const raw =
          (req.headers["x-api-key"] as string | undefined) ?? (auth?.startsWith("ApiKey ") ? auth.slice(7) : undefined);
        const p = await keyPrincipal(ctx, raw);
        // the key acts for its organisation (its changes' events are dispatched as the request finishes)
        req.principal = p;
        const use = await takeKeyRequest(ctx, { orgId: p.orgId, keyId: p.sessionId }, limit);
        res.setHeader("X-RateLimit-Limit", String(limit));
        res.setHeader("X-RateLimit-Remaining", String(use.remaining));
        if (!use.allowed) {
          res.setHeader("Retry-After", String(use.retryAfterS));
          throw new AppError("RATE_LIMITED", "Too many requests for this key; try again later");
        }
        const out = await fn(req, res, p);
        if (!res.headersSent) res.json(out);
      } catch (err) {
        sendError(ctx, req, res, err);
      }
      void next;
    };
  r.post(
    "/api/integrations/orders",
    keyed(async (req, res, p) => {
      const body = req.body as { orders?: unknown[] } | undefined;
      const list = Array.isArray(body?.orders) ? body.orders : [body];
      res.status(201).json(await orders.pushOrders(ctx, p, list.map(fromApiBody)));
    }),
  );
  r.get(
    "/api/integrations/orders",
    keyed((req, _res, p) =>
      orders.listIntegrationOrders(
        ctx,
        p,
        Math.max(1, Number(req.query.page) || 1),
        orderFilterSchema.parse(req.query),
      ),
    ),
  );
  r.get(
    "/api/integrations/orders/:orderId",
    keyed((req, _res, p) => orders.getIntegrationOrder(ctx, p, String(req.params.orderId))),
  );
  r.post(
    "/api/integrations/orders/:orderId/finish",
    keyed((req, _res, p) => orders.finishIntegrationOrder(ctx, p, String(req.params.orderId))),
  );
  return r;
}
