import { EVENT_TYPES } from "../../modules/events";
import { deliveryListQuerySchema, webhookApiInputSchema } from "../../modules/webhooks";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, obj, S } from "../openapi/schema-kit";

const webhook = {
  id: S.uuid,
  url: S.str,
  description: S.strN,
  events: S.arr(S.enum(EVENT_TYPES)),
  active: S.bool,
  disabled_reason: S.nullable(S.enum(["failing"])),
  failing_since: S.dtN,
  created_at: S.dt,
  updated_at: S.dt,
};

const schemas = {
  Webhook: obj(webhook),
  WebhookWithSecret: obj(
    { ...webhook, secret: S.str },
    "The webhook with its signing secret (X-Flota-Signature: sha256=HMAC-SHA256 of the raw body)",
  ),
  WebhookDelivery: obj({
    id: S.uuid,
    event_id: S.uuid,
    event_type: S.str,
    status: S.enum(["pending", "delivered", "failed"]),
    attempts: S.int,
    response_status: S.intN,
    error: S.strN,
    next_attempt_at: S.dtN,
    last_attempt_at: S.dtN,
    delivered_at: S.dtN,
    created_at: S.dt,
  }),
};

const urlErrors = ["WEBHOOK_URL_INVALID", "WEBHOOK_URL_PRIVATE"] as const;

/** Webhooks: subscriptions to the integration events, their delivery log, redelivery and test events. */
export const webhooksApi: ApiFragment = {
  tag: "webhooks",
  description:
    "Webhooks of the organisation (administrators: settings:write). Each subscribed event is POSTed as a JSON envelope { id, type, version, occurred_at, organization_id, data } signed with X-Flota-Signature (docs/integrations.md).",
  schemas,
  paths: apiPaths("webhooks", {
    "GET /api/webhooks": {
      summary: "List the organisation's webhooks",
      permission: "settings:write",
      ok: { schema: obj({ items: S.arr(S.ref("Webhook")) }) },
    },
    "POST /api/webhooks": {
      summary: "Add a webhook; the answer carries its generated secret",
      permission: "settings:write",
      body: webhookApiInputSchema,
      ok: { status: 201, schema: S.ref("WebhookWithSecret") },
      errors: [...urlErrors],
    },
    "GET /api/webhooks/:id": { summary: "One webhook", permission: "settings:write", ok: { schema: S.ref("Webhook") } },
    "PUT /api/webhooks/:id": {
      summary: "Change a webhook (switching it on again forgets its failures)",
      permission: "settings:write",
      body: webhookApiInputSchema,
      ok: { schema: S.ref("Webhook") },
      errors: [...urlErrors],
    },
    "DELETE /api/webhooks/:id": { summary: "Remove a webhook and its delivery log", permission: "settings:write" },
    "POST /api/webhooks/:id/secret": {
      summary: "Replace the webhook's secret; the old one stops signing at once",
      permission: "settings:write",
      ok: { schema: S.ref("WebhookWithSecret") },
    },
    "GET /api/webhooks/:id/deliveries": {
      summary: "The webhook's latest 100 deliveries, newest event first",
      permission: "settings:write",
      query: deliveryListQuerySchema,
      ok: { schema: obj({ items: S.arr(S.ref("WebhookDelivery")) }) },
    },
    "POST /api/webhooks/:id/deliveries/:deliveryId/redeliver": {
      summary: "Send a delivery again (same X-Flota-Delivery id)",
      permission: "settings:write",
      ok: { status: 202 },
    },
    "POST /api/webhooks/:id/test": {
      summary: "Send a webhook.test event to this webhook only",
      permission: "settings:write",
      ok: { status: 202, schema: obj({ delivery_id: S.uuid }) },
    },
  }),
};
