import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addVehicleImages, createVehicle } from "../../server/modules/vehicles/vehicles.service";
import { createPerson } from "../../server/modules/users/users.service";
import { createTeam } from "../../server/modules/teams/teams.service";
import { createGeofence, createPoi } from "../../server/modules/places/places.service";
import { createPolicy } from "../../server/modules/alerts/alerts.service";
import { addTile } from "../../server/modules/analytics/dashboard/dashboard.service";
import { createSchedule } from "../../server/modules/analytics/schedules/schedules.service";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { FormClient, startTestServer, type TestServer } from "../support/server";

/**
 * Signs in as a user of organisation A and tries every page, form action and /api endpoint
 * with identifiers of organisation B's records: every attempt is refused and nothing leaks.
 * New routes with parameters must be added to the tables below, or this test fails.
 */
const MARK = "LEAKB";

interface OrgB {
  vehicleId: string;
  imageId: string;
  teamId: string;
  driverId: string;
  userId: string;
  roleId: string;
  poiId: string;
  geofenceId: string;
  policyId: string;
  orgId: string;
  tileId: string;
  scheduleId: string;
}

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
  // The installation's administration area: organisation A is not the operator, so B's organisation is out of reach.
  "/administration/organizations/:id": (b) => ({ id: b.orgId }),
  // a tile is its user's own: B's tile is not found
  "/dashboard/metrics/edit/:id": (b) => ({ id: b.tileId }),
  "/analytics/notifications/edit/:id": (b) => ({ id: b.scheduleId }),
};

const API_PARAMS: Record<string, (b: OrgB) => Record<string, string>> = {
  "/api/teams/:id": (b) => ({ id: b.teamId }),
  "/api/vehicles/:id": (b) => ({ id: b.vehicleId }),
  "/api/vehicles/:id/images": (b) => ({ id: b.vehicleId }),
  "/api/vehicles/:id/images/:imageId": (b) => ({ id: b.vehicleId, imageId: b.imageId }),
  "/api/users/:id": (b) => ({ id: b.userId }),
  "/api/drivers/:id": (b) => ({ id: b.driverId }),
  "/api/fleet/vehicles/:id": (b) => ({ id: b.vehicleId }),
  // A subscription channel names its user: another user's channel is refused.
  "/api/subscribe/positions/:param": (b) => ({ param: `markers-${b.userId}-${Math.floor(Date.now() / 1000)}` }),
  "/api/places/pois/:id": (b) => ({ id: b.poiId }),
  "/api/places/geofences/:id": (b) => ({ id: b.geofenceId }),
  "/api/alerts/policies/:id": (b) => ({ id: b.policyId }),
  "/api/alerts/policies/:id/active": (b) => ({ id: b.policyId }),
  "/api/administration/organizations/:id": (b) => ({ id: b.orgId }),
  "/api/administration/organizations/:id/suspend": (b) => ({ id: b.orgId }),
  "/api/administration/organizations/:id/reactivate": (b) => ({ id: b.orgId }),
  // B's vehicle by id in a report that needs one: not found; the export without it: refused
  "/api/analytics/reports/:type": (b) => ({ type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}` }),
  "/api/analytics/reports/:type/export": () => ({ type: "vehicle_details" }),
  "/api/dashboard/tiles/:id": (b) => ({ id: b.tileId }),
  "/api/analytics/schedules/:id": (b) => ({ id: b.scheduleId }),
};

const fill = (pattern: string, params: Record<string, string>) => pattern.replace(/:(\w+)/g, (_, k: string) => params[k]);

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
const client = () => new FormClient(srv.url);

async function snapshotB() {
  const db = srv.ctx.db;
  const [vehicles, images, teams, users, policies, org] = await Promise.all([
    db.selectFrom("vehicles").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("vehicle_images").select(["id", "vehicle_id", "byte_size"]).where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("teams").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("users").select(["id", "email", "first_name", "last_name", "role_id", "team_id", "password_hash", "active"]).where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("alert_policies").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("organizations").selectAll().where("id", "=", bOrg.orgId).execute(),
  ]);
  const tiles = await db.selectFrom("dashboard_tiles").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute();
  const schedules = await db.selectFrom("report_schedules").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute();
  return JSON.stringify({ vehicles, images, teams, users, policies, org, tiles, schedules });
}

beforeAll(async () => {
  srv = await startTestServer();
  const buildDir = path.resolve(import.meta.dirname, "../..", process.env.FLOTA_BUILD_DIR ?? "build");
  build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  [a, bOrg] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx, { demo: true })]);
  const pb = await principalFor(srv.ctx, bOrg.adminId);
  const team = await createTeam(srv.ctx, pb, { name: `${MARK} team`, description: `${MARK} secret` });
  const vehicle = await createVehicle(srv.ctx, pb, {
    registration: `${MARK}1`, category: "Van", electric: false, team_id: team.id, identifier_name: `${MARK} van`, chassis_number: `${MARK}CHASSIS`,
  } as never);
  await addVehicleImages(srv.ctx, pb, vehicle.id, [{ contentType: "image/png", data: TINY_PNG }]);
  const image = await srv.ctx.db.selectFrom("vehicle_images").select("id").where("vehicle_id", "=", vehicle.id).executeTakeFirstOrThrow();
  const driver = await createPerson(srv.ctx, pb, "drivers", {
    first_name: `${MARK}first`, last_name: `${MARK}last`, role_id: bOrg.roles.driver, is_driver: true, web_only: false,
    vehicle_access: "all", vehicle_ids: [], default_language: "al", active: true, phone: "+355690000001",
  } as never);
  const user = await createPerson(srv.ctx, pb, "users", {
    first_name: `${MARK}user`, last_name: `${MARK}person`, email: `${MARK}@b.test.flota`, password: "b-password-1",
    role_id: bOrg.roles.dispatcher, team_id: team.id, is_driver: false, web_only: false, vehicle_access: "all", vehicle_ids: [], default_language: "en", active: true,
  } as never);
  const poi = await createPoi(srv.ctx, pb, { name: `${MARK} depot`, category: `${MARK} cat`, city: `${MARK} city`, latitude: 41.33, longitude: 19.82, icon: "pin", icon_color: "#2563eb" });
  const geofence = await createGeofence(srv.ctx, pb, { name: `${MARK} zone`, category: `${MARK} cat`, shape: "circle", latitude: 41.32, longitude: 19.81, radius_m: 500 });
  const policy = await createPolicy(srv.ctx, pb, policyInputSchema.parse({
    name: `${MARK} policy`, alert_type: "geofence_enter", vehicle_ids: [vehicle.id], geofence_ids: [geofence.id], days: [1, 2, 3],
    notify_in_app: true, notify_email: true, recipient_ids: [user.id], emails: [`${MARK.toLowerCase()}@b.test.flota`],
  }) as never);
  const tile = await addTile(srv.ctx, pb, { metric: "distance", chart_type: "table", time_window: "this_week", vehicle_ids: [vehicle.id] });
  const schedule = await createSchedule(srv.ctx, pb, {
    name: `${MARK} schedule`, report_type: "trips", hour: 7, time_range: "previous_week", interval: "weekly", weekday: 1,
    vehicle_ids: [vehicle.id], user_ids: [user.id], emails: [`${MARK.toLowerCase()}-report@b.test.flota`],
  });
  b = {
    tileId: tile.id,
    scheduleId: schedule.id,
    vehicleId: vehicle.id, imageId: image.id, teamId: team.id, driverId: driver.id, userId: user.id, roleId: bOrg.roles.administrator,
    poiId: poi.id, geofenceId: geofence.id, policyId: policy.id, orgId: bOrg.orgId,
  };
  const login = await (await fetch(`${srv.url}/api/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ email: a.adminEmail, password: a.adminPassword, grant_type: "password", web_login: "true" }),
  })).json();
  tokenA = login.access_token;
});
afterAll(async () => srv?.close());

describe("organisation isolation", () => {
  it("covers every page route with parameters", () => {
    const dynamic = pagePaths(build).filter((p) => p.includes(":"));
    expect(dynamic.filter((p) => !(p in PAGE_PARAMS))).toEqual([]);
  });

  it("covers every /api route with parameters", () => {
    const dynamic = apiRoutes(srv.server).map((r) => r.path).filter((p) => p.includes(":"));
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
    const before = await snapshotB();
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    const csrf = c.cookies.get("flota_csrf")!;
    const forms: Array<Record<string, string>> = [
      { intent: "delete" },
      { intent: "delete-image", imageId: b.imageId },
      { intent: "update", registration: "STOLEN1", category: "Car", name: "stolen", first_name: "x", last_name: "y", role_id: a.roles.viewer },
      {},
    ];
    for (const [pattern, params] of existingPageParams()) {
      for (const fields of forms) {
        const res = await c.post(fill(pattern, params(b)), fields, { csrf });
        expect(res.status, `${pattern} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshotB()).toBe(before);
  });

  it("refuses every /api call with B's identifiers and changes nothing", async () => {
    const before = await snapshotB();
    const auth = { authorization: `Bearer ${tokenA}` };
    for (const route of apiRoutes(srv.server).filter((r) => r.path.includes(":"))) {
      const url = `${srv.url}${fill(route.path, API_PARAMS[route.path](b))}`;
      for (const method of route.methods) {
        const init: RequestInit = { method: method.toUpperCase(), headers: { ...auth, "content-type": "application/json" } };
        if (!["get", "delete"].includes(method)) init.body = JSON.stringify({ registration: "STOLEN2", category: "Car", name: "stolen", first_name: "x", last_name: "y", role_id: a.roles.viewer });
        const res = await fetch(url, init);
        expect([400, 403, 404], `${method} ${route.path}`).toContain(res.status);
        expect(await res.text(), `${method} ${route.path}`).not.toContain(MARK);
      }
    }
    expect(await snapshotB()).toBe(before);
  });

  it("lists only A's records through /api and refuses references to B's records", async () => {
    const auth = { authorization: `Bearer ${tokenA}`, "content-type": "application/json" };
    for (const list of ["/api/teams", "/api/vehicles", "/api/users", "/api/drivers", "/api/organization", "/api/settings", "/api/profile", "/api/alerts/policies", "/api/audit-log", "/api/audit-log.csv", "/api/audit-log/users"]) {
      const res = await fetch(`${srv.url}${list}?q=${MARK}&size=200`, { headers: auth });
      expect(res.status, list).toBe(200);
      expect(await res.text(), list).not.toContain(MARK);
    }
    const vehicle = await fetch(`${srv.url}/api/vehicles`, { method: "POST", headers: auth, body: JSON.stringify({ registration: "XREF1", category: "Car", team_id: b.teamId }) });
    expect(vehicle.status).toBe(400);
    const user = await fetch(`${srv.url}/api/users`, { method: "POST", headers: auth, body: JSON.stringify({ first_name: "X", last_name: "Ref", role_id: b.roleId }) });
    expect(user.status).toBe(400);
    const access = await fetch(`${srv.url}/api/users`, {
      method: "POST", headers: auth,
      body: JSON.stringify({ first_name: "X", last_name: "Ref", role_id: a.roles.viewer, vehicle_access: "selected", vehicle_ids: [b.vehicleId] }),
    });
    expect(access.status).toBe(400);
    const created = await srv.ctx.db.selectFrom("users").select("id").where("org_id", "=", a.orgId).where("last_name", "=", "Ref").execute();
    expect(created).toEqual([]);
    const policyRefs = [{ vehicle_ids: [b.vehicleId] }, { team_ids: [b.teamId] }, { recipient_ids: [b.userId] }, { alert_type: "geofence_exit", geofence_ids: [b.geofenceId] }];
    for (const ref of policyRefs) {
      const res = await fetch(`${srv.url}/api/alerts/policies`, {
        method: "POST", headers: auth,
        body: JSON.stringify({ name: "XREF policy", alert_type: "ignition_on", all_vehicles: true, days: [1], notify_email: true, emails: ["x@a.test"], ...ref }),
      });
      expect(res.status, JSON.stringify(ref)).toBe(400);
    }
    expect(await srv.ctx.db.selectFrom("alert_policies").select("id").where("org_id", "=", a.orgId).where("name", "=", "XREF policy").execute()).toEqual([]);
  });
});
