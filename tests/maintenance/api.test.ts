import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_FRAGMENTS } from "../../server/http/openapi/api-description";
import { createTestOrg, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { createUser, createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { apiToken } from "../support/api-auth";
import { putVehicleState } from "../support/vehicle-state";

let srv: TestServer;
let org: TestOrg;
let token: string;

const api = (path: string, init: RequestInit = {}, t = token) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${t}`,
      ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
      ...(init.headers ?? {}),
    },
  });

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  token = await apiToken(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

describe("/api/maintenance", () => {
  it("reminders: create for two vans, read the state, complete with parts as JSON", async () => {
    const vans = await Promise.all([createVehicle(srv.ctx, { org }), createVehicle(srv.ctx, { org })]);
    const created = await api("/api/maintenance/reminders", {
      method: "POST",
      body: JSON.stringify({
        vehicle_ids: vans.map((v) => v.id),
        name: "Oil",
        interval_km: 15000,
        before_km: 1000,
        repeat: true,
        active: true,
        base_date: "2026-01-01",
        base_odometer_km: 0,
      }),
    });
    expect(created.status).toBe(201);
    const { items } = await created.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ status: "ok", due_km: 15000, km_left: 15000, kind: "regular" });
    expect(items[0]).not.toHaveProperty("org_id");
    const list = await (await api("/api/maintenance/reminders?status=ok")).json();
    expect(list.total).toBe(2);
    const done = await api(`/api/maintenance/reminders/${items[0].id}/complete`, {
      method: "POST",
      body: JSON.stringify({ completed_on: "2026-06-01", odometer_km: 14800, cost: 20 }),
    });
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({
      service: { service_type: "Oil", odometer_km: 14800, total_cost: 20 },
      reminder: { base_date: "2026-06-01", due_km: 29800 },
    });
    const bad = await api("/api/maintenance/reminders", {
      method: "POST",
      body: JSON.stringify({ vehicle_ids: [vans[0].id], name: "X", base_date: "2026-01-01" }),
    });
    expect(bad.status).toBe(400);
  });

  it("reminders by engine hours: the hours' terms and state, completed with an engine-hours reading", async () => {
    const tractor = await createVehicle(srv.ctx, { org, device: true });
    await putVehicleState(srv.ctx, tractor.id, org.orgId, { odometer_m: 0, engine_hours_s: 480 * 3600 });
    const created = await api("/api/maintenance/reminders", {
      method: "POST",
      body: JSON.stringify({
        vehicle_ids: [tractor.id],
        name: "PTO",
        interval_hours: 500,
        before_hours: 50,
        interval_km: 20000,
        repeat: true,
        active: true,
        base_date: "2026-01-01",
        base_engine_hours: 0,
      }),
    });
    expect(created.status).toBe(201);
    const [r] = (await created.json()).items;
    expect(r).toMatchObject({
      status: "due_soon",
      interval_hours: 500,
      before_hours: 50,
      base_engine_hours: 0,
      due_hours: 500,
      hours_left: 20,
      engine_hours: 480,
      km_left: 20000,
    });
    const done = await api(`/api/maintenance/reminders/${r.id}/complete`, {
      method: "POST",
      body: JSON.stringify({ completed_on: "2026-06-01", engine_hours: 495 }),
    });
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({
      service: { engine_hours: 495 },
      reminder: { status: "ok", base_engine_hours: 495, due_hours: 995 },
    });
  });

  it("a driver records a refuel with the receipt photo from the phone (multipart); the file comes back", async () => {
    const van = await createVehicle(srv.ctx, { org });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      vehicle_id: van.id,
      filled_on: "2026-11-20",
      liters: "45.5",
      price: "82",
      odometer_km: "23000",
      bill_number: "R-77",
      full_tank: "true",
    }))
      form.append(k, v);
    form.append("attachments", new Blob([TINY_PNG], { type: "image/png" }), "receipt.png");
    const res = await api("/api/maintenance/fuel", { method: "POST", body: form });
    expect(res.status).toBe(201);
    const report = await res.json();
    expect(report).toMatchObject({ liters: 45.5, price: 82, odometer_km: 23000, full_tank: true, bill_number: "R-77" });
    const file = await api(report.attachments[0].url);
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), TINY_PNG)).toBe(0);
    const list = await (await api(`/api/maintenance/fuel?vehicle_id=${van.id}`)).json();
    expect(list.items[0]).toMatchObject({ id: report.id, consumption_l_100km: null, flags: [] });
  });

  it("PUT and PATCH edit a service (parts as JSON, stock kept right) and a fuel report; a driver is refused", async () => {
    const van = await createVehicle(srv.ctx, { org });
    const part = await srv.ctx.db
      .insertInto("maintenance_parts")
      .values({ org_id: org.orgId, name: "Bulb", unit_price: 2, stock: 5 })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = await (
      await api("/api/maintenance/services", {
        method: "POST",
        body: JSON.stringify({
          vehicle_id: van.id,
          service_type: "Lights",
          completed_on: "2026-11-01",
          cost: 10,
          parts: [{ part_id: part.id, quantity: 2 }],
        }),
      })
    ).json();
    const put = await api(`/api/maintenance/services/${created.id}`, {
      method: "PUT",
      body: JSON.stringify({
        vehicle_id: van.id,
        service_type: "Lights",
        completed_on: "2026-11-02",
        cost: 12,
        parts: [{ part_id: part.id, quantity: 5 }],
      }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ completed_on: "2026-11-02", total_cost: 22 });
    const tooMany = await api(`/api/maintenance/services/${created.id}`, {
      method: "PATCH",
      body: JSON.stringify({ parts: [{ part_id: part.id, quantity: 6 }] }),
    });
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).error).toBe("PART_OUT_OF_STOCK");
    const patched = await api(`/api/maintenance/services/${created.id}`, {
      method: "PATCH",
      body: JSON.stringify({ notes: "bulbs" }),
    });
    expect(await patched.json()).toMatchObject({ service_type: "Lights", total_cost: 22 });
    expect(
      Number(
        (
          await srv.ctx.db
            .selectFrom("maintenance_parts")
            .select("stock")
            .where("id", "=", part.id)
            .executeTakeFirstOrThrow()
        ).stock,
      ),
    ).toBe(0);

    const fill = await (
      await api("/api/maintenance/fuel", {
        method: "POST",
        body: JSON.stringify({
          vehicle_id: van.id,
          filled_on: "2026-11-03",
          liters: 40,
          odometer_km: 5000,
          full_tank: true,
        }),
      })
    ).json();
    const edited = await api(`/api/maintenance/fuel/${fill.id}`, {
      method: "PATCH",
      body: JSON.stringify({ liters: 42.5, full_tank: false }),
    });
    expect(await edited.json()).toMatchObject({ liters: 42.5, odometer_km: 5000, full_tank: false });
    expect(
      (
        await api(`/api/maintenance/fuel/${fill.id}`, {
          method: "PUT",
          body: JSON.stringify({ vehicle_id: van.id, filled_on: "2026-11-03", odometer_km: 5000 }),
        })
      ).status,
    ).toBe(400);
    const driver = await createUser(srv.ctx, { org, role: "driver" });
    const t = await apiToken(srv, driver.email!, driver.password);
    expect(
      (await api(`/api/maintenance/fuel/${fill.id}`, { method: "PATCH", body: JSON.stringify({ liters: 1 }) }, t))
        .status,
    ).toBe(403);
    const doc = await (await api("/api/openapi.json")).json();
    expect(Object.keys(doc.paths["/api/maintenance/services/{id}"])).toEqual(expect.arrayContaining(["put", "patch"]));
    expect(Object.keys(doc.paths["/api/maintenance/fuel/{id}"])).toEqual(expect.arrayContaining(["put", "patch"]));
  });

  it("a user without maintenance permission is refused; the API is in the OpenAPI description", async () => {
    const driver = await createUser(srv.ctx, { org, role: "driver" });
    const t = await apiToken(srv, driver.email!, driver.password);
    expect((await api("/api/maintenance/reminders", {}, t)).status).toBe(403);
    expect((await api("/api/maintenance/fuel", { method: "POST", body: "{}" }, t)).status).toBe(403);
    const doc = await (await api("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/maintenance/reminders",
        "/api/maintenance/fuel",
        "/api/maintenance/reminders/{id}/complete",
      ]),
    );
    expect(API_FRAGMENTS.map((f) => f.tag)).toContain("maintenance");
  });
});
