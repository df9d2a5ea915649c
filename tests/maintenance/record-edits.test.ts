import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as catalogue from "../../server/modules/maintenance/catalogue.service";
import * as fuel from "../../server/modules/maintenance/fuel.service";
import * as records from "../../server/modules/maintenance/records.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { createVehicle } from "../support/factories";
import { outcome } from "../support/outcome";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let viewer: Principal;
let other: Principal;
let orgB: TestOrg;

const stock = async (id: string) => Number((await catalogue.getPart(ctx, admin, id)).stock);

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
  orgB = await createTestOrg(ctx);
  const b = orgB;
  admin = await principalFor(ctx, org.adminId);
  viewer = { ...admin, permissions: new Set([...admin.permissions].filter((x) => x !== "maintenance:write")) };
  other = await principalFor(ctx, b.adminId);
});
afterAll(async () => ctx?.close());

describe("editing a service", () => {
  it("puts the old parts back and takes the new ones; more than the stock is PART_OUT_OF_STOCK and changes nothing", async () => {
    const van = await createVehicle(ctx, { org });
    const oil = await catalogue.savePart(ctx, admin, null, { name: "Oil", unit_price: "10" });
    const filter = await catalogue.savePart(ctx, admin, null, { name: "Filter", unit_price: "4" });
    await catalogue.moveStock(ctx, admin, oil.id, { quantity: "10", reason: "purchase" });
    await catalogue.moveStock(ctx, admin, filter.id, { quantity: "2", reason: "purchase" });
    const s = await records.createService(
      ctx,
      admin,
      {
        vehicle_id: van.id,
        service_type: "Oil",
        completed_on: "2026-11-01",
        odometer_km: "5000",
        cost: "20",
        part_id: [oil.id],
        part_quantity: ["4"],
      },
      [{ fileName: "invoice.png", contentType: "image/png", data: TINY_PNG }],
    );
    expect(await stock(oil.id)).toBe(6);

    // 4 back, 7 out: 3 left; the filter 2 out: 0 left
    await records.updateService(ctx, admin, s.id, {
      vehicle_id: van.id,
      service_type: "Oil and filter",
      completed_on: "2026-11-02",
      odometer_km: "5010",
      cost: "25",
      part_id: [oil.id, filter.id],
      part_quantity: ["7", "2"],
    });
    expect([await stock(oil.id), await stock(filter.id)]).toEqual([3, 0]);
    const view = await records.serviceRecord(ctx, admin, s.id);
    expect(view).toMatchObject({ service_type: "Oil and filter", completed_on: "2026-11-02", total_cost: 25 + 70 + 8 });
    expect(view.parts.map((x) => [x.name, Number(x.quantity)]).sort()).toEqual([
      ["Filter", 2],
      ["Oil", 7],
    ]);
    expect(view.attachments).toHaveLength(1);

    // 7 + 3 = 10 oil there once the old lines are back: 11 is refused, and nothing moved
    expect(
      await outcome(
        records.updateService(ctx, admin, s.id, {
          vehicle_id: van.id,
          service_type: "X",
          completed_on: "2026-11-02",
          part_id: [oil.id],
          part_quantity: ["11"],
        }),
      ),
    ).toBe("PART_OUT_OF_STOCK");
    expect([await stock(oil.id), await stock(filter.id)]).toEqual([3, 0]);
    expect((await records.getService(ctx, admin, s.id)).service_type).toBe("Oil and filter");
    // exactly what is there once put back is allowed; dropping a line returns it
    await records.updateService(ctx, admin, s.id, {
      vehicle_id: van.id,
      service_type: "Oil",
      completed_on: "2026-11-02",
      part_id: [oil.id],
      part_quantity: ["10"],
    });
    expect([await stock(oil.id), await stock(filter.id)]).toEqual([0, 2]);
    // movements of one transaction share a time: compared as a set
    const moves = await ctx.db
      .selectFrom("maintenance_stock_movements")
      .select(["reason", "quantity", "note"])
      .where("part_id", "=", oil.id)
      .execute();
    expect(moves.map((m) => `${m.reason} ${Number(m.quantity)} ${m.note ?? ""}`.trim()).sort()).toEqual([
      "adjustment 4 service edited",
      "adjustment 7 service edited",
      "purchase 10",
      "service -10",
      "service -4",
      "service -7",
    ]);
    // deleting afterwards gives back the edited quantities
    await records.deleteService(ctx, admin, s.id);
    expect([await stock(oil.id), await stock(filter.id)]).toEqual([10, 2]);
  });

  it("validates like adding, audits the change, keeps the reading of the day, and a PATCH keeps what it does not send", async () => {
    const van = await createVehicle(ctx, { org });
    const s = await records.createService(ctx, admin, {
      vehicle_id: van.id,
      service_type: "Brakes",
      completed_on: "2026-11-01",
      odometer_km: "7000",
      cost: "50",
    });
    expect(
      await outcome(
        records.updateService(ctx, admin, s.id, { vehicle_id: van.id, service_type: "", completed_on: "2026-11-01" }),
      ),
    ).toMatch(/^[\w.]+:/);
    expect(
      await outcome(
        records.updateService(ctx, admin, s.id, {
          vehicle_id: van.id,
          service_type: "B",
          completed_on: "2026-11-01",
          part_id: ["x"],
          part_quantity: ["-1"],
        }),
      ),
    ).toBe("VALIDATION");
    const foreign = await catalogue.saveSupplier(ctx, other, null, { name: "Elsewhere" });
    expect(
      await outcome(
        records.updateService(ctx, admin, s.id, {
          vehicle_id: van.id,
          service_type: "B",
          completed_on: "2026-11-01",
          supplier_id: foreign.id,
        }),
      ),
    ).toBe("VALIDATION");
    expect(
      await outcome(
        records.updateService(ctx, viewer, s.id, { vehicle_id: van.id, service_type: "B", completed_on: "2026-11-01" }),
      ),
    ).toBe("FORBIDDEN");
    await records.updateService(ctx, admin, s.id, { notes: "checked" }, { patch: true });
    expect(await records.serviceRecord(ctx, admin, s.id)).toMatchObject({
      service_type: "Brakes",
      odometer_km: "7000.0",
      cost: "50.00",
      notes: "checked",
    });
    const logged = await ctx.db
      .selectFrom("audit_log")
      .select(["action"])
      .where("org_id", "=", org.orgId)
      .where("entity_id", "=", s.id)
      .orderBy("at")
      .execute();
    expect(logged.map((r) => r.action)).toEqual(["create", "update"]);
  });

  it("a car wash is edited with the wash rules", async () => {
    const van = await createVehicle(ctx, { org });
    const w = await records.createWash(ctx, admin, {
      vehicle_id: van.id,
      service_type: "exterior",
      completed_on: "2026-11-01",
      cost: "10",
    });
    expect(
      await outcome(
        records.updateService(ctx, admin, w.id, {
          vehicle_id: van.id,
          service_type: "engine",
          completed_on: "2026-11-01",
        }),
      ),
    ).toMatch(/^[\w.]+:/);
    const row = await records.updateService(ctx, admin, w.id, {
      vehicle_id: van.id,
      service_type: "full",
      completed_on: "2026-11-03",
      cost: "18",
    });
    expect(row).toMatchObject({ kind: "wash", service_type: "full", completed_on: "2026-11-03", cost: "18.00" });
  });

  it("another organisation's service or fuel report is not found and stays as it was", async () => {
    const theirVan = await createVehicle(ctx, { org: orgB });
    const s = await records.createService(ctx, other, {
      vehicle_id: theirVan.id,
      service_type: "Theirs",
      completed_on: "2026-11-01",
    });
    const f = await fuel.createFuelReport(ctx, other, {
      vehicle_id: theirVan.id,
      filled_on: "2026-11-01",
      liters: "30",
      odometer_km: "100",
      full_tank: "on",
    });
    const mine = await createVehicle(ctx, { org });
    expect(
      await outcome(
        records.updateService(ctx, admin, s.id, {
          vehicle_id: mine.id,
          service_type: "Mine",
          completed_on: "2026-11-01",
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await outcome(
        fuel.updateFuelReport(ctx, admin, f.id, {
          vehicle_id: mine.id,
          filled_on: "2026-11-01",
          liters: "1",
          odometer_km: "1",
        }),
      ),
    ).toBe("NOT_FOUND");
    // nor can my record be moved onto their vehicle
    const own = await records.createService(ctx, admin, {
      vehicle_id: mine.id,
      service_type: "Mine",
      completed_on: "2026-11-01",
    });
    expect(
      await outcome(
        records.updateService(ctx, admin, own.id, {
          vehicle_id: theirVan.id,
          service_type: "Mine",
          completed_on: "2026-11-01",
        }),
      ),
    ).toBe("VALIDATION");
    expect((await records.getService(ctx, other, s.id)).service_type).toBe("Theirs");
    expect(Number((await fuel.getFuelReport(ctx, other, f.id)).liters)).toBe(30);
  });
});

describe("editing a fuel report", () => {
  it("its consumption and flags and those of the next full-tank fill are worked out again", async () => {
    const van = await createVehicle(ctx, { org });
    await ctx.db
      .updateTable("vehicles")
      .set({ tank_volume: 60, fuel_consumption: 8 })
      .where("id", "=", van.id)
      .execute();
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-10-01",
      liters: "40",
      odometer_km: "10000",
      full_tank: "on",
    });
    const middle = await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-10-08",
      liters: "40",
      odometer_km: "10500",
      full_tank: "on",
    });
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: van.id,
      filled_on: "2026-10-15",
      liters: "40",
      odometer_km: "11000",
      full_tank: "on",
    });
    const view = async () =>
      (await fuel.listFuelRows(ctx, admin, { vehicle_id: van.id })).map((r) => [r.filled_on, r.consumption, r.flags]);
    expect(await view()).toEqual([
      ["2026-10-15", 8, []],
      ["2026-10-08", 8, []],
      ["2026-10-01", null, []],
    ]);

    // a typo in the middle fill's odometer: it now claims 100 km, and the next one 900
    await fuel.updateFuelReport(ctx, admin, middle.id, {
      vehicle_id: van.id,
      filled_on: "2026-10-08",
      liters: "40",
      odometer_km: "10100",
      full_tank: "on",
    });
    expect(await view()).toEqual([
      ["2026-10-15", 4.44, ["consumption_far"]],
      ["2026-10-08", 40, ["consumption_far"]],
      ["2026-10-01", null, []],
    ]);

    // a partial fill closes no interval: its liters count at the next full tank (80 l over 1000 km)
    await fuel.updateFuelReport(ctx, admin, middle.id, {
      vehicle_id: van.id,
      filled_on: "2026-10-08",
      liters: "40",
      odometer_km: "10500",
    });
    expect(await view()).toEqual([
      ["2026-10-15", 8, []],
      ["2026-10-08", null, []],
      ["2026-10-01", null, []],
    ]);

    // more than the tank, and an odometer below the previous fill
    await fuel.updateFuelReport(
      ctx,
      admin,
      middle.id,
      { liters: "70", odometer_km: "9000", full_tank: true, confirm_odometer: true },
      { patch: true },
    );
    const rows = await view();
    expect(rows[1]).toEqual(["2026-10-08", null, ["over_tank", "odometer_backwards"]]);
    expect(
      await outcome(
        fuel.updateFuelReport(ctx, admin, middle.id, {
          vehicle_id: van.id,
          filled_on: "2026-10-08",
          liters: "",
          odometer_km: "1",
        }),
      ),
    ).toMatch(/^[\w.]+:/);
    const logged = await ctx.db.selectFrom("audit_log").select("action").where("entity_id", "=", middle.id).execute();
    expect(logged.filter((r) => r.action === "update")).toHaveLength(3);
  });
});
