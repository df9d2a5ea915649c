import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { runReport } from "../../server/modules/analytics/analytics.service";
import * as fuel from "../../server/modules/maintenance/fuel.service";
import * as records from "../../server/modules/maintenance/records.service";
import * as reminders from "../../server/modules/maintenance/reminders.service";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { outcome } from "../support/outcome";
import { putVehicleState } from "../support/vehicle-state";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let today: string;

const fill = (vehicleId: string, over: Record<string, unknown>) =>
  fuel.createFuelReport(ctx, admin, {
    vehicle_id: vehicleId,
    filled_on: "2026-11-01",
    liters: "50",
    odometer_km: "1000",
    full_tank: "on",
    ...over,
  });

const file = (text: string) => ({ name: "card.csv", size: text.length, text: async () => text });

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
  admin = await principalFor(ctx, org.adminId);
  today = await orgToday(ctx, org.orgId);
});
afterAll(async () => ctx?.close());

describe("engine hours on fuel reports", () => {
  it("a vehicle without a device takes its current engine hours from the highest reading of its services and fuel reports", async () => {
    const generator = await createVehicle(ctx, { org, registration: "GEN 22" });
    const [r] = await reminders.createReminders(ctx, admin, {
      vehicle_ids: [generator.id],
      name: "Oil",
      kind: "regular",
      repeat: "on",
      active: "on",
      base_date: today,
      interval_hours: "250",
      before_hours: "25",
      base_engine_hours: "0",
    });
    await records.createService(ctx, admin, {
      vehicle_id: generator.id,
      service_type: "Check",
      completed_on: today,
      engine_hours: "185",
    });
    await fill(generator.id, { engine_hours: "230.5" });
    expect((await records.currentReadings(ctx, admin)).get(generator.id)?.engine_hours).toBe(230.5);
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "due_soon",
      engine_hours: 230.5,
      hours_left: 19.5,
    });
    // the highest counts, as for the odometer: a lower or missing reading later does not lower it
    await fill(generator.id, { filled_on: "2026-11-02", odometer_km: "1100", engine_hours: "210" });
    await fill(generator.id, { filled_on: "2026-11-03", odometer_km: "1200" });
    expect((await records.currentReadings(ctx, admin)).get(generator.id)?.engine_hours).toBe(230.5);
  });

  it("a vehicle with a device keeps the telematics engine hours whatever a fuel report says", async () => {
    const reefer = await createVehicle(ctx, { org, device: true });
    await putVehicleState(ctx, reefer.id, org.orgId, { odometer_m: 0, engine_hours_s: 900 * 3600 });
    await fill(reefer.id, { engine_hours: "950" });
    expect((await records.currentReadings(ctx, admin)).get(reefer.id)?.engine_hours).toBe(900);
  });

  it("takes the services' rule: optional, not negative, a number, tenths kept (rounded as a service's reading)", async () => {
    const van = await createVehicle(ctx, { org });
    expect(await outcome(fill(van.id, { engine_hours: "-1" }))).toBe("engine_hours:errors.range");
    expect(await outcome(fill(van.id, { engine_hours: "abc" }))).toBe("engine_hours:errors.number");
    expect(await outcome(fill(van.id, { engine_hours: "1000001" }))).toBe("engine_hours:errors.range");
    // the service refuses the same values with the same messages
    expect(
      await outcome(
        records.createService(ctx, admin, {
          vehicle_id: van.id,
          service_type: "X",
          completed_on: today,
          engine_hours: "-1",
        }),
      ),
    ).toBe("engine_hours:errors.range");
    const blank = await fill(van.id, { engine_hours: "" });
    expect(blank.engine_hours).toBeNull();
    const comma = await fill(van.id, { filled_on: "2026-11-02", odometer_km: "1100", engine_hours: "412,55" });
    const service = await records.createService(ctx, admin, {
      vehicle_id: van.id,
      service_type: "X",
      completed_on: today,
      engine_hours: "412,55",
    });
    expect(comma.engine_hours).toBe("412.6");
    expect(service.engine_hours).toBe(comma.engine_hours);
    expect((await fill(van.id, { filled_on: "2026-11-03", odometer_km: "1200", engine_hours: "0" })).engine_hours).toBe(
      "0.0",
    );
  });

  it("lists l/h and flags a decreasing reading like the odometer: no l/h from it, the interval runs from the last good full tank", async () => {
    const loader = await createVehicle(ctx, { org, registration: "CAT 950" });
    await fill(loader.id, { filled_on: "2026-11-01", liters: "120", odometer_km: "100", engine_hours: "2000" });
    await fill(loader.id, {
      filled_on: "2026-11-05",
      liters: "90",
      odometer_km: "110",
      engine_hours: "2006",
      full_tank: "",
    });
    const second = await fill(loader.id, {
      filled_on: "2026-11-08",
      liters: "150",
      odometer_km: "120",
      engine_hours: "2016",
    });
    const backwards = await fill(loader.id, {
      filled_on: "2026-11-10",
      liters: "40",
      odometer_km: "125",
      engine_hours: "1990",
    });
    const fourth = await fill(loader.id, {
      filled_on: "2026-11-12",
      liters: "80",
      odometer_km: "130",
      engine_hours: "2026",
    });
    const list = await fuel.listFuelRows(ctx, admin, { vehicle_id: loader.id });
    const byId = new Map(list.map((r) => [r.id, r]));
    // (90 + 150) liters over 2016 - 2000 = 16 h = 15 l/h
    expect(byId.get(second.id)).toMatchObject({ l_per_hour: 15, hours_run: 16, engine_hours: "2016.0" });
    expect(byId.get(backwards.id)).toMatchObject({ l_per_hour: null, flags: ["engine_hours_backwards"] });
    // (40 + 80) liters over 2026 - 2016 = 10 h = 12 l/h
    expect(byId.get(fourth.id)).toMatchObject({ l_per_hour: 12, hours_run: 10, flags: [] });
    // the odometer went on forward: l/100 km is unaffected by the hours (80 l over 5 km)
    expect(byId.get(fourth.id)?.consumption).toBe(1600);

    const report = await runReport(ctx, admin, "fuel_refuels", {
      from: "2026-11-01",
      to: "2026-11-30",
      vehicle_ids: [loader.id],
    });
    const rows = report.result.rows.filter((x) => x.vehicle === "CAT 950");
    expect(rows.map((x) => [x.engine_hours, x.l_per_hour])).toEqual([
      [2026, 12],
      [1990, null],
      [2016, 15],
      [2006, null],
      [2000, null],
    ]);
    expect(rows[1].flags).toBe("engine_hours_backwards");
  });

  it("an edit keeps the reading unless sent; PATCH with null clears it; the list is judged anew", async () => {
    const pump = await createVehicle(ctx, { org });
    await fill(pump.id, { engine_hours: "100" });
    const second = await fill(pump.id, {
      filled_on: "2026-11-02",
      odometer_km: "1010",
      liters: "30",
      engine_hours: "110",
    });
    await fuel.updateFuelReport(ctx, admin, second.id, { liters: "40" }, { patch: true });
    expect((await fuel.fuelRecord(ctx, admin, second.id)).engine_hours).toBe("110.0");
    expect(
      (await fuel.listFuelRows(ctx, admin, { vehicle_id: pump.id })).find((r) => r.id === second.id)?.l_per_hour,
    ).toBe(4);
    await fuel.updateFuelReport(ctx, admin, second.id, { engine_hours: "120" }, { patch: true });
    expect(
      (await fuel.listFuelRows(ctx, admin, { vehicle_id: pump.id })).find((r) => r.id === second.id)?.l_per_hour,
    ).toBe(2);
    expect(await outcome(fuel.updateFuelReport(ctx, admin, second.id, { engine_hours: "-5" }, { patch: true }))).toBe(
      "engine_hours:errors.range",
    );
    await fuel.updateFuelReport(ctx, admin, second.id, { engine_hours: null }, { patch: true });
    expect((await fuel.fuelRecord(ctx, admin, second.id)).engine_hours).toBeNull();
    expect(
      (await fuel.listFuelRows(ctx, admin, { vehicle_id: pump.id })).find((r) => r.id === second.id)?.l_per_hour,
    ).toBeNull();
  });

  it("the CSV import takes an optional engine_hours column with the same rule", async () => {
    await createVehicle(ctx, { org, registration: "FL 7" });
    const bad = await fuel.importFuelCsv(
      ctx,
      admin,
      file("date,registration,liters,odometer,engine hours\n2026-11-01,FL7,20,500,-3\n2026-11-02,FL7,20,510,abc\n"),
    );
    expect(bad).toEqual({
      saved: 0,
      errors: [
        { row: 2, field: "engine_hours", message: "engine_hours: range" },
        { row: 3, field: "engine_hours", message: "engine_hours: number" },
      ],
    });
    const ok = await fuel.importFuelCsv(
      ctx,
      admin,
      file("date,registration,liters,odometer,engine_hours\n2026-11-01,FL7,20,500,310.5\n2026-11-02,FL7,10,510,\n"),
    );
    expect(ok.saved).toBe(2);
    const saved = await ctx.db
      .selectFrom("maintenance_fuel_reports as f")
      .innerJoin("vehicles as v", "v.id", "f.vehicle_id")
      .select(["f.filled_on", "f.engine_hours"])
      .where("v.registration", "=", "FL 7")
      .orderBy("f.filled_on")
      .execute();
    expect(saved.map((x) => x.engine_hours)).toEqual(["310.5", null]);
  });
});
