import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "../../server/modules/car-sharing/bookings.service";
import { createJobs } from "../../server/modules/route-planning/route-jobs.service";
import { PHONE_API_PREFIXES, isPhoneEndpoint } from "../../server/http/phone-endpoints";
import { addDays, todayIn } from "../../server/shared/dates";
import { apiLogin, apiToken } from "../support/api-auth";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser, createTmsDepot, createTmsOrder } from "../support/factories";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { poolVehicle, purpose } from "../car-sharing/helpers";

/**
 * The isolation tests' role cases (issue 22): inside one organisation, a fleet manager limited to some vehicles
 * reaches no single record of the other vehicles that their lists leave out, and a "web app only" user is refused
 * on every endpoint meant for the phone, whatever the client said at sign-in.
 */

let srv: TestServer;
let org: TestOrg;
let mine: { id: string; registration: string };
let other: { id: string; registration: string };
let bookingMine: string;
let bookingOther: string;
let manager: { email: string; password: string; id: string };
let managerToken: string;
const day = () => addDays(todayIn("Europe/Tirane"), 3);

const api = (path: string, token: string, method = "GET", body?: unknown) =>
  fetch(`${srv.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

function apiRoutes(server: Server): Array<{ path: string; methods: string[] }> {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const app = server.listeners("request")[0] as unknown as { router: { stack: Layer[] } };
  const out: Array<{ path: string; methods: string[] }> = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string")
        out.push({ path: layer.route.path, methods: Object.keys(layer.route.methods).filter((m) => m !== "_all") });
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(app.router.stack);
  return out;
}

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  [mine, other] = [await poolVehicle(srv.ctx, org), await poolVehicle(srv.ctx, org)];
  const purposeId = (await purpose(srv.ctx, org)).id;
  const admin = await principalFor(srv.ctx, org.adminId);
  const book = async (vehicleId: string, hour: string) =>
    (
      await createBooking(srv.ctx, admin, {
        user_id: org.adminId,
        vehicle_id: vehicleId,
        type: "shared",
        destination: "Durrës",
        purpose: purposeId,
        start: `${day()} ${hour}:00`,
        end: `${day()} ${hour}:30`,
      })
    ).id;
  bookingMine = await book(mine.id, "09");
  bookingOther = await book(other.id, "11");
  const m = await createUser(srv.ctx, { org, role: "fleet_manager" });
  await srv.ctx.db.updateTable("users").set({ vehicle_access: "selected" }).where("id", "=", m.id).execute();
  await srv.ctx.db
    .insertInto("user_vehicles")
    .values({ org_id: org.orgId, user_id: m.id, vehicle_id: mine.id })
    .execute();
  manager = { email: m.email!, password: m.password, id: m.id };
  managerToken = await apiToken(srv, manager.email, manager.password, { webLogin: true });
});
afterAll(async () => srv?.close());

describe("a fleet manager limited to some vehicles", () => {
  it("reads and cancels only bookings of their vehicles through /api/car-sharing, as the list shows", async () => {
    const list = await (await api("/api/car-sharing/bookings?size=100", managerToken)).json();
    expect(list.items.map((b: { id: string }) => b.id)).toEqual([bookingMine]);
    expect((await api(`/api/car-sharing/bookings/${bookingMine}`, managerToken)).status).toBe(200);
    const read = await api(`/api/car-sharing/bookings/${bookingOther}`, managerToken);
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain(other.registration);
    const cancel = await api(`/api/car-sharing/bookings/${bookingOther}/cancel`, managerToken, "POST");
    expect(cancel.status).toBe(404);
    const edit = await api(`/api/car-sharing/bookings/${bookingOther}`, managerToken, "PUT", { destination: "X" });
    expect(edit.status).toBe(404);
    const row = await srv.ctx.db
      .selectFrom("bookings")
      .select(["status", "destination"])
      .where("id", "=", bookingOther)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "approved", destination: "Durrës" });
  });

  it("gets no page of another vehicle's booking and cannot cancel it with a form", async () => {
    const c = new FormClient(srv.url);
    await c.login(manager.email, manager.password);
    expect((await c.get(`/car-sharing/bookings/${bookingMine}`)).status).toBe(200);
    expect((await c.get(`/car-sharing/bookings/${bookingOther}`)).status).toBe(404);
    const res = await c.post(`/car-sharing/bookings/${bookingOther}`, { intent: "cancel", confirm: "yes" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const row = await srv.ctx.db
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", bookingOther)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("approved");
  });

  it("sees no planned route of another vehicle in the scheduler and dispatch map data, and cannot accept it", async () => {
    const admin = await principalFor(srv.ctx, org.adminId);
    const job = (vehicleId: string, name: string) =>
      createJobs(srv.ctx, admin, {
        name,
        latitude: "41.33",
        longitude: "19.82",
        scheduled_date: day(),
        scheduled_arrival: "09:00",
        scheduled_departure: "10:00",
        vehicle_id: vehicleId,
      });
    const [jobMine] = await job(mine.id, "Own stop");
    const [jobOther] = await job(other.id, "Foreign stop");
    const route = (vehicleId: string, jobId: string) => ({
      vehicleId,
      jobIds: [jobId],
      arrivals: [32_400],
      distance: 1000,
      travelTime: 120,
      coordinates: [[19.81234, 41.31234]],
    });
    const proposal = (routes: unknown[]) =>
      JSON.stringify({
        routes,
        unassigned: [],
        distance: 1000,
        travelTime: 120,
        current: { distance: 2000, travelTime: 240 },
        status: "ok",
      });
    // a wider-scoped dispatcher's run: it routes the other vehicle too
    const wide = await srv.ctx.db
      .insertInto("route_optimizations")
      .values({
        org_id: org.orgId,
        day: day(),
        status: "draft",
        progress: JSON.stringify({ done: true }),
        proposal: proposal([route(mine.id, jobMine), route(other.id, jobOther)]),
        created_by: org.adminId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const c = new FormClient(srv.url);
    await c.login(manager.email, manager.password);
    for (const page of ["scheduler", "map"]) {
      const html = await (await c.get(`/route-planning/routing-dispatch/${page}?day=${day()}`)).text();
      expect(html, page).toContain("Own stop");
      expect(html, page).not.toContain("Foreign stop");
      expect(html, page).not.toContain(other.id);
      expect(html, page).not.toContain(jobOther);
      expect(html, page).not.toContain(wide.id);
    }
    const accept = await c.post(`/route-planning/routing-dispatch/map?day=${day()}`, {
      intent: "accept",
      optimization_id: wide.id,
    });
    expect(accept.status).toBe(404);
    const stored = await srv.ctx.db
      .selectFrom("route_optimizations")
      .select("status")
      .where("id", "=", wide.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("draft");
    // the administrator (every vehicle) still sees it
    const adminClient = new FormClient(srv.url);
    await adminClient.login(org.adminEmail, org.adminPassword);
    const adminHtml = await (await adminClient.get(`/route-planning/routing-dispatch/map?day=${day()}`)).text();
    expect(adminHtml).toContain(wide.id);
    // a run within the manager's vehicles is theirs to see
    const own = await srv.ctx.db
      .insertInto("route_optimizations")
      .values({
        org_id: org.orgId,
        day: day(),
        status: "draft",
        progress: JSON.stringify({ done: true }),
        proposal: proposal([route(mine.id, jobMine)]),
        created_by: manager.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await (await c.get(`/route-planning/routing-dispatch/map?day=${day()}`)).text()).toContain(own.id);
  });
});

describe("a fleet manager limited to some vehicles, in transport management", () => {
  it("sees and changes only the plans whose every truck is theirs", async () => {
    const admin = await principalFor(srv.ctx, org.adminId);
    const adminToken = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
    const depot = await createTmsDepot(srv.ctx, admin);
    const plan = async (name: string, vehicles: string[]) => {
      const order = await createTmsOrder(srv.ctx, admin, { delivery_date_at: "2026-12-09" });
      const res = await api("/api/tms/optimizations", adminToken, "POST", {
        name,
        day: "2026-12-09",
        depotId: depot.id,
        orders: [order.id],
        trucks: vehicles.map((vehicleId) => ({ vehicleId, capacityWeight: 100, capacityPackets: 10 })),
      });
      expect(res.status).toBe(201);
      return (await res.json()).id as string;
    };
    const own = await plan("Own trucks", [mine.id]);
    const mixed = await plan("Mixed trucks", [mine.id, other.id]);
    const list = await (await api("/api/tms/optimizations", managerToken)).json();
    const ids = (Array.isArray(list) ? list : list.items).map((x: { id: string }) => x.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(mixed);
    expect((await api(`/api/tms/optimizations/${own}`, managerToken)).status).toBe(200);
    for (const [method, path] of [
      ["GET", `/api/tms/optimizations/${mixed}`],
      ["POST", `/api/tms/optimizations/${mixed}/run`],
      ["DELETE", `/api/tms/optimizations/${mixed}`],
      ["GET", `/api/tms/optimizations/${mixed}/delivering/${mine.id}`],
    ]) {
      const res = await api(path, managerToken, method, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const c = new FormClient(srv.url);
    await c.login(manager.email, manager.password);
    expect((await c.get(`/tms/optimize/edit/${mixed}`)).status).toBe(404);
    expect(await (await c.get("/tms/optimize")).text()).not.toContain("Mixed trucks");
    expect((await api(`/api/tms/optimizations/${mixed}`, adminToken)).status).toBe(200);
  });
});

describe("a web-only account", () => {
  let token: string;
  let user: { email: string; password: string };
  beforeAll(async () => {
    const u = await createUser(srv.ctx, { org, role: "administrator" });
    await srv.ctx.db.updateTable("users").set({ web_only: true }).where("id", "=", u.id).execute();
    user = { email: u.email!, password: u.password };
    // the client claims a web sign-in: the token works for the web app's endpoints, never for the phone's
    token = await apiToken(srv, user.email, user.password, { webLogin: true });
  });

  it("cannot sign in as the phone (web_login false)", async () => {
    const res = await apiLogin(srv, user.email, user.password, { webLogin: false });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("WEB_ONLY_ACCOUNT");
  });

  it("is refused on every endpoint meant for the phone with WEB_ONLY_ACCOUNT", async () => {
    const phone = apiRoutes(srv.server).filter((r) => isPhoneEndpoint(r.path));
    for (const prefix of PHONE_API_PREFIXES)
      expect(
        phone.some((r) => r.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(phone.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/route-planning/my/jobs", "/api/car-sharing/bookings/:id/cancel"]),
    );
    for (const r of phone) {
      const path = r.path.replace(/:id/g, bookingMine);
      for (const method of r.methods) {
        const res = await api(path, token, method.toUpperCase(), method === "get" ? undefined : {});
        expect(res.status, `${method} ${path}`).toBe(403);
        expect((await res.json()).error, `${method} ${path}`).toBe("WEB_ONLY_ACCOUNT");
      }
    }
    // Express matches paths case-insensitively and the guard with it
    const shouted = await api("/API/Car-Sharing/bookings", token);
    expect(shouted.status).toBe(403);
    expect((await api("/API/Car-Sharing/bookings", managerToken)).status).toBe(200);
    // nothing was booked or cancelled
    const mineRow = await srv.ctx.db
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", bookingMine)
      .executeTakeFirstOrThrow();
    expect(mineRow.status).toBe("approved");
  });

  it("is refused with the session cookie too, and keeps the web app and its other endpoints", async () => {
    const c = new FormClient(srv.url);
    await c.login(user.email, user.password);
    const res = await c.get("/api/car-sharing/bookings");
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("WEB_ONLY_ACCOUNT");
    expect((await c.get("/api/route-planning/my/jobs")).status).toBe(403);
    expect((await c.get("/car-sharing/calendar")).status).toBe(200);
    expect((await api("/api/profile", token)).status).toBe(200);
    expect((await api("/api/route-planning/jobs", token)).status).toBe(200);
  });
});
