import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { createPolicy, updatePolicy } from "../../server/modules/alerts/alerts.service";
import { requestImmobilization } from "../../server/modules/immobilization/immobilization.service";
import { createPoi, updatePoi } from "../../server/modules/places/places.service";
import { vehicleInputSchema } from "../../server/modules/vehicles/vehicles.schema";
import { createVehicle, updateVehicle } from "../../server/modules/vehicles/vehicles.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { outcome } from "../support/outcome";
import { apiToken } from "../support/api-auth";

let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
});
afterAll(async () => srv?.close());

const imei = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, "0")}`;
const vehicle = (extra: Record<string, unknown> = {}) =>
  vehicleInputSchema.parse({ registration: `AU ${randomUUID().slice(0, 5).toUpperCase()}`, category: "Van", ...extra });
const lastAudit = (entity: string, id: string) =>
  srv.ctx.db
    .selectFrom("audit_log")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("entity_type", "=", entity)
    .where("entity_id", "=", id)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

describe("device quota", () => {
  it("refuses a vehicle with a device past the quota, on create and when a device is given, with DEVICE_QUOTA_EXCEEDED", async () => {
    const small = await createTestOrg(srv.ctx);
    await srv.ctx.db.updateTable("organizations").set({ device_quota: 1 }).where("id", "=", small.orgId).execute();
    const p = await principalFor(srv.ctx, small.adminId);
    await createVehicle(srv.ctx, p, vehicle({ device_imei: imei(), device_protocol: "teltonika" }));
    expect(
      await outcome(createVehicle(srv.ctx, p, vehicle({ device_imei: imei(), device_protocol: "teltonika" }))),
    ).toBe("DEVICE_QUOTA_EXCEEDED");
    const bare = await createVehicle(srv.ctx, p, vehicle());
    const input = vehicle({ registration: bare.registration, device_imei: imei(), device_protocol: "teltonika" });
    expect(await outcome(updateVehicle(srv.ctx, p, bare.id, input))).toBe("DEVICE_QUOTA_EXCEEDED");
    expect(
      (
        await srv.ctx.db
          .selectFrom("vehicles")
          .select("device_imei")
          .where("id", "=", bare.id)
          .executeTakeFirstOrThrow()
      ).device_imei,
    ).toBeNull();

    const token = await apiToken(srv, small.adminEmail, small.adminPassword, { webLogin: true });
    const res = await fetch(`${srv.url}/api/vehicles`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        registration: "QUOTA 1",
        category: "Car",
        device_imei: imei(),
        device_protocol: "teltonika",
      }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "DEVICE_QUOTA_EXCEEDED", details: { quota: 1, used: 1 } });

    // Raising the quota lets the device in; no quota means no limit.
    await srv.ctx.db.updateTable("organizations").set({ device_quota: null }).where("id", "=", small.orgId).execute();
    expect(await outcome(updateVehicle(srv.ctx, p, bare.id, input))).toBe("OK");
  });

  it("shows the quota error on the vehicle form without JavaScript", async () => {
    const small = await createTestOrg(srv.ctx);
    await srv.ctx.db.updateTable("organizations").set({ device_quota: 0 }).where("id", "=", small.orgId).execute();
    const c = new FormClient(srv.url);
    c.cookies.set("lng", "en");
    await c.login(small.adminEmail, small.adminPassword);
    const res = await c.post("/configuration/vehicles/add", {
      registration: "FORM 1",
      category: "Car",
      device_imei: imei(),
      device_protocol: "teltonika",
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("reached its quota of vehicles with a device");
  });
});

describe("audit log", () => {
  it("records a vehicle change with before and after", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const v = await createVehicle(srv.ctx, p, vehicle({ identifier_name: "Before name" }));
    await updateVehicle(srv.ctx, p, v.id, vehicle({ registration: v.registration, identifier_name: "After name" }));
    const row = await lastAudit("vehicle", v.id);
    expect(row).toMatchObject({ action: "update", user_id: org.adminId, support_user_id: null });
    expect(row.before).toMatchObject({ identifier_name: "Before name" });
    expect(row.after).toMatchObject({ identifier_name: "After name" });
    expect(row.before).not.toHaveProperty("org_id", undefined);
  });

  it("records a place change with before and after", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const poi = await createPoi(srv.ctx, p, {
      name: "Depot A",
      category: "Depot",
      latitude: 41.33,
      longitude: 19.82,
      icon: "pin",
      icon_color: "#2563eb",
    });
    expect((await lastAudit("place", poi.id)).action).toBe("create");
    await updatePoi(srv.ctx, p, poi.id, {
      name: "Depot B",
      category: "Depot",
      latitude: 41.34,
      longitude: 19.82,
      icon: "pin",
      icon_color: "#2563eb",
    });
    const row = await lastAudit("place", poi.id);
    expect(row).toMatchObject({
      action: "update",
      before: { name: "Depot A", latitude: 41.33 },
      after: { name: "Depot B", latitude: 41.34 },
    });
  });

  it("records an alert policy change with before and after", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const input = {
      name: "Speeding 90",
      alert_type: "speeding",
      all_vehicles: true,
      speed_limit_kmh: 90,
      days: [1, 2, 3, 4, 5],
      notify_in_app: true,
      recipient_ids: [org.adminId],
    };
    const policy = await createPolicy(srv.ctx, p, policyInputSchema.parse(input) as never);
    await updatePolicy(
      srv.ctx,
      p,
      policy.id,
      policyInputSchema.parse({ ...input, name: "Speeding 100", speed_limit_kmh: 100 }) as never,
    );
    const row = await lastAudit("alert_policy", policy.id);
    expect(row).toMatchObject({
      action: "update",
      before: { name: "Speeding 90", speed_limit_kmh: 90 },
      after: { name: "Speeding 100", speed_limit_kmh: 100 },
    });
  });

  it("records an immobilisation command, even when the device is offline", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const v = await createVehicle(srv.ctx, p, vehicle({ device_imei: imei(), device_protocol: "teltonika" }));
    const result = await requestImmobilization(srv.ctx, p, { vehicleId: v.id, action: "block" }, { timeoutMs: 50 });
    expect(result.status).toBe("Failed");
    const row = await lastAudit("immobilization", result.id);
    expect(row).toMatchObject({
      action: "block",
      before: null,
      after: { vehicle_id: v.id, registration: v.registration, action: "block", status: "Pending" },
    });
  });

  it("never writes secrets: a user's password hash is left out", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const { updateProfile } = await import("../../server/modules/users/users.service");
    await updateProfile(srv.ctx, p, {
      first_name: "Audited",
      last_name: "Admin",
      phone: null,
      default_language: "en",
    } as never);
    const row = await lastAudit("user", org.adminId);
    expect(JSON.stringify(row.before)).not.toContain("password_hash");
    expect(row.after).toMatchObject({ first_name: "Audited" });
  });

  it("lists with filters and server paging through /api, exports CSV, and is for administrators only", async () => {
    const token = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
    const auth = { authorization: `Bearer ${token}` };
    const all = await (await fetch(`${srv.url}/api/audit-log?size=5`, { headers: auth })).json();
    expect(all.timezone).toBe("Europe/Tirane");
    expect(all.total).toBeGreaterThanOrEqual(8);
    expect(all.items).toHaveLength(5);
    expect(all.pages).toBe(Math.ceil(all.total / 5));
    const page2 = await (await fetch(`${srv.url}/api/audit-log?size=5&page=2`, { headers: auth })).json();
    expect(page2.items[0].id).not.toBe(all.items[0].id);
    expect(Number(page2.items[0].id)).toBeLessThan(Number(all.items[4].id));
    expect(all.items[0]).not.toHaveProperty("org_id");

    const places = await (await fetch(`${srv.url}/api/audit-log?entity=place`, { headers: auth })).json();
    expect(places.items.length).toBeGreaterThanOrEqual(2);
    expect(places.items.every((r: { entity_type: string }) => r.entity_type === "place")).toBe(true);
    expect(places.items[0].changes).toContainEqual({ field: "name", before: "Depot A", after: "Depot B" });
    expect(places.items[0].label).toBe("Depot B");

    const byUser = await (await fetch(`${srv.url}/api/audit-log?user=${randomUUID()}`, { headers: auth })).json();
    expect(byUser.total).toBe(0);
    const future = await (await fetch(`${srv.url}/api/audit-log?from=2999-01-01`, { headers: auth })).json();
    expect(future.total).toBe(0);
    const reversed = await fetch(`${srv.url}/api/audit-log?from=2026-02-01&to=2026-01-01`, { headers: auth });
    expect(reversed.status).toBe(400);
    const users = await (await fetch(`${srv.url}/api/audit-log/users`, { headers: auth })).json();
    expect(users.map((u: { id: string }) => u.id)).toContain(org.adminId);

    const csv = await fetch(`${srv.url}/api/audit-log.csv?entity=alert_policy`, { headers: auth });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("time,user,support_by,entity_type,entity_id,label,action,before,after");
    expect(lines.slice(1).every((l) => l.includes(",alert_policy,"))).toBe(true);
    expect(text).toContain("Speeding 100");

    const web = new FormClient(srv.url);
    web.cookies.set("lng", "en");
    await web.login(org.adminEmail, org.adminPassword);
    const page = await (await web.get("/configuration/audit-log?entity=vehicle")).text();
    expect(page).toContain("After name");
    expect(page).toContain('href="/configuration/audit-log.csv?entity=vehicle"');
    const download = await web.get("/configuration/audit-log.csv?entity=vehicle");
    expect(download.headers.get("content-disposition")).toContain("audit-log.csv");
    expect(await download.text()).toContain("After name");

    const manager = await srv.ctx.db
      .selectFrom("users")
      .select("email")
      .where("org_id", "=", org.orgId)
      .where("email", "like", "manager@%")
      .executeTakeFirstOrThrow();
    const managerToken = await apiToken(srv, manager.email!, "demo-demo", { webLogin: true });
    expect(
      (await fetch(`${srv.url}/api/audit-log`, { headers: { authorization: `Bearer ${managerToken}` } })).status,
    ).toBe(403);
    const mc = new FormClient(srv.url);
    await mc.login(manager.email!, "demo-demo");
    expect((await mc.get("/configuration/audit-log")).status).toBe(403);
    expect((await mc.get("/configuration/audit-log.csv")).status).toBe(403);
  });

  it("counts a large log only up to 10,000 rows and exports it whole, in order, with no row twice", async () => {
    const big = await createTestOrg(srv.ctx);
    // One statement: every row has the same `at`, so the export's keyset must break ties on id.
    await sql`
      INSERT INTO audit_log (org_id, user_id, user_name, entity_type, entity_id, action, after)
      SELECT ${big.orgId}::uuid, ${big.adminId}::uuid, 'Bulk', 'vehicle', 'v' || g, 'update', jsonb_build_object('n', g)
        FROM generate_series(1, 10050) g`.execute(srv.ctx.db);
    const token = await apiToken(srv, big.adminEmail, big.adminPassword, { webLogin: true });
    const auth = { authorization: `Bearer ${token}` };
    const page = await (await fetch(`${srv.url}/api/audit-log?size=50`, { headers: auth })).json();
    expect(page).toMatchObject({ total: 10000, more: true, pages: 200 });
    const csv = (await (await fetch(`${srv.url}/api/audit-log.csv`, { headers: auth })).text())
      .trim()
      .split("\r\n")
      .slice(1);
    expect(csv).toHaveLength(10050);
    const ids = csv.map((line) => line.split(",")[4]);
    expect(new Set(ids).size).toBe(10050);
    expect(ids[0]).toBe("v10050");
    expect(ids.at(-1)).toBe("v1");
  });
});
