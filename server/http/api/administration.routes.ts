import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import { exportAuditCsv, auditAuthors, listAuditLog } from "../../modules/audit-log";
import { auditFilterSchema } from "../../modules/audit";
import {
  tenantCreateSchema,
  tenantDeleteSchema,
  tenantUpdateSchema,
  tenantsPolicy,
  createTenant,
  deleteTenant,
  getTenant,
  listTenants,
  setTenantStatus,
  updateTenant,
} from "../../modules/tenants";
import { authed, listQuery, param, parseBody } from "./api-kit";

/** Where a set-password link points: PUBLIC_URL when configured, else the origin the request came to. */
const baseUrl = (ctx: AppContext, req: Request) =>
  (ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.get("host")}`).replace(/\/+$/, "");

/** The installation's organisations (installation:admin) and the organisation's audit log (audit:read). */
export function administrationRoutes(ctx: AppContext) {
  const r = Router();
  const orgs = "/api/administration/organizations";
  // Refused before the body is read: outside the operator's administrators every call is a 403, whatever it sends.
  const admin = (fn: Parameters<typeof authed>[1]) =>
    authed(ctx, (req, res, p) => {
      tenantsPolicy.admin(p);
      return fn(req, res, p);
    });

  r.get(
    orgs,
    admin((req, _s, p) => listTenants(ctx, p, listQuery(req))),
  );
  r.post(
    orgs,
    admin(async (req, res, p) => {
      res
        .status(201)
        .json(await createTenant(ctx, p, parseBody(tenantCreateSchema, req.body), { baseUrl: baseUrl(ctx, req) }));
    }),
  );
  r.get(
    `${orgs}/:id`,
    admin((req, _s, p) => getTenant(ctx, p, param(req, "id"))),
  );
  r.put(
    `${orgs}/:id`,
    admin((req, _s, p) => updateTenant(ctx, p, param(req, "id"), parseBody(tenantUpdateSchema, req.body))),
  );
  r.post(
    `${orgs}/:id/suspend`,
    admin((req, _s, p) => setTenantStatus(ctx, p, param(req, "id"), "suspended")),
  );
  r.post(
    `${orgs}/:id/reactivate`,
    admin((req, _s, p) => setTenantStatus(ctx, p, param(req, "id"), "active")),
  );
  r.delete(
    `${orgs}/:id`,
    admin((req, _s, p) => deleteTenant(ctx, p, param(req, "id"), parseBody(tenantDeleteSchema, req.body).confirmation)),
  );

  r.get(
    "/api/audit-log",
    authed(ctx, (req, _s, p) => {
      const q = listQuery(req);
      return listAuditLog(ctx, p, auditFilterSchema.parse(req.query), { page: q.page, size: q.size });
    }),
  );
  r.get(
    "/api/audit-log/users",
    authed(ctx, (_q, _s, p) => auditAuthors(ctx, p)),
  );
  r.get(
    "/api/audit-log.csv",
    authed(ctx, async (req, res, p) => {
      const csv = await exportAuditCsv(ctx, p, auditFilterSchema.parse(req.query));
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", 'attachment; filename="audit-log.csv"');
      res.setHeader("Cache-Control", "private, no-store");
      res.send(csv);
    }),
  );
  return r;
}
