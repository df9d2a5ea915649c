import { forwardingTargetInputSchema } from "../../modules/forwarding";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, obj, S } from "../openapi/schema-kit";

const PERMISSION = "organization:write";
const URL_ERRORS = ["FORWARDING_NAME_TAKEN", "OUTBOUND_URL_PRIVATE", "OUTBOUND_URL_UNRESOLVED"] as const;

const schemas = {
  ForwardingTarget: obj({
    id: S.uuid,
    name: S.str,
    kind: S.enum(["http", "mqtt"]),
    url: S.str,
    topic: S.strN,
    secret: S.str,
    active: S.bool,
    last_status: { enum: ["ok", "failed", null] },
    last_attempt_at: S.dtN,
    last_success_at: S.dtN,
    last_error: S.strN,
    sent_count: S.int,
    failed_batches: S.int,
    dropped_count: S.int,
    created_at: S.dt,
    updated_at: S.dt,
  }),
};

/** Position forwarding targets (docs/integrations.md, "Position forwarding"). */
export const forwardingApi: ApiFragment = {
  tag: "forwarding",
  description:
    "Where the organisation's positions are forwarded: HTTP(S) endpoints receiving signed JSON batches, or MQTT 5 brokers. Each target shows its last delivery and its counts (summed over every process that forwards). A secret left empty is generated; on a change, an empty secret keeps the old one.",
  schemas,
  paths: apiPaths("forwarding", {
    "GET /api/forwarding": {
      summary: "The organisation's forwarding targets",
      permission: PERMISSION,
      ok: { schema: obj({ items: S.arr(S.ref("ForwardingTarget")) }) },
    },
    "POST /api/forwarding": {
      summary: "Add a forwarding target",
      permission: PERMISSION,
      body: forwardingTargetInputSchema,
      ok: { status: 201, schema: S.ref("ForwardingTarget") },
      errors: [...URL_ERRORS],
    },
    "GET /api/forwarding/:id": {
      summary: "One forwarding target with its delivery status",
      permission: PERMISSION,
      ok: { schema: S.ref("ForwardingTarget") },
    },
    "PUT /api/forwarding/:id": {
      summary: "Change a forwarding target",
      permission: PERMISSION,
      body: forwardingTargetInputSchema,
      ok: { schema: S.ref("ForwardingTarget") },
      errors: [...URL_ERRORS],
    },
    "DELETE /api/forwarding/:id": { summary: "Remove a forwarding target", permission: PERMISSION },
  }),
};
