import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../server/modules/tms/api-keys.service";
import { apiToken } from "../support/api-auth";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { MARK, seedOrgB, snapshotOrgB, type OrgB } from "./isolation-org-b";
import { TINY_PNG } from "../support/fixtures";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { dayFromToday } from "../support/days";

/**
 * Signs in as a user of organisation A and tries every page, form action and /api endpoint
 * with identifiers of organisation B's records: every attempt is refused and nothing leaks.
 * New routes with parameters must be added to the tables below, or this test fails.
 */

const PAGE_PARAMS: Record<string, (b: OrgB) => Record<string, string>> = {
  "/configuration/vehicles/details/:id": (b) => ({ id: b.vehicleId }),
  "/configuration/vehicles/details/:id/images/:imageId": (b) => ({ id: b.vehicleId, imageId: b.imageId }),
  "/configuration/vehicles/teams/update/:id": (b) => ({ id: b.teamId }),
  "/configuration/drivers/edit/:id": (b) => ({ id: b.driverId }),
  "/configuration/users/update/:id": (b) => ({ id: b.userId }),
  "/places/edit-poi/:id": (b) => ({ id: b.poiId }),
  "/places/edit-geofence/:id": (b) => ({ id: b.geofenceId }),
  "/alerts/policies/edit/:id": (b) => ({ id: b.policyId }),
  "/alerts/policies/policy/:id": (b) => ({ id: b.policyId }),
  "/car-sharing/bookings/:id": (b) => ({ id: b.bookingId }),
  "/car-sharing/bookings/:id/edit": (b) => ({ id: b.bookingId }),
  "/route-planning/scheduled-routes/assign-routes/edit/:id": (b) => ({ id: b.routeJobId }),
  "/route-planning/scheduled-routes/template-routes/edit/:id": (b) => ({ id: b.routeTemplateId }),
  "/tms/orders/:id": (b) => ({ id: b.tmsOrderId }),
  "/tms/orders/edit/:id": (b) => ({ id: b.tmsOrderId }),
  "/tms/optimize/edit/:id": (b) => ({ id: b.tmsPlanId }),
  "/tms/delivering/:id/:vehicleId": (b) => ({ id: b.tmsPlanId, vehicleId: b.vehicleId }),
  "/tms/delivering/:id/:vehicleId/pdf": (b) => ({ id: b.tmsPlanId, vehicleId: b.vehicleId }),
  // The installation's administration area: organisation A is not the operator, so B's organisation is out of reach.
  "/administration/organizations/:id": (b) => ({ id: b.orgId }),
  "/maintenance/reminders/edit/:id": (b) => ({ id: b.reminderId }),
  "/maintenance/services/:id": (b) => ({ id: b.serviceId }),
  "/maintenance/services/edit/:id": (b) => ({ id: b.serviceId }),
  "/maintenance/fuel/edit/:id": (b) => ({ id: b.fuelId }),
  "/maintenance/suppliers/edit/:id": (b) => ({ id: b.supplierId }),
  "/maintenance/parts/edit/:id": (b) => ({ id: b.partId }),
  "/maintenance/attachments/:id": (b) => ({ id: b.attachmentId }),
  "/video/details/:id": (b) => ({ id: b.mediaId }),
  "/video/media/:id": (b) => ({ id: b.mediaId }),
  // Reports: B's vehicle in the detailed report (its page, the report page, its download), B's archived report.
  "/analytics/reports/vehicle/details/:id": (b) => ({ id: b.vehicleId }),
  "/analytics/reports/:type": (b) => ({
    type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}`,
  }),
  "/analytics/reports/:type/export/:format": (b) => ({
    type: "vehicle_details",
    format: `pdf?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}`,
  }),
  "/analytics/archive/:id/files/:format": (b) => ({ id: b.archiveId, format: "pdf" }),
  // a tile is its user's own: B's tile is not found
  "/dashboard/metrics/edit/:id": (b) => ({ id: b.tileId }),
  "/analytics/notifications/edit/:id": (b) => ({ id: b.scheduleId }),
  "/configuration/forwarding/update/:id": (b) => ({ id: b.forwardingTargetId }),
  // the driver's phone: B's order's proof of delivery (photo and page), B's vehicle check photo
  "/tms/orders/:id/proof-of-delivery/photo": (b) => ({ id: b.tmsOrderId }),
  "/driver/orders/:id/delivery": (b) => ({ id: b.tmsOrderId }),
  "/driver/checks/:id/photos/:n": (b) => ({ id: b.vehicleCheckId, n: "0" }),
  "/maintenance/vehicle-checks/:id/photos/:n": (b) => ({ id: b.vehicleCheckId, n: "0" }),
  // the live panel's address of B's vehicle
  "/manage/vehicle/:id/address": (b) => ({ id: b.vehicleId }),
  "/configuration/webhooks/update/:id": (b) => ({ id: b.webhookId }),
  "/configuration/webhooks/deliveries/:id": (b) => ({ id: b.webhookId }),
};

const API_PARAMS: Record<string, (b: OrgB) => Record<string, string>> = {
  "/api/teams/:id": (b) => ({ id: b.teamId }),
  "/api/forwarding/:id": (b) => ({ id: b.forwardingTargetId }),
  "/api/tms/orders/:id/proof-of-delivery": (b) => ({ id: b.tmsOrderId }),
  "/api/vehicles/:id": (b) => ({ id: b.vehicleId }),
  "/api/vehicles/:id/images": (b) => ({ id: b.vehicleId }),
  "/api/vehicles/:id/images/:imageId": (b) => ({ id: b.vehicleId, imageId: b.imageId }),
  "/api/users/:id": (b) => ({ id: b.userId }),
  "/api/drivers/:id": (b) => ({ id: b.driverId }),
  "/api/fleet/vehicles/:id": (b) => ({ id: b.vehicleId }),
  // A subscription channel names its user: another user's channel is refused.
  "/api/subscribe/positions/:param": (b) => ({ param: `markers-${b.userId}-${Math.floor(Date.now() / 1000)}` }),
  "/api/places/pois/:id": (b) => ({ id: b.poiId }),
  "/api/car-sharing/bookings/:id": (b) => ({ id: b.bookingId }),
  "/api/car-sharing/bookings/:id/cancel": (b) => ({ id: b.bookingId }),
  "/api/places/geofences/:id": (b) => ({ id: b.geofenceId }),
  "/api/alerts/policies/:id": (b) => ({ id: b.policyId }),
  "/api/alerts/policies/:id/active": (b) => ({ id: b.policyId }),
  "/api/administration/organizations/:id": (b) => ({ id: b.orgId }),
  "/api/route-planning/my/jobs/:id/assign": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/my/jobs/:id/check-in": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/my/jobs/:id/check-out": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/jobs/:id": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/jobs/:id/assign": (b) => ({ id: b.routeJobId }),
  "/api/administration/organizations/:id/suspend": (b) => ({ id: b.orgId }),
  "/api/administration/organizations/:id/reactivate": (b) => ({ id: b.orgId }),
  "/api/tms/orders/:id": (b) => ({ id: b.tmsOrderId }),
  "/api/tms/orders/:id/finish": (b) => ({ id: b.tmsOrderId }),
  "/api/tms/optimizations/:id": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/run": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/move": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/complete": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/dispatch": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/delivering/:vehicleId": (b) => ({ id: b.tmsPlanId, vehicleId: b.vehicleId }),
  "/api/tms/depots/:id": (b) => ({ id: b.tmsDepotId }),
  "/api/tms/api-keys/:id": (b) => ({ id: b.tmsKeyId }),
  "/api/webhooks/:id": (b) => ({ id: b.webhookId }),
  "/api/webhooks/:id/secret": (b) => ({ id: b.webhookId }),
  "/api/webhooks/:id/deliveries": (b) => ({ id: b.webhookId }),
  "/api/webhooks/:id/deliveries/:deliveryId/redeliver": (b) => ({ id: b.webhookId, deliveryId: b.webhookDeliveryId }),
  "/api/webhooks/:id/test": (b) => ({ id: b.webhookId }),
  // called with organisation A's integration key
  "/api/integrations/orders/:orderId": (b) => ({ orderId: b.tmsOrderRef }),
  "/api/integrations/orders/:orderId/finish": (b) => ({ orderId: b.tmsOrderRef }),
  // B's vehicle by id in a report that needs one: not found; the export without it: refused
  "/api/analytics/reports/:type": (b) => ({
    type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}`,
  }),
  "/api/analytics/reports/:type/export": () => ({ type: "vehicle_details" }),
  "/api/maintenance/reminders/:id": (b) => ({ id: b.reminderId }),
  "/api/maintenance/reminders/:id/complete": (b) => ({ id: b.reminderId }),
  "/api/maintenance/services/:id": (b) => ({ id: b.serviceId }),
  "/api/maintenance/fuel/:id": (b) => ({ id: b.fuelId }),
  "/api/maintenance/attachments/:id": (b) => ({ id: b.attachmentId }),
  "/api/video/:id": (b) => ({ id: b.mediaId }),
  "/api/analytics/reports/:type/archive": (b) => ({
    type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}`,
  }),
  "/api/analytics/archive/:id/files/:format": (b) => ({ id: b.archiveId, format: "pdf" }),
  "/api/analytics/archive/:id/retry": (b) => ({ id: b.archiveId }),
  "/api/dashboard/tiles/:id": (b) => ({ id: b.tileId }),
  "/api/analytics/schedules/:id": (b) => ({ id: b.scheduleId }),
};

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, k: string) => params[k]);

function pagePaths(build: ServerBuild): string[] {
  const full = (id: string): string => {
    const r = build.routes[id];
    if (!r) return "";
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
  };
  return [...new Set(Object.keys(build.routes).map((id) => full(id) || "/"))].filter((p) => !p.includes("*"));
}

function apiRoutes(server: Server): Array<{ path: string; methods: string[] }> {
  const app = server.listeners("request")[0] as unknown as { router: { stack: Layer[] } };
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const out: Array<{ path: string; methods: string[] }> = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string") {
        out.push({ path: layer.route.path, methods: Object.keys(layer.route.methods).filter((m) => m !== "_all") });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(app.router.stack);
  return out.filter((r) => r.path.startsWith("/api/") || r.path.startsWith("/auth/"));
}

const existingPageParams = () => Object.entries(PAGE_PARAMS).filter(([p]) => pagePaths(build).includes(p));

let srv: TestServer;
let a: TestOrg;
let bOrg: TestOrg;
let b: OrgB;
let build: ServerBuild;
let tokenA: string;
let keyA: string;
const client = () => new FormClient(srv.url);

beforeAll(async () => {
  srv = await startTestServer();
  const buildDir = path.resolve(import.meta.dirname, "../..", process.env.FLOTA_BUILD_DIR ?? "build");
  build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  [a, bOrg] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx, { demo: true })]);
  b = await seedOrgB(srv.ctx, bOrg);
  keyA = (await createApiKey(srv.ctx, await principalFor(srv.ctx, a.adminId), { name: "A key" })).key;
  tokenA = await apiToken(srv, a.adminEmail, a.adminPassword, { webLogin: true });
});
afterAll(async () => srv?.close());

describe("organisation isolation", () => {
  it("covers every page route with parameters", () => {
    const dynamic = pagePaths(build).filter((p) => p.includes(":"));
    expect(dynamic.filter((p) => !(p in PAGE_PARAMS))).toEqual([]);
  });

  it("covers every /api route with parameters", () => {
    const dynamic = apiRoutes(srv.server)
      .map((r) => r.path)
      .filter((p) => p.includes(":"));
    expect(dynamic.length).toBeGreaterThan(0);
    expect([...new Set(dynamic)].filter((p) => !(p in API_PARAMS))).toEqual([]);
  });

  it("shows nothing of organisation B on any page, even when searching for it", async () => {
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    const statics = pagePaths(build).filter((p) => !p.includes(":") && !["/logout", "/preferences"].includes(p));
    expect(statics).toContain("/manage");
    for (const p of statics) {
      // Searching in lower case matches B's records case-insensitively, while the echoed query cannot look like a leak.
      for (const url of [p, `${p}?q=${MARK.toLowerCase()}`]) {
        const res = await c.get(url);
        expect(res.status, url).toBeLessThan(500);
        const html = await res.text();
        expect(html, url).not.toContain(MARK);
        expect(html, url).not.toContain("@b.test.flota");
      }
    }
  });

  it("refuses every page with B's identifiers and leaks nothing", async () => {
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    for (const [pattern, params] of existingPageParams()) {
      const url = fill(pattern, params(b));
      const res = await c.get(url);
      expect([403, 404], url).toContain(res.status);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.toString("latin1"), url).not.toContain(MARK);
      expect(body.includes(TINY_PNG), url).toBe(false);
    }
  });

  it("changes nothing of B's through any form action with B's identifiers", async () => {
    const before = await snapshotOrgB(srv.ctx.db, bOrg.orgId);
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    const csrf = c.cookies.get("flota_csrf")!;
    const forms: Array<Record<string, string>> = [
      { intent: "delete" },
      { intent: "cancel" },
      { intent: "delete-image", imageId: b.imageId },
      {
        intent: "update",
        registration: "STOLEN1",
        category: "Car",
        name: "stolen",
        first_name: "x",
        last_name: "y",
        role_id: a.roles.viewer,
      },
      {},
    ];
    for (const [pattern, params] of existingPageParams()) {
      for (const fields of forms) {
        const res = await c.post(fill(pattern, params(b)), fields, { csrf });
        expect(res.status, `${pattern} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshotOrgB(srv.ctx.db, bOrg.orgId)).toBe(before);
  }, 120_000); // about 300 real form posts, one after another

  it("refuses every /api call with B's identifiers and changes nothing", async () => {
    const before = await snapshotOrgB(srv.ctx.db, bOrg.orgId);
    const auth = { authorization: `Bearer ${tokenA}` };
    for (const route of apiRoutes(srv.server).filter((r) => r.path.includes(":"))) {
      const url = `${srv.url}${fill(route.path, API_PARAMS[route.path](b))}`;
      for (const method of route.methods) {
        const who = route.path.startsWith("/api/integrations/") ? { "x-api-key": keyA } : auth;
        const init: RequestInit = {
          method: method.toUpperCase(),
          headers: { ...who, "content-type": "application/json" },
        };
        if (!["get", "delete"].includes(method))
          init.body = JSON.stringify({
            registration: "STOLEN2",
            category: "Car",
            name: "stolen",
            first_name: "x",
            last_name: "y",
            role_id: a.roles.viewer,
          });
        const res = await fetch(url, init);
        expect([400, 403, 404], `${method} ${route.path}`).toContain(res.status);
        expect(await res.text(), `${method} ${route.path}`).not.toContain(MARK);
      }
    }
    expect(await snapshotOrgB(srv.ctx.db, bOrg.orgId)).toBe(before);
  });

  it("lists only A's records through /api and refuses references to B's records", async () => {
    const auth = { authorization: `Bearer ${tokenA}`, "content-type": "application/json" };
    for (const list of [
      "/api/teams",
      "/api/vehicles",
      "/api/users",
      "/api/drivers",
      "/api/organization",
      "/api/settings",
      "/api/profile",
      "/api/alerts/policies",
      "/api/audit-log",
      "/api/audit-log.csv",
      "/api/audit-log/users",
      "/api/maintenance/reminders",
      "/api/maintenance/services",
      "/api/maintenance/fuel",
      "/api/route-planning/jobs",
      "/api/route-planning/my/jobs",
    ]) {
      const res = await fetch(`${srv.url}${list}?q=${MARK}&size=200`, { headers: auth });
      expect(res.status, list).toBe(200);
      expect(await res.text(), list).not.toContain(MARK);
    }
    const before = await snapshotOrgB(srv.ctx.db, bOrg.orgId);
    expect(await (await fetch(`${srv.url}/api/maintenance/settings`, { headers: auth })).json()).toEqual({
      consumption_tolerance_pct: 30,
      odometer_tolerance_km: 50,
    });
    const settings = await fetch(`${srv.url}/api/maintenance/settings`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ consumption_tolerance_pct: 31, odometer_tolerance_km: 51 }),
    });
    expect(settings.status).toBe(200);
    expect(await snapshotOrgB(srv.ctx.db, bOrg.orgId)).toBe(before);
    const vehicle = await fetch(`${srv.url}/api/vehicles`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ registration: "XREF1", category: "Car", team_id: b.teamId }),
    });
    expect(vehicle.status).toBe(400);
    const user = await fetch(`${srv.url}/api/users`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ first_name: "X", last_name: "Ref", role_id: b.roleId }),
    });
    expect(user.status).toBe(400);
    const access = await fetch(`${srv.url}/api/users`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        first_name: "X",
        last_name: "Ref",
        role_id: a.roles.viewer,
        vehicle_access: "selected",
        vehicle_ids: [b.vehicleId],
      }),
    });
    expect(access.status).toBe(400);
    const created = await srv.ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", a.orgId)
      .where("last_name", "=", "Ref")
      .execute();
    expect(created).toEqual([]);
    const policyRefs = [
      { vehicle_ids: [b.vehicleId] },
      { team_ids: [b.teamId] },
      { recipient_ids: [b.userId] },
      { alert_type: "geofence_exit", geofence_ids: [b.geofenceId] },
    ];
    for (const ref of policyRefs) {
      const res = await fetch(`${srv.url}/api/alerts/policies`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          name: "XREF policy",
          alert_type: "ignition_on",
          all_vehicles: true,
          days: [1],
          notify_email: true,
          emails: ["x@a.test"],
          ...ref,
        }),
      });
      expect(res.status, JSON.stringify(ref)).toBe(400);
    }
    expect(
      await srv.ctx.db
        .selectFrom("alert_policies")
        .select("id")
        .where("org_id", "=", a.orgId)
        .where("name", "=", "XREF policy")
        .execute(),
    ).toEqual([]);
  });
  it("TMS: lists only A's orders, plans, depots and keys; A's integration key reads nothing of B's; a tracking link shows nothing else", async () => {
    const auth = { authorization: `Bearer ${tokenA}` };
    for (const list of [
      "/api/tms/orders",
      "/api/tms/optimizations",
      "/api/tms/depots",
      "/api/tms/api-keys",
      "/api/tms/settings",
    ]) {
      const res = await fetch(`${srv.url}${list}?q=${MARK}&size=200`, { headers: auth });
      expect(res.status, list).toBe(200);
      expect(await res.text(), list).not.toContain(MARK);
    }
    const viaKey = await fetch(`${srv.url}/api/integrations/orders?size=200`, { headers: { "x-api-key": keyA } });
    expect(viaKey.status).toBe(200);
    expect(await viaKey.text()).not.toContain(MARK);
    const noKey = await fetch(`${srv.url}/api/integrations/orders`, { headers: auth });
    expect(noKey.status).toBe(401);
    const plan = await fetch(`${srv.url}/api/tms/optimizations`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        name: "XREF plan",
        day: dayFromToday(1),
        depotId: b.tmsDepotId,
        orders: [b.tmsOrderId],
        trucks: [{ vehicleId: b.vehicleId, capacityWeight: 10, capacityPackets: 1 }],
      }),
    });
    expect(plan.status).toBe(400);
    const order = await srv.ctx.db
      .selectFrom("tms_orders")
      .select("tracking_token")
      .where("id", "=", b.tmsOrderId)
      .executeTakeFirstOrThrow();
    const html = await (await fetch(`${srv.url}/int/order-track?token=${order.tracking_token}`)).text();
    expect(html).toContain(`${MARK}-ORD`);
    expect(html).not.toContain(`${MARK} customer`);
    expect(html).not.toContain(`${MARK}1`);
  });
});
