import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

/** The examples of docs/api.md, made against a running server (answers also checked against the document). */
let srv: TestServer;
let org: TestOrg;
let token: string;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
});
afterAll(async () => srv?.close());

describe("docs/api.md examples", () => {
  it("signs in with the form fields and gets a bearer token", async () => {
    const res = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      body: new URLSearchParams({
        email: org.adminEmail,
        password: org.adminPassword,
        grant_type: "password",
        web_login: "true",
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 43200, user: { email: org.adminEmail } });
    expect(body.aye_token).toEqual(expect.any(String));
    token = body.access_token;
  });

  it("reads the fleet state, one team of it and one vehicle", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const all = await (await fetch(`${srv.url}/api/fleet/state`, { headers: auth })).json();
    expect(all.counters.total).toBe(all.vehicles.length);
    expect(all.vehicles[0]).toMatchObject({ registration: expect.any(String), faults: expect.any(Array) });
    const teamId = all.vehicles[0].teamId;
    const team = await (await fetch(`${srv.url}/api/fleet/state?team=${teamId}`, { headers: auth })).json();
    expect(team.vehicles.every((v: { teamId: string }) => v.teamId === teamId)).toBe(true);
    const one = await fetch(`${srv.url}/api/fleet/vehicles/${all.vehicles[0].vehicleId}`, { headers: auth });
    expect(one.status).toBe(200);
  });

  it("pulls a trips report, as JSON and as CSV", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const res = await fetch(`${srv.url}/api/analytics/reports/trips?from=2026-02-01&to=2026-02-28`, { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ type: "trips", from: "2026-02-01", to: "2026-02-28", timeZone: "Europe/Tirane" });
    expect(body.columns[0]).toMatchObject({ key: "vehicle", kind: "text" });
    const csv = await fetch(`${srv.url}/api/analytics/reports/trips/export?format=csv&from=2026-02-01&to=2026-02-28`, {
      headers: auth,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  });

  it("creates an order through an integration key and reads its status", async () => {
    const created = await fetch(`${srv.url}/api/tms/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "docs example" }),
    });
    expect(created.status).toBe(201);
    const { key } = await created.json();
    const order = {
      orderId: "SO-1001",
      customerCode: "C-17",
      customerName: "Market Blu",
      latitude: 41.3275,
      longitude: 19.8187,
      // the tracking link lives until after the delivery day: a day ahead, as a real order is
      deliveryDateAt: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      packets: 3,
      weight: 12.5,
    };
    const push = (headers: Record<string, string>) =>
      fetch(`${srv.url}/api/integrations/orders`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(order),
      });
    const res = await push({ "x-api-key": key });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.orders[0]).toMatchObject({ orderId: "SO-1001", status: "PENDING" });
    expect((await push({ authorization: `ApiKey ${key}` })).status).toBe(409);
    const status = await fetch(`${srv.url}/api/integrations/orders/SO-1001`, { headers: { "x-api-key": key } });
    const read = await status.json();
    expect(read.status).toBe("PENDING");
    expect(read.trackingUrl).toMatch(/^\/int\/order-track\?token=/);
  });
});
