import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken } from "../support/api-auth";
import type { TestOrg } from "../support/context";
import { createDriver, createOrganisation, createTeam, createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let token: string;
let teamId: string;
let driverId: string;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createOrganisation(srv.ctx);
  teamId = (await createTeam(srv.ctx, { org })).id;
  driverId = (await createDriver(srv.ctx, { org, team: teamId })).id;
  await createVehicle(srv.ctx, { org, team: teamId, driver: driverId, device: true });
  token = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
});
afterAll(async () => srv?.close());

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(srv.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

/** Every key of the answer, at any depth, with its value. */
function entries(value: unknown, out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(value)) for (const v of value) entries(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.push([k, v]);
      entries(v, out);
    }
  }
  return out;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectMapped(body: unknown, what: string) {
  const all = entries(body);
  expect(all.length, what).toBeGreaterThan(0);
  expect(
    all.filter(([k]) => k === "org_id" || k === "password_hash" || k === "min_lat"),
    what,
  ).toEqual([]);
  for (const [k, v] of all) {
    if (/(_at|At)$/.test(k) && v !== null) expect(v, `${what}: ${k}`).toMatch(ISO);
  }
}

describe("the API answers with mapped shapes, not database rows", () => {
  it("vehicles: list, details, create and update carry no org_id; numbers are numbers, dates ISO", async () => {
    const list = await call("GET", "/api/vehicles?size=5");
    expectMapped(list, "GET /api/vehicles");
    const id = list.items[0].id as string;
    expectMapped(await call("GET", `/api/vehicles/${id}`), "GET /api/vehicles/:id");
    const created = await call("POST", "/api/vehicles", {
      registration: `AP ${Date.now() % 100000} X`,
      category: "Van",
      fuel_consumption: "8,5",
    });
    expectMapped(created, "POST /api/vehicles");
    expect(created.fuel_consumption).toBe(8.5);
    const updated = await call("PUT", `/api/vehicles/${created.id}`, {
      registration: created.registration,
      category: "Truck",
    });
    expectMapped(updated, "PUT /api/vehicles/:id");
    expect(updated).toMatchObject({ id: created.id, category: "Truck", fuel_consumption: null });
    expect(updated.updated_at).toMatch(ISO);
  });

  it("teams, people, places, alert policies, alerts and immobilisation history", async () => {
    const teams = await call("GET", "/api/teams");
    expectMapped(teams, "GET /api/teams");
    expectMapped(await call("GET", `/api/teams/${teamId}`), "GET /api/teams/:id");
    const drivers = await call("GET", "/api/drivers");
    expectMapped(drivers, "GET /api/drivers");
    expectMapped(await call("GET", `/api/drivers/${driverId}`), "GET /api/drivers/:id");
    expectMapped(await call("GET", "/api/users"), "GET /api/users");
    expectMapped(await call("GET", "/api/profile"), "GET /api/profile");
    const poi = await call("POST", "/api/places/pois", {
      name: "Depot",
      category: "Depot",
      latitude: 41.33,
      longitude: 19.82,
    });
    expectMapped(poi, "POST /api/places/pois");
    expectMapped(await call("GET", "/api/places/pois"), "GET /api/places/pois");
    const policy = await call("POST", "/api/alerts/policies", {
      name: "Shape check",
      alert_type: "speeding",
      speed_limit_kmh: 90,
      all_vehicles: true,
      days: ["1", "2"],
      notify_in_app: true,
      recipient_ids: [org.adminId],
    });
    expectMapped(policy, "POST /api/alerts/policies");
    expectMapped(await call("GET", "/api/alerts/policies"), "GET /api/alerts/policies");
    const log = await call("GET", "/api/alerts");
    expect(log).toHaveProperty("timezone");
    expect(entries(log).some(([k]) => k === "org_id")).toBe(false);
    const history = await call("GET", "/api/immobilization/history");
    expect(entries(history).some(([k]) => k === "org_id")).toBe(false);
  });
});
