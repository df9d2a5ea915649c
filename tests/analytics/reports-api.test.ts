import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { buildExists, startTestServer, type TestServer } from "../support/server";
import { encodeNear, formatAddress } from "../../server/shared/address-text";
import { gazetteer } from "../../server/modules/addresses/addresses.service";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let token = "";
let otherToken = "";
let driverToken = "";
let vehicle: { id: string; registration: string };

const get = (t: string, path: string) => fetch(srv.url + path, { headers: { authorization: `Bearer ${t}` } });

beforeAll(async () => {
  if (!buildExists()) return;
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
  other = await createTestOrg(srv.ctx, { demo: true });
  token = (await principalFor(srv.ctx, org.adminId)).token;
  otherToken = (await principalFor(srv.ctx, other.adminId)).token;
  const driver = await srv.ctx.db
    .selectFrom("users")
    .select("id")
    .where("org_id", "=", org.orgId)
    .where("is_driver", "=", true)
    .executeTakeFirstOrThrow();
  driverToken = (await principalFor(srv.ctx, driver.id)).token;
  vehicle = await srv.ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration"])
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh)
    VALUES (${org.orgId}, ${vehicle.id}, 'trip', '2026-11-17T07:00:00Z', '2026-11-17T08:00:00Z', 41.3, 19.8, 41.4, 19.9, 25000, 70)`.execute(
    srv.ctx.db,
  );
});
afterAll(async () => srv?.close());

describe.skipIf(!buildExists())("/api/analytics", () => {
  it("needs a session and the analytics permission", async () => {
    expect((await fetch(srv.url + "/api/analytics/reports")).status).toBe(401);
    expect((await get(driverToken, "/api/analytics/reports")).status).toBe(403);
    expect((await get(driverToken, "/api/analytics/reports/trips?from=2026-11-17&to=2026-11-17")).status).toBe(403);
  });

  it("lists the report types and runs one, with the same rules as the page", async () => {
    const list = await (await get(token, "/api/analytics/reports")).json();
    expect(list.map((r: { type: string }) => r.type)).toContain("trips");
    const res = await get(token, "/api/analytics/reports/trips?from=2026-11-17&to=2026-11-17");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      type: "trips",
      from: "2026-11-17",
      to: "2026-11-17",
      timeZone: "Europe/Tirane",
      truncated: false,
    });
    expect(body.rows).toEqual([
      expect.objectContaining({
        vehicle: expect.stringContaining(vehicle.registration),
        distance: 25000,
        start: "2026-11-17T07:00:00.000Z",
        // addresses as text in the user's language (English here), named offline
        start_place: formatAddress(encodeNear(gazetteer().nearest(41.3, 19.8)!), "en"),
        end_place: formatAddress(encodeNear(gazetteer().nearest(41.4, 19.9)!), "en"),
      }),
    ]);
    const bad = await get(token, "/api/analytics/reports/vehicle_details?from=2026-11-17&to=2026-11-17");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "VEHICLE_REQUIRED" });
  });

  it("another organisation sees none of it", async () => {
    const body = await (
      await get(otherToken, `/api/analytics/reports/trips?from=2026-11-17&to=2026-11-17&vehicle_ids=${vehicle.id}`)
    ).json();
    expect(body.rows).toEqual([]);
  });

  it("downloads CSV, Excel and PDF", async () => {
    const csv = await get(token, "/api/analytics/reports/trips/export?format=csv&lng=en&from=2026-11-17&to=2026-11-17");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="trips-2026-11-17-2026-11-17.csv"');
    expect(await csv.text()).toContain("25.0");
    const xlsx = await get(token, "/api/analytics/reports/trips/export?format=xlsx&from=2026-11-17&to=2026-11-17");
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const pdf = await get(token, "/api/analytics/reports/trips/export?format=pdf&from=2026-11-17&to=2026-11-17");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const refused = await get(token, "/api/analytics/reports/trips/export?format=pdf&from=2026-11-18&to=2026-11-17");
    expect(refused.status).toBe(400);
  });
});
