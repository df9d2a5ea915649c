import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as fuel from "../../server/modules/maintenance/fuel.service";
import * as records from "../../server/modules/maintenance/records.service";
import { getMaintenanceSettings, saveMaintenanceSettings } from "../../server/modules/maintenance/maintenance.settings";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { outcome } from "../support/outcome";
import { apiToken } from "../support/api-auth";
import { putVehicleState } from "../support/vehicle-state";

let srv: TestServer;
let org: TestOrg;
let admin: Principal;
let viewer: { email: string | null; password: string };
let today: string;

const saved = () =>
  srv.ctx.db
    .selectFrom("maintenance_settings")
    .select(["consumption_tolerance_pct", "odometer_tolerance_km"])
    .where("org_id", "=", org.orgId)
    .executeTakeFirst();

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  admin = await principalFor(srv.ctx, org.adminId);
  viewer = await createUser(srv.ctx, { org, role: "viewer" });
  today = await orgToday(srv.ctx, org.orgId);
});
afterAll(async () => srv?.close());

describe("maintenance settings: the fuel tolerances", () => {
  it("defaults to 30 % and 50 km; the organisation's consumption tolerance decides consumption_far", async () => {
    expect(await getMaintenanceSettings(srv.ctx, admin)).toEqual({
      consumption_tolerance_pct: 30,
      odometer_tolerance_km: 50,
    });
    const van = await createVehicle(srv.ctx, { org });
    await srv.ctx.db.updateTable("vehicles").set({ fuel_consumption: 8 }).where("id", "=", van.id).execute();
    await fuel.createFuelReport(srv.ctx, admin, {
      vehicle_id: van.id,
      filled_on: today,
      liters: "50",
      odometer_km: "1000",
      full_tank: "on",
    });
    const second = await fuel.createFuelReport(srv.ctx, admin, {
      vehicle_id: van.id,
      filled_on: today,
      liters: "50",
      odometer_km: "1500",
      full_tank: "on",
    });
    const flagsOf = async () =>
      (await fuel.listFuelRows(srv.ctx, admin, { vehicle_id: van.id })).find((r) => r.id === second.id)!;
    // 10 l/100 km against 8: +25 %
    expect(await flagsOf()).toMatchObject({ consumption: 10, flags: [] });
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "25", odometer_tolerance_km: "50" });
    expect((await flagsOf()).flags).toEqual([]); // exactly the tolerance is not flagged
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "24", odometer_tolerance_km: "50" });
    expect((await flagsOf()).flags).toEqual(["consumption_far"]);
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "50" });
  });

  it("the organisation's odometer tolerance decides odometer_disagrees in the fuel and service lists, for this organisation only", async () => {
    const van = await createVehicle(srv.ctx, { org, device: true });
    await putVehicleState(srv.ctx, van.id, org.orgId, { odometer_m: 10_000_000 });
    const fill = await fuel.createFuelReport(srv.ctx, admin, {
      vehicle_id: van.id,
      filled_on: today,
      liters: "30",
      odometer_km: "10040",
      full_tank: "on",
    });
    const service = await records.createService(srv.ctx, admin, {
      vehicle_id: van.id,
      service_type: "Check",
      completed_on: today,
      odometer_km: "10040",
    });
    const state = async () => ({
      fuel: (await fuel.listFuelRows(srv.ctx, admin, { vehicle_id: van.id }))
        .find((r) => r.id === fill.id)!
        .flags.includes("odometer_disagrees"),
      service: (await records.listServiceRows(srv.ctx, admin, "service", { vehicle_id: van.id })).find(
        (r) => r.id === service.id,
      )!.odometer_disagrees,
    });
    expect(await state()).toEqual({ fuel: false, service: false });
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "40" });
    expect(await state()).toEqual({ fuel: false, service: false }); // 40 km off: exactly the tolerance
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "39" });
    expect(await state()).toEqual({ fuel: true, service: true });
    const other = await createTestOrg(srv.ctx);
    expect(await getMaintenanceSettings(srv.ctx, await principalFor(srv.ctx, other.adminId))).toEqual({
      consumption_tolerance_pct: 30,
      odometer_tolerance_km: 50,
    });
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "50" });
  });

  it("refuses values outside the bounds (5–100 %, 1–1000 km), blanks and fractions, and changes nothing", async () => {
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "50" });
    for (const [pct, km, field] of [
      ["4", "50", "consumption_tolerance_pct"],
      ["101", "50", "consumption_tolerance_pct"],
      ["", "50", "consumption_tolerance_pct"],
      ["12.5", "50", "consumption_tolerance_pct"],
      ["30", "0", "odometer_tolerance_km"],
      ["30", "1001", "odometer_tolerance_km"],
      ["30", "abc", "odometer_tolerance_km"],
    ]) {
      expect(
        await outcome(
          saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: pct, odometer_tolerance_km: km }),
        ),
        `${pct}/${km}`,
      ).toMatch(new RegExp(`^${field}:`));
    }
    expect(
      await outcome(
        saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "5", odometer_tolerance_km: "1000" }),
      ),
    ).toBe("OK");
    expect(
      await outcome(
        saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "100", odometer_tolerance_km: "1" }),
      ),
    ).toBe("OK");
    expect(await saved()).toEqual({ consumption_tolerance_pct: 100, odometer_tolerance_km: 1 });
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "50" });
  });
});

describe("/maintenance/settings without JavaScript", () => {
  it("saves, keeps the input when refused, in both languages", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const page = await (await c.get("/maintenance/settings?lng=en")).text();
    expect(page).toContain("Maintenance settings");
    expect(page).toContain('href="/maintenance/settings"');
    expect(page).toContain('name="consumption_tolerance_pct"');
    expect(page).toContain('value="30"');
    const refused = await c.post("/maintenance/settings", {
      intent: "save",
      consumption_tolerance_pct: "150",
      odometer_tolerance_km: "75",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('value="150"');
    expect(html).toContain('value="75"');
    expect(html).toContain('aria-invalid="true"');
    expect(await saved()).toMatchObject({ consumption_tolerance_pct: 30, odometer_tolerance_km: 50 });
    const ok = await c.post("/maintenance/settings", {
      intent: "save",
      consumption_tolerance_pct: "20",
      odometer_tolerance_km: "75",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/maintenance/settings?saved=1");
    expect(await saved()).toEqual({ consumption_tolerance_pct: 20, odometer_tolerance_km: 75 });
    const al = await (await c.get("/maintenance/settings?saved=1&lng=al")).text();
    expect(al).toContain("Cilësimet e mirëmbajtjes");
    expect(al).toContain("Cilësimet u ruajtën.");
    expect(al).toContain('value="75"');
    await saveMaintenanceSettings(srv.ctx, admin, { consumption_tolerance_pct: "30", odometer_tolerance_km: "50" });
  });

  it("a viewer sees the settings read-only and may not change them", async () => {
    const v = new FormClient(srv.url);
    await v.login(viewer.email!, viewer.password);
    const res = await v.get("/maintenance/settings?lng=en");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="settings-read-only"');
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    const csrf = v.cookies.get("flota_csrf")!;
    expect(
      (
        await v.post(
          "/maintenance/settings",
          { intent: "save", consumption_tolerance_pct: "10", odometer_tolerance_km: "10" },
          { csrf },
        )
      ).status,
    ).toBe(403);
    expect(await saved()).toMatchObject({ consumption_tolerance_pct: 30, odometer_tolerance_km: 50 });
  });
});

describe("/api/maintenance/settings", () => {
  it("reads and saves the tolerances; bounds refused; a viewer reads only", async () => {
    const token = await apiToken(srv, org.adminEmail, org.adminPassword);
    const api = (init: RequestInit = {}, t = token) =>
      fetch(`${srv.url}/api/maintenance/settings`, {
        ...init,
        headers: { authorization: `Bearer ${t}`, "content-type": "application/json" },
      });
    expect(await (await api()).json()).toEqual({ consumption_tolerance_pct: 30, odometer_tolerance_km: 50 });
    const put = await api({
      method: "PUT",
      body: JSON.stringify({ consumption_tolerance_pct: 40, odometer_tolerance_km: 100 }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ consumption_tolerance_pct: 40, odometer_tolerance_km: 100 });
    const bad = await api({
      method: "PUT",
      body: JSON.stringify({ consumption_tolerance_pct: 40, odometer_tolerance_km: 2000 }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("odometer_tolerance_km");
    const vt = await apiToken(srv, viewer.email!, viewer.password);
    expect(await (await api({}, vt)).json()).toEqual({ consumption_tolerance_pct: 40, odometer_tolerance_km: 100 });
    expect(
      (
        await api(
          { method: "PUT", body: JSON.stringify({ consumption_tolerance_pct: 10, odometer_tolerance_km: 10 }) },
          vt,
        )
      ).status,
    ).toBe(403);
    expect(await saved()).toEqual({ consumption_tolerance_pct: 40, odometer_tolerance_km: 100 });
  });
});
