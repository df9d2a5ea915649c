import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { principalFor } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createLogFixture, type LogFixture } from "./log-fixtures";

let srv: TestServer;
let f: LogFixture;
const tokens: Record<"admin" | "viewer" | "driver" | "other", string> = {
  admin: "",
  viewer: "",
  driver: "",
  other: "",
};

async function api(who: keyof typeof tokens, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(srv.url + path, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}
const ids = (body: { items: { id: string }[] }) => body.items.map((a) => a.id);

beforeAll(async () => {
  srv = await startTestServer();
  f = await createLogFixture(srv.ctx);
  const driver = await srv.ctx.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", f.driverEmail)
    .executeTakeFirstOrThrow();
  tokens.admin = (await principalFor(srv.ctx, f.adminId)).token;
  tokens.viewer = (await principalFor(srv.ctx, f.viewerId)).token;
  tokens.driver = (await principalFor(srv.ctx, driver.id)).token;
  tokens.other = (await principalFor(srv.ctx, f.other.adminId)).token;
});
afterAll(async () => srv?.close());

describe("/api/alerts", () => {
  it("needs a session", async () => {
    for (const path of ["/api/alerts", "/api/alerts/overview", "/api/alerts/unread"])
      expect((await fetch(srv.url + path)).status, path).toBe(401);
  });

  it("lists with the same filters as the page, newest first, with the organisation's time zone", async () => {
    const { status, body } = await api("admin", "/api/alerts?from=2025-01-10&to=2025-01-10");
    expect(status).toBe(200);
    expect(ids(body)).toEqual([f.ids.jan10late, f.ids.alarm, f.ids.jan10early]);
    expect(body).toMatchObject({ total: 3, page: 1, pages: 1, timezone: "Europe/Tirane" });
    const first = body.items.find((a: { id: string }) => a.id === f.ids.jan10early);
    expect(first).toMatchObject({
      alert_type: "speeding",
      vehicle_id: f.v.a1.id,
      registration: f.v.a1.registration,
      policy_id: f.policies.speeding,
      policy_name: "Speed 90",
      details: { speed: 97.4, limit: 90 },
      read: false,
      occurred_at: "2025-01-09T23:30:00.000Z",
    });
    expect(body.items.find((a: { id: string }) => a.id === f.ids.alarm).read).toBeNull();
    expect(ids((await api("admin", "/api/alerts?type=ignition_on")).body)).toEqual([f.ids.jan11, f.ids.jan10late]);
    expect(ids((await api("admin", `/api/alerts?vehicle=${f.v.a1.id}`)).body)).toEqual([
      f.ids.jan10early,
      f.ids.jan09late,
    ]);
    expect(
      ids((await api("admin", `/api/alerts?policy=${f.policies.ignition}&from=2025-01-11&to=2025-01-11`)).body),
    ).toEqual([f.ids.jan11]);
    expect(ids((await api("admin", "/api/alerts?unread=true&from=2025-01-01&to=2025-01-31")).body)).toEqual([
      f.ids.jan11,
      f.ids.jan10late,
      f.ids.jan10early,
    ]);
  });

  it("pages on the server", async () => {
    const p2 = (await api("admin", "/api/alerts?from=2025-02-01&to=2025-02-28&size=10&page=2")).body;
    expect(p2).toMatchObject({ total: 25, page: 2, size: 10, pages: 3 });
    expect(ids(p2)).toEqual(f.february.slice(10, 20));
  });

  it("keeps organisations and teams apart", async () => {
    const mine = (await api("admin", "/api/alerts?size=200")).body;
    expect(mine.total).toBe(30);
    expect(ids(mine)).not.toContain(f.other.alertId);
    expect(ids((await api("other", "/api/alerts")).body)).toEqual([f.other.alertId]);
    expect(ids((await api("viewer", "/api/alerts?from=2025-01-01&to=2025-01-31")).body)).toEqual([
      f.ids.jan10late,
      f.ids.jan10early,
      f.ids.jan09late,
    ]);
    expect((await api("viewer", "/api/alerts/overview?from=2025-01-01&to=2025-01-31")).body.total).toBe(3);
  });

  it("overview counts by type, vehicle and local day", async () => {
    const { status, body } = await api("admin", "/api/alerts/overview?from=2025-01-01&to=2025-01-31");
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: "2025-01-01", to: "2025-01-31", timezone: "Europe/Tirane", total: 5 });
    expect(body.byType).toEqual(
      expect.arrayContaining([
        { alert_type: "speeding", count: 2 },
        { alert_type: "ignition_on", count: 2 },
        { alert_type: "device_alarm", count: 1 },
      ]),
    );
    expect(body.byVehicle.find((r: { vehicle_id: string }) => r.vehicle_id === f.v.b.id)).toMatchObject({
      registration: f.v.b.registration,
      count: 2,
    });
    expect(body.byDay).toContainEqual({ day: "2025-01-11", alert_type: "ignition_on", count: 1 });
    const narrowed = (await api("admin", `/api/alerts/overview?from=2025-01-01&to=2025-01-31&vehicle=${f.v.a1.id}`))
      .body;
    expect(narrowed.total).toBe(2);
  });

  it("a reversed or over-long period is a 400 PERIOD_INVALID", async () => {
    for (const path of [
      "/api/alerts?from=2025-01-10&to=2025-01-01",
      "/api/alerts/overview?from=2023-01-01&to=2025-01-01",
    ]) {
      const { status, body } = await api("admin", path);
      expect(status, path).toBe(400);
      expect(body.error).toBe("PERIOD_INVALID");
    }
  });

  it("unread count and marking read", async () => {
    expect((await api("admin", "/api/alerts/unread")).body).toEqual({ count: 28 });
    expect((await api("viewer", "/api/alerts/unread")).body).toEqual({ count: 1 });
    expect((await api("admin", "/api/alerts/read", { method: "POST", body: {} })).status).toBe(400);
    expect((await api("admin", "/api/alerts/read", { method: "POST", body: { ids: ["nope"] } })).status).toBe(400);
    // another organisation's alert id changes nothing
    expect((await api("admin", "/api/alerts/read", { method: "POST", body: { ids: [f.other.alertId] } })).body).toEqual(
      { marked: 0 },
    );
    expect(
      (await api("admin", "/api/alerts/read", { method: "POST", body: { ids: [f.ids.jan10early, f.ids.jan11] } })).body,
    ).toEqual({ marked: 2 });
    expect((await api("admin", "/api/alerts/unread")).body).toEqual({ count: 26 });
    expect((await api("viewer", "/api/alerts/unread")).body).toEqual({ count: 1 });
    expect((await api("other", "/api/alerts/unread")).body).toEqual({ count: 1 });
    expect((await api("admin", "/api/alerts/read", { method: "POST", body: { all: true } })).body).toEqual({
      marked: 26,
    });
    expect((await api("admin", "/api/alerts/unread")).body).toEqual({ count: 0 });
  });

  it("a cookie session needs the CSRF header to mark read", async () => {
    const web = new FormClient(srv.url);
    await web.login(f.viewerEmail, f.viewerPassword);
    const post = (headers: Record<string, string>) =>
      fetch(`${srv.url}/api/alerts/read`, {
        method: "POST",
        body: JSON.stringify({ all: true }),
        headers: {
          "content-type": "application/json",
          cookie: [...web.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          ...headers,
        },
      });
    expect((await post({})).status).toBe(403);
    const ok = await post({ "x-csrf-token": web.cookies.get("flota_csrf")! });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ marked: 1 });
  });

  it("without alerts:read: 403 on the log, a zero count", async () => {
    expect((await api("driver", "/api/alerts")).status).toBe(403);
    expect((await api("driver", "/api/alerts/overview")).status).toBe(403);
    expect((await api("driver", "/api/alerts/unread")).body).toEqual({ count: 0 });
    expect((await api("driver", "/api/alerts/read", { method: "POST", body: { all: true } })).status).toBe(403);
  });
});
