import { ALERT_TYPES, logFilterSchema, overviewFilterSchema, policyInputSchema } from "../../modules/alerts";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, listParams, obj, page, queryFromZod, S } from "../openapi/schema-kit";

const alertType = S.enum(ALERT_TYPES);
const policyBase = {
  id: S.uuid,
  name: S.str,
  alert_type: alertType,
  active: S.bool,
  all_vehicles: S.bool,
  all_geofences: S.bool,
  speed_limit_kmh: S.numN,
  duration_min: S.intN,
  alarm_kinds: S.arr(S.str),
  fault_kinds: S.arr(S.str),
  time_from: { type: ["string", "null"], description: "HH:MM:SS local time; null for the whole day" },
  time_to: S.strN,
  days: { type: "array", items: { type: "integer" }, description: "0 = Sunday" },
  daily_limit: S.intN,
  driver_limit: S.intN,
  notify_in_app: S.bool,
  notify_email: S.bool,
  emails: S.arr(S.str),
  created_by: S.uuidN,
  created_at: S.dt,
  updated_at: S.dt,
};
const dateQuery = {
  type: "string",
  format: "date",
  description: "a local day (YYYY-MM-DD) in the organisation's time zone",
};
const logQuery = (schema: typeof logFilterSchema | typeof overviewFilterSchema) =>
  queryFromZod(schema).map((p) => (p.name === "from" || p.name === "to" ? { ...p, schema: dateQuery } : p));

const schemas = {
  AlertPolicy: obj({
    ...policyBase,
    vehicle_ids: S.arr(S.uuid),
    team_ids: S.arr(S.uuid),
    geofence_ids: S.arr(S.uuid),
    recipient_ids: S.arr(S.uuid),
  }),
  AlertPolicyListItem: obj({
    ...policyBase,
    vehicle_count: S.int,
    team_count: S.int,
    recipient_count: S.int,
    last_alert_at: S.dtN,
  }),
  Alert: obj({
    id: S.uuid,
    policy_id: S.uuidN,
    policy_name: S.strN,
    alert_type: alertType,
    vehicle_id: S.uuid,
    registration: S.str,
    identifier_name: S.strN,
    driver_id: S.uuidN,
    driver_name: S.strN,
    place_id: S.uuidN,
    place_name: S.strN,
    occurred_at: S.dt,
    lat: S.numN,
    lon: S.numN,
    speed_kmh: S.numN,
    details: { type: ["object", "null"], description: "what the rule saw, by alert type (speed, limit, ...)" },
    email_status: S.strN,
    read: { type: ["boolean", "null"], description: "null when the caller was not notified of it" },
  }),
};

/** Alert policies and the alert log. */
export const alertsApi: ApiFragment = {
  tag: "alerts",
  description:
    "Alert policies (what to watch, for which vehicles, when and whom to tell) and the log of alerts they raised, with an overview and the caller's unread notifications. Days are local days of the organisation's time zone.",
  schemas,
  paths: apiPaths("alerts", {
    "GET /api/alerts/policies": {
      summary: "List alert policies",
      permission: "alerts:read",
      query: [...listParams(), { name: "type", in: "query", required: false, schema: alertType }],
      ok: { schema: page(S.ref("AlertPolicyListItem")) },
    },
    "POST /api/alerts/policies": {
      summary: "Add an alert policy",
      description: "The form's field names; lists may be JSON arrays, e-mails an array or one text.",
      permission: "alerts:write",
      body: policyInputSchema,
      ok: { status: 201, schema: S.ref("AlertPolicy") },
    },
    "GET /api/alerts/policies/:id": {
      summary: "One alert policy with its links",
      permission: "alerts:read",
      ok: { schema: S.ref("AlertPolicy") },
    },
    "PUT /api/alerts/policies/:id": {
      summary: "Change an alert policy (without active, it keeps its state)",
      permission: "alerts:write",
      body: policyInputSchema,
      ok: { schema: S.ref("AlertPolicy") },
    },
    "DELETE /api/alerts/policies/:id": { summary: "Remove an alert policy", permission: "alerts:write" },
    "POST /api/alerts/policies/:id/active": {
      summary: "Switch an alert policy on or off",
      permission: "alerts:write",
      body: obj({ active: S.bool }),
      ok: { schema: S.ref("AlertPolicy") },
    },
    "GET /api/alerts": {
      summary: "The alert log, newest first",
      permission: "alerts:read",
      query: [...listParams().filter((p) => p.name === "page" || p.name === "size"), ...logQuery(logFilterSchema)],
      ok: { schema: page(S.ref("Alert"), { timezone: S.str }) },
      errors: ["PERIOD_INVALID"],
    },
    "GET /api/alerts/overview": {
      summary: "Alert counts by type, vehicle (top 15) and day",
      description: "Without from and to: the last 30 days.",
      permission: "alerts:read",
      query: logQuery(overviewFilterSchema),
      ok: {
        schema: obj({
          from: S.date,
          to: S.date,
          timezone: S.str,
          total: S.int,
          byType: S.arr(obj({ alert_type: alertType, count: S.int })),
          byVehicle: S.arr(obj({ vehicle_id: S.uuid, registration: S.str, count: S.int })),
          byDay: S.arr(obj({ day: S.date, alert_type: alertType, count: S.int })),
        }),
      },
      errors: ["PERIOD_INVALID"],
    },
    "GET /api/alerts/unread": {
      summary: "How many of the caller's alert notifications are unread",
      ok: { schema: obj({ count: S.int }) },
    },
    "POST /api/alerts/read": {
      summary: "Mark notifications read: some by id, or all",
      body: obj({ ids: S.opt({ type: "array", items: S.uuid, maxItems: 1000 }), all: S.opt(S.bool) }),
      ok: { schema: obj({ marked: S.int }) },
    },
  }),
};
