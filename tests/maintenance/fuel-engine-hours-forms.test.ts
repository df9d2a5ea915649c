import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken } from "../support/api-auth";
import type { TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let token: string;

const csrfOf = async (path: string) => /name="_csrf" value="([^"]+)"/.exec(await (await admin.get(path)).text())![1];
const formOf = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};
const refuel = (vehicleId: string, over: Record<string, string> = {}) =>
  formOf({
    intent: "save",
    vehicle_id: vehicleId,
    filled_on: "2026-11-01",
    liters: "60",
    price: "",
    odometer_km: "100",
    engine_hours: "",
    bill_number: "",
    supplier_id: "",
    notes: "",
    full_tank: "on",
    ...over,
  });
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
    },
  });
const hoursOf = async (id: string) =>
  (
    await srv.ctx.db
      .selectFrom("maintenance_fuel_reports")
      .select("engine_hours")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).engine_hours;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  token = await apiToken(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

describe("fuel reports' engine hours without JavaScript and through the API", () => {
  it("the add form refuses a negative or non-numeric reading in both languages, keeping what was typed; nothing is saved", async () => {
    const plant = await createVehicle(srv.ctx, { org, registration: "EXC 1" });
    const cases = [
      ["-4", "en", "The value is out of range."],
      ["-4", "al", "Vlera është jashtë kufijve."],
      ["many", "en", "Enter a number."],
      ["many", "al", "Shkruani një numër."],
    ] as const;
    for (const [value, lng, message] of cases) {
      const res = await admin.post(`/maintenance/fuel/add?lng=${lng}`, refuel(plant.id, { engine_hours: value }), {
        csrf: await csrfOf("/maintenance/fuel/add"),
      });
      expect(res.status, `${value} ${lng}`).toBe(400);
      const html = await res.text();
      expect(html, `${value} ${lng}`).toContain(message);
      expect(html).toMatch(
        new RegExp(`name="engine_hours"[^>]*value="${value}"|value="${value}"[^>]*name="engine_hours"`),
      );
      expect(html).toContain(lng === "al" ? "Orët e motorit (orë)" : "Engine hours (h)");
    }
    expect(
      await srv.ctx.db.selectFrom("maintenance_fuel_reports").select("id").where("vehicle_id", "=", plant.id).execute(),
    ).toEqual([]);
  });

  it("saves the reading from the add and edit forms; the list shows it and l/h in both languages; the edit form refuses a bad one", async () => {
    const plant = await createVehicle(srv.ctx, { org, registration: "EXC 2" });
    for (const [day, liters, hours] of [
      ["2026-11-01", "60", "1500"],
      ["2026-11-04", "96", "1508"],
    ]) {
      const res = await admin.post(
        "/maintenance/fuel/add",
        refuel(plant.id, {
          filled_on: day,
          liters,
          engine_hours: hours,
          odometer_km: day === "2026-11-01" ? "100" : "104",
        }),
        { csrf: await csrfOf("/maintenance/fuel/add") },
      );
      expect(res.status).toBe(302);
    }
    const saved = await srv.ctx.db
      .selectFrom("maintenance_fuel_reports")
      .select(["id", "engine_hours", "filled_on"])
      .where("vehicle_id", "=", plant.id)
      .orderBy("filled_on")
      .execute();
    expect(saved.map((r) => r.engine_hours)).toEqual(["1500.0", "1508.0"]);
    // 96 liters over 8 h = 12 l/h
    const en = await (await admin.get(`/maintenance/fuel?vehicle_id=${plant.id}&lng=en`)).text();
    expect(en).toContain("<th>l/h</th>");
    expect(en).toContain("1,508.0 h");
    expect(en).toMatch(/data-testid="consumption-hours">12\.00</);
    const al = await (await admin.get(`/maintenance/fuel?vehicle_id=${plant.id}&lng=al`)).text();
    expect(al).toContain("<th>l/orë</th>");
    expect(al).toContain("<th>Orët e motorit</th>");

    const editPath = `/maintenance/fuel/edit/${saved[1].id}`;
    const form = await (await admin.get(`${editPath}?lng=en`)).text();
    expect(form).toMatch(/name="engine_hours"[^>]*value="1508"|value="1508"[^>]*name="engine_hours"/);
    const bad = await admin.post(
      `${editPath}?lng=al`,
      refuel(plant.id, { filled_on: "2026-11-04", liters: "96", odometer_km: "104", engine_hours: "-1" }),
      { csrf: await csrfOf(editPath) },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Vlera është jashtë kufijve.");
    expect(await hoursOf(saved[1].id)).toBe("1508.0");
    const ok = await admin.post(
      editPath,
      refuel(plant.id, { filled_on: "2026-11-04", liters: "96", odometer_km: "104", engine_hours: "1512" }),
      { csrf: await csrfOf(editPath) },
    );
    expect(ok.status).toBe(302);
    expect(await hoursOf(saved[1].id)).toBe("1512.0");
    // 96 liters over 12 h = 8 l/h
    expect(await (await admin.get(`/maintenance/fuel?vehicle_id=${plant.id}&lng=en`)).text()).toMatch(
      /data-testid="consumption-hours">8\.00</,
    );
  });

  it("a lower reading is saved and flagged in the list, as an odometer going backwards is", async () => {
    const plant = await createVehicle(srv.ctx, { org, registration: "EXC 3" });
    expect(
      (
        await admin.post("/maintenance/fuel/add", refuel(plant.id, { engine_hours: "700" }), {
          csrf: await csrfOf("/maintenance/fuel/add"),
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await admin.post(
          "/maintenance/fuel/add",
          refuel(plant.id, { filled_on: "2026-11-02", odometer_km: "110", engine_hours: "690" }),
          { csrf: await csrfOf("/maintenance/fuel/add") },
        )
      ).status,
    ).toBe(302);
    expect(await (await admin.get(`/maintenance/fuel?vehicle_id=${plant.id}&lng=en`)).text()).toContain(
      "Engine hours went backwards",
    );
    expect(await (await admin.get(`/maintenance/fuel?vehicle_id=${plant.id}&lng=al`)).text()).toContain(
      "Orët e motorit shkuan mbrapa",
    );
  });

  it("the API takes engine_hours on POST, PUT and PATCH, answers it with l/h and refuses a negative one", async () => {
    const reefer = await createVehicle(srv.ctx, { org });
    const post = await api("/api/maintenance/fuel", {
      method: "POST",
      body: JSON.stringify({
        vehicle_id: reefer.id,
        filled_on: "2026-11-01",
        liters: 30,
        odometer_km: 2000,
        engine_hours: 420.25,
        full_tank: true,
      }),
    });
    expect(post.status).toBe(201);
    const first = await post.json();
    expect(first).toMatchObject({ engine_hours: 420.3, odometer_km: 2000 });
    const second = await (
      await api("/api/maintenance/fuel", {
        method: "POST",
        body: JSON.stringify({
          vehicle_id: reefer.id,
          filled_on: "2026-11-03",
          liters: 25,
          odometer_km: 2100,
          engine_hours: 430.3,
          full_tank: true,
        }),
      })
    ).json();
    const list = await (await api(`/api/maintenance/fuel?vehicle_id=${reefer.id}`)).json();
    // 25 liters over 10 h
    expect(list.items.find((x: { id: string }) => x.id === second.id)).toMatchObject({
      engine_hours: 430.3,
      consumption_l_per_hour: 2.5,
      consumption_l_100km: 25,
      flags: [],
    });

    const put = await api(`/api/maintenance/fuel/${second.id}`, {
      method: "PUT",
      body: JSON.stringify({
        vehicle_id: reefer.id,
        filled_on: "2026-11-03",
        liters: 25,
        odometer_km: 2100,
        engine_hours: 425.3,
        full_tank: true,
      }),
    });
    expect(await put.json()).toMatchObject({ engine_hours: 425.3 });
    const patched = await api(`/api/maintenance/fuel/${second.id}`, {
      method: "PATCH",
      body: JSON.stringify({ liters: 20 }),
    });
    expect(await patched.json()).toMatchObject({ liters: 20, engine_hours: 425.3 });
    const negative = await api(`/api/maintenance/fuel/${second.id}`, {
      method: "PATCH",
      body: JSON.stringify({ engine_hours: -1 }),
    });
    expect(negative.status).toBe(400);
    expect(await negative.json()).toMatchObject({ error: "VALIDATION", fields: { engine_hours: ["errors.range"] } });
    const cleared = await api(`/api/maintenance/fuel/${second.id}`, {
      method: "PATCH",
      body: JSON.stringify({ engine_hours: null }),
    });
    expect(await cleared.json()).toMatchObject({ engine_hours: null, liters: 20 });

    const doc = await (await api("/api/openapi.json")).json();
    expect(doc.components.schemas.FuelReportInput.properties).toHaveProperty("engine_hours");
    expect(doc.components.schemas.FuelReportPatch.properties).toHaveProperty("engine_hours");
    expect(doc.components.schemas.FuelReport.properties).toHaveProperty("consumption_l_per_hour");
  });
});
