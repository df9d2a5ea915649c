import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditFilterSchema } from "../../modules/audit";
import { tenantCreateSchema, tenantDeleteSchema, tenantUpdateSchema } from "../../modules/tenants";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, listParams, obj, page, queryFromZod, S } from "../openapi/schema-kit";

const tenant = {
  id: S.uuid,
  name: S.str,
  country: S.strN,
  status: S.enum(["active", "suspended"]),
  status_changed_at: S.dtN,
  operator: { type: "boolean", description: "the installation's own organisation" },
  created_at: S.dt,
  counts: obj({ vehicles: S.int, devices: S.int, users: S.int }),
  device_quota: S.intN,
  quota_reached: S.bool,
};
const administrator = obj({
  id: S.uuid,
  email: S.strN,
  name: S.str,
  language: S.enum(["al", "en"]),
  active: S.bool,
  last_login_at: S.dtN,
});
const person = S.nullable(obj({ id: S.uuidN, name: S.strN }));
const dayQuery = { type: "string", format: "date", description: "a local day (YYYY-MM-DD) of the organisation" };
const auditQuery = queryFromZod(auditFilterSchema).map((p) =>
  p.name === "from" || p.name === "to" ? { ...p, schema: dayQuery } : p,
);
const admin = "Only the installation's administrators (`installation:admin`); everyone else gets FORBIDDEN.";

/** The installation's organisations and the organisation's audit log. */
export const administrationApi: ApiFragment = {
  tag: "administration",
  description:
    "The installation's organisations (create, change, suspend, reactivate, delete) for its administrators, and the organisation's audit log.",
  schemas: {
    Tenant: obj(tenant),
    TenantDetails: obj({ ...tenant, administrators: S.arr(administrator) }),
    AuditEntry: obj({
      id: S.str,
      at: S.dt,
      user: person,
      support: { ...person, description: "the installation administrator who acted on the organisation's behalf" },
      entity_type: S.enum(AUDIT_ENTITIES),
      entity_id: S.strN,
      label: S.strN,
      action: S.enum(AUDIT_ACTIONS),
      before: S.any,
      after: S.any,
      changes: S.arr(obj({ field: S.str, before: S.any, after: S.any })),
    }),
  },
  paths: apiPaths("administration", {
    "GET /api/administration/organizations": {
      summary: "List the installation's organisations",
      description: admin,
      query: listParams(),
      ok: { schema: page(S.ref("Tenant")) },
    },
    "POST /api/administration/organizations": {
      summary: "Create an organisation with its first administrator",
      description: `${admin} With password_mode "email" the administrator gets a link to set a password.`,
      body: tenantCreateSchema,
      ok: { status: 201, schema: S.ref("TenantDetails") },
      errors: ["EMAIL_TAKEN"],
    },
    "GET /api/administration/organizations/:id": {
      summary: "One organisation with its administrators",
      description: admin,
      ok: { schema: S.ref("TenantDetails") },
    },
    "PUT /api/administration/organizations/:id": {
      summary: "Change an organisation's name, country or device quota",
      description: admin,
      body: tenantUpdateSchema,
      ok: { schema: S.ref("Tenant") },
    },
    "POST /api/administration/organizations/:id/suspend": {
      summary: "Suspend an organisation: its users cannot sign in, its devices are refused",
      description: admin,
      ok: { schema: S.ref("Tenant") },
      errors: ["OPERATOR_ORGANIZATION"],
    },
    "POST /api/administration/organizations/:id/reactivate": {
      summary: "Reactivate a suspended organisation",
      description: admin,
      ok: { schema: S.ref("Tenant") },
    },
    "DELETE /api/administration/organizations/:id": {
      summary: "Delete a suspended organisation and everything it has",
      description: `${admin} The body repeats the organisation's name.`,
      body: tenantDeleteSchema,
      errors: ["OPERATOR_ORGANIZATION", "ORGANIZATION_ACTIVE", "CONFIRMATION_MISMATCH"],
    },
    "GET /api/audit-log": {
      summary: "The audit log, newest first",
      description: "`more` is true when the total was capped.",
      permission: "audit:read",
      query: [...listParams().filter((p) => p.name === "page" || p.name === "size"), ...auditQuery],
      ok: { schema: page(S.ref("AuditEntry"), { more: S.bool, timezone: S.str }) },
      errors: ["PERIOD_INVALID"],
    },
    "GET /api/audit-log/users": {
      summary: "Everyone who appears in the log, for the user filter",
      permission: "audit:read",
      ok: { schema: S.arr(obj({ id: S.uuid, name: S.strN })) },
    },
    "GET /api/audit-log.csv": {
      summary: "The filtered log as CSV (UTF-8 with BOM), newest first, at most 20 000 rows",
      permission: "audit:read",
      query: auditQuery,
      ok: { schema: { type: "string" }, contentType: "text/csv" },
      errors: ["PERIOD_INVALID"],
    },
  }),
};
