import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as catalogue from "../../server/modules/maintenance/catalogue.service";
import { fleetCosts } from "../../server/modules/maintenance/costs.service";
import * as fuel from "../../server/modules/maintenance/fuel.service";
import * as records from "../../server/modules/maintenance/records.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { createVehicle } from "../support/factories";
import { outcome } from "../support/outcome";
import { putVehicleState } from "../support/vehicle-state";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let other: Principal;

const csv = (text: string) => ({ name: "statement.csv", size: Buffer.byteLength(text), text: async () => text });

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
  const b = await createTestOrg(ctx);
  admin = await principalFor(ctx, org.adminId);
  other = await principalFor(ctx, b.adminId);
});
afterAll(async () => ctx?.close());

describe("services, car wash, suppliers and parts", () => {
  it("a service with parts takes them from stock at the part's price, keeps the telematics odometer, and gives them back when deleted", async () => {
    const van = await createVehicle(ctx, { org, device: true });
    await putVehicleState(ctx, van.id, org.orgId, { odometer_m: 42_000_000 });
    const garage = await catalogue.saveSupplier(ctx, admin, null, {
      name: "Auto Servis Tirana",
      category: "service",
      phone: "+355 69 000 0000",
      email: "servis@example.al",
    });
    const pads = await catalogue.savePart(ctx, admin, null, {
      name: "Brake pads",
      part_number: "BP-1",
      supplier_id: garage.id,
      unit_price: "35",
    });
    await catalogue.moveStock(ctx, admin, pads.id, { quantity: "8", reason: "purchase" });
    const s = await records.createService(
      ctx,
      admin,
      {
        vehicle_id: van.id,
        service_type: "Brakes",
        completed_on: "2026-11-01",
        odometer_km: "41000",
        cost: "60",
        supplier_id: garage.id,
        part_id: [pads.id],
        part_quantity: ["4"],
      },
      [{ fileName: "invoice.png", contentType: "image/png", data: TINY_PNG }],
    );
    const view = await records.serviceRecord(ctx, admin, s.id);
    expect(view).toMatchObject({ total_cost: 200, telematics_odometer_km: "42000.0", odometer_km: "41000.0" });
    expect(view.attachments).toHaveLength(1);
    expect(Number((await catalogue.getPart(ctx, admin, pads.id)).stock)).toBe(4);
    const listed = await records.listServiceRows(ctx, admin, "service", { vehicle_id: van.id });
    expect(listed[0]).toMatchObject({ odometer_disagrees: true, total_cost: 200, supplier_name: "Auto Servis Tirana" });
    const att = await records.getAttachment(ctx, admin, view.attachments[0].id);
    expect(Buffer.compare(att.data, TINY_PNG)).toBe(0);
    expect(await outcome(records.getAttachment(ctx, other, view.attachments[0].id))).toBe("NOT_FOUND");
    await records.deleteService(ctx, admin, s.id);
    expect(Number((await catalogue.getPart(ctx, admin, pads.id)).stock)).toBe(8);
  });

  it("refuses a stock movement below zero, an attachment that is not an image or PDF, and another organisation's supplier", async () => {
    const van = await createVehicle(ctx, { org });
    const part = await catalogue.savePart(ctx, admin, null, { name: "Wiper" });
    expect(await outcome(catalogue.moveStock(ctx, admin, part.id, { quantity: "-1", reason: "adjustment" }))).toBe(
      "PART_OUT_OF_STOCK",
    );
    expect(
      await outcome(
        records.createService(ctx, admin, { vehicle_id: van.id, service_type: "X", completed_on: "2026-11-01" }, [
          { fileName: "a.exe", contentType: "application/x-msdownload", data: Buffer.from("MZ") },
        ]),
      ),
    ).toBe("VALIDATION");
    const foreign = await catalogue.saveSupplier(ctx, other, null, { name: "Other garage" });
    expect(
      await outcome(
        records.createWash(ctx, admin, { vehicle_id: van.id, completed_on: "2026-11-01", supplier_id: foreign.id }),
      ),
    ).toBe("VALIDATION");
    expect(await outcome(catalogue.getSupplier(ctx, admin, foreign.id))).toBe("NOT_FOUND");
    expect(await outcome(catalogue.saveSupplier(ctx, admin, foreign.id, { name: "stolen" }))).toBe("NOT_FOUND");
  });
});

describe("fuel reports", () => {
  it("lists refuels with the full-tank consumption and the checks", async () => {
    const van = await createVehicle(ctx, { org, registration: "FUEL 1" });
    await ctx.db
      .updateTable("vehicles")
      .set({ tank_volume: 70, fuel_consumption: 9 })
      .where("id", "=", van.id)
      .execute();
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-10-01",
      liters: "50",
      price: "90",
      odometer_km: "20000",
      full_tank: "on",
    });
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-10-08",
      liters: "45",
      price: "81",
      odometer_km: "20500",
      full_tank: "on",
      bill_number: "B-2",
    });
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-10-15",
      liters: "75",
      price: "135",
      odometer_km: "20400",
      full_tank: "on",
      // below the earlier fill: refused unless confirmed (ODOMETER_BELOW_PREVIOUS), then saved and flagged
      confirm_odometer: "on",
    });
    const rows = await fuel.listFuelRows(ctx, admin, { vehicle_id: van.id });
    expect(rows.map((r) => [r.filled_on, r.consumption, r.flags])).toEqual([
      ["2026-10-15", null, ["over_tank", "odometer_backwards"]],
      ["2026-10-08", 9, []],
      ["2026-10-01", null, []],
    ]);
    expect(
      await outcome(
        fuel.createFuelReport(ctx, admin, {
          vehicle_id: van.id,
          filled_on: "2026-10-20",
          liters: "",
          odometer_km: "1",
        }),
      ),
    ).toMatch(/^[\w.]+:/);
    expect((await fuel.listFuel(ctx, other, {})).length).toBe(0);
  });

  it("imports a fuel-card CSV; one bad row saves nothing and every bad row is reported", async () => {
    const van = await createVehicle(ctx, { org, registration: "AA 123 BB" });
    await catalogue.saveSupplier(ctx, admin, null, { name: "Kastrati", category: "fuel" });
    const bad = await fuel.importFuelCsv(
      ctx,
      admin,
      csv(
        [
          "date,registration,liters,price,odometer,bill_number,supplier,full_tank",
          "2026-11-01,AA 123 BB,40,72,30000,K-1,Kastrati,yes",
          "2026-11-05,ZZ 999 ZZ,35,63,30400,K-2,Kastrati,yes",
          "2026-13-01,AA123BB,abc,63,30800,K-3,Nobody,no",
        ].join("\n"),
      ),
    );
    expect(bad.saved).toBe(0);
    expect(bad.errors.map((e) => [e.row, e.field])).toEqual([
      [3, "registration"],
      [4, "date"],
      [4, "supplier"],
      [4, "liters"],
    ]);
    expect(
      await ctx.db.selectFrom("maintenance_fuel_reports").select("id").where("vehicle_id", "=", van.id).execute(),
    ).toEqual([]);
    const good = await fuel.importFuelCsv(
      ctx,
      admin,
      csv(
        "date,registration,liters,price,odometer,bill_number,supplier,full_tank\n2026-11-01,aa123bb,40,72,30000,K-1,kastrati,yes\n2026-11-09,AA 123 BB,42,75.6,30600,K-2,,no\n",
      ),
    );
    expect(good).toEqual({ saved: 2, errors: [] });
    const rows = await fuel.listFuelRows(ctx, admin, { vehicle_id: van.id });
    expect(rows.map((r) => [r.bill_number, r.full_tank, r.supplier_name])).toEqual([
      ["K-2", false, null],
      ["K-1", true, "Kastrati"],
    ]);
    expect(await outcome(fuel.importFuelCsv(ctx, admin, csv("foo,bar\n1,2\n")))).toBe("IMPORT_FORMAT");
  });
});

describe("fleet profile", () => {
  it("adds service, parts, wash and fuel per vehicle and team over the period and divides by the telematics distance", async () => {
    const van = await createVehicle(ctx, { org, team: "new" });
    const part = await catalogue.savePart(ctx, admin, null, { name: "Oil filter", unit_price: "10" });
    await catalogue.moveStock(ctx, admin, part.id, { quantity: "5", reason: "purchase" });
    await records.createService(ctx, admin, {
      vehicle_id: van.id,
      service_type: "Oil",
      completed_on: "2026-09-10",
      cost: "50",
      part_id: [part.id],
      part_quantity: ["2"],
    });
    await records.createWash(ctx, admin, { vehicle_id: van.id, completed_on: "2026-09-11", cost: "10" });
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-09-12",
      liters: "50",
      price: "110",
      odometer_km: "100",
      full_tank: "on",
    });
    await records.createWash(ctx, admin, { vehicle_id: van.id, completed_on: "2026-08-01", cost: "999" });
    await ctx.db.updateTable("vehicles").set({ purchase_price: 30000 }).where("id", "=", van.id).execute();
    await ctx.db
      .insertInto("vehicle_segments")
      .values({
        org_id: org.orgId,
        vehicle_id: van.id,
        kind: "trip",
        start_time: "2026-09-15T08:00:00Z",
        end_time: "2026-09-15T10:00:00Z",
        start_lat: 41,
        start_lon: 19,
        end_lat: 41.5,
        end_lon: 19.5,
        distance_m: 380_000,
        max_speed_kmh: 90,
        engine_s: 7200,
        idle_s: 0,
        start_odometer_m: 0,
        end_odometer_m: 380_000,
        points: 100,
      } as never)
      .execute();
    const costs = await fleetCosts(ctx, admin, { from: "2026-09-01", to: "2026-09-30", team_id: van.team_id! });
    expect(costs.vehicles).toEqual([
      expect.objectContaining({
        service: 50,
        parts: 20,
        wash: 10,
        fuel: 110,
        total: 190,
        distance_km: 380,
        cost_per_km: 0.5,
        purchase_price: 30000,
      }),
    ]);
    expect(costs.teams).toEqual([expect.objectContaining({ team_id: van.team_id, total: 190, cost_per_km: 0.5 })]);
  });
});
