import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as catalogue from "../../server/modules/maintenance/catalogue.service";
import * as reminders from "../../server/modules/maintenance/reminders.service";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { addDays } from "../../server/shared/dates";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createTeam, createUser, createVehicle } from "../support/factories";
import { outcome } from "../support/outcome";
import { putVehicleState } from "../support/vehicle-state";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let viewer: Principal;
let other: Principal;
let today: string;
let team: string;

const list = (p: Principal, filter = {}) =>
  reminders.listReminders(ctx, p, filter, { q: "", page: 1, size: 200, dir: "asc" });

/** Puts a vehicle's telematics odometer at `km` (the state the position pipeline keeps). */
async function setTelematicsKm(vehicleId: string, orgId: string, km: number) {
  await putVehicleState(ctx, vehicleId, orgId, { odometer_m: km * 1000 });
}

beforeAll(async () => {
  ctx = createTestContext();
  [org] = await Promise.all([createTestOrg(ctx)]);
  const b = await createTestOrg(ctx);
  admin = await principalFor(ctx, org.adminId);
  other = await principalFor(ctx, b.adminId);
  team = (await createTeam(ctx, { org })).id;
  const viewerRow = await createUser(ctx, {
    org,
    role: "viewer",
    team,
    firstName: "View",
    lastName: "Er",
    email: `viewer-${org.orgId.slice(0, 6)}@test.flota`,
  });
  viewer = await principalFor(ctx, viewerRow.id);
  today = await orgToday(ctx, org.orgId);
});
afterAll(async () => ctx?.close());

describe("service reminders", () => {
  it("creates one reminder per chosen vehicle, counting from each vehicle's current odometer", async () => {
    const vans = await Promise.all([1, 2, 3].map(() => createVehicle(ctx, { org, category: "Van", device: true })));
    await setTelematicsKm(vans[0].id, org.orgId, 14_500);
    await setTelematicsKm(vans[1].id, org.orgId, 20_000);
    const rows = await reminders.createReminders(ctx, admin, {
      vehicle_ids: vans.map((v) => v.id),
      name: "Oil change",
      kind: "regular",
      interval_km: "15000",
      before_km: "1000",
      repeat: "on",
      active: "on",
      base_date: today,
    });
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => Number(r.base_odometer_km)).sort((a, b) => a - b)).toEqual([0, 14_500, 20_000]);
    // van 0 counted from 14,500 is due at 29,500; drive it to 28,600: inside the 1,000 km warning
    await setTelematicsKm(vans[0].id, org.orgId, 28_600);
    await setTelematicsKm(vans[2].id, org.orgId, 15_300);
    const page = await list(admin, { vehicle_id: vans[0].id });
    expect(page.items[0]).toMatchObject({ status: "due_soon", km_left: 900, due_km: 29_500, odometer_km: 28_600 });
    const third = await reminders.getReminder(ctx, admin, rows.find((r) => r.vehicle_id === vans[2].id)!.id);
    expect(third).toMatchObject({ status: "overdue", km_left: -300 });
    const overdue = await list(admin, { status: "overdue" });
    expect(overdue.items.map((r) => r.vehicle_id)).toContain(vans[2].id);
    expect(overdue.items.map((r) => r.vehicle_id)).not.toContain(vans[0].id);
  });

  it("refuses a reminder without any interval, without vehicles, or with another organisation's vehicle", async () => {
    const van = await createVehicle(ctx, { org });
    const otherVan = await createVehicle(ctx, { org: { orgId: other.orgId } as TestOrg });
    expect(
      await outcome(reminders.createReminders(ctx, admin, { vehicle_ids: [van.id], name: "X", base_date: today })),
    ).toMatch(/^interval_days:/);
    expect(
      await outcome(
        reminders.createReminders(ctx, admin, { vehicle_ids: [], name: "X", interval_days: "10", base_date: today }),
      ),
    ).toMatch(/^vehicle_ids:/);
    expect(
      await outcome(
        reminders.createReminders(ctx, admin, {
          vehicle_ids: [otherVan.id],
          name: "X",
          interval_days: "10",
          base_date: today,
        }),
      ),
    ).toBe("VALIDATION");
  });

  it("a vehicle without a device falls back to the last entered odometer", async () => {
    const car = await createVehicle(ctx, { org, category: "Car" });
    const [r] = await reminders.createReminders(ctx, admin, {
      vehicle_ids: [car.id],
      name: "Tyres",
      interval_km: "10000",
      before_km: "500",
      active: "on",
      repeat: "on",
      base_date: today,
      base_odometer_km: "1000",
    });
    expect((await reminders.getReminder(ctx, admin, r.id)).status).toBe("ok");
    await ctx.db
      .insertInto("maintenance_fuel_reports")
      .values({ org_id: org.orgId, vehicle_id: car.id, filled_on: today, liters: 40, odometer_km: 10_700 })
      .execute();
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "due_soon",
      odometer_km: 10_700,
      km_left: 300,
    });
  });

  it("time reminders: due soon inside the warning days, overdue after the day; inactive ones are left alone", async () => {
    const car = await createVehicle(ctx, { org, category: "Car" });
    const [soon, late, off] = await Promise.all([
      reminders.createReminders(ctx, admin, {
        vehicle_ids: [car.id],
        name: "Insurance",
        kind: "obligatory",
        interval_days: "365",
        before_days: "30",
        active: "on",
        base_date: addDays(today, -350),
      }),
      reminders.createReminders(ctx, admin, {
        vehicle_ids: [car.id],
        name: "Inspection",
        kind: "obligatory",
        interval_days: "365",
        active: "on",
        base_date: addDays(today, -370),
      }),
      reminders.createReminders(ctx, admin, {
        vehicle_ids: [car.id],
        name: "Registration",
        kind: "obligatory",
        interval_days: "365",
        base_date: addDays(today, -370),
      }),
    ]);
    expect(await reminders.getReminder(ctx, admin, soon[0].id)).toMatchObject({ status: "due_soon", days_left: 15 });
    expect(await reminders.getReminder(ctx, admin, late[0].id)).toMatchObject({ status: "overdue", days_left: -5 });
    expect(await reminders.getReminder(ctx, admin, off[0].id)).toMatchObject({ status: "inactive" });
    const obligatory = await list(admin, { vehicle_id: car.id, kind: "obligatory" });
    expect(obligatory.items.map((r) => r.name)).toEqual(["Inspection", "Insurance", "Registration"]);
    expect(obligatory.counts).toMatchObject({ overdue: 1, due_soon: 1, inactive: 1 });
  });

  it("completing a repeating reminder records a service with parts from stock and re-arms from the completion day and odometer", async () => {
    const van = await createVehicle(ctx, { org, device: true });
    await setTelematicsKm(van.id, org.orgId, 30_100);
    const [r] = await reminders.createReminders(ctx, admin, {
      vehicle_ids: [van.id],
      name: "Oil change",
      interval_km: "15000",
      interval_days: "365",
      before_km: "1000",
      repeat: "on",
      active: "on",
      base_date: addDays(today, -100),
      base_odometer_km: "15000",
    });
    expect((await reminders.getReminder(ctx, admin, r.id)).status).toBe("overdue");
    const oil = await catalogue.savePart(ctx, admin, null, {
      name: "Engine oil 5W-30 (l)",
      part_number: "OIL-530",
      unit_price: "9.5",
    });
    await catalogue.moveStock(ctx, admin, oil.id, { quantity: "20", reason: "purchase" });
    const done = await reminders.completeReminder(ctx, admin, r.id, {
      completed_on: today,
      odometer_km: "",
      cost: "40",
      part_id: [oil.id, ""],
      part_quantity: ["6", ""],
    });
    expect(done.service).toMatchObject({
      service_type: "Oil change",
      reminder_id: r.id,
      odometer_km: "30100.0",
      completed_on: today,
    });
    const after = await reminders.getReminder(ctx, admin, r.id);
    expect(after).toMatchObject({ status: "ok", base_date: today, due_km: 45_100, days_left: 365 });
    expect((await reminders.reminderView(ctx, admin, r.id)).cycle).toBe(1);
    expect(Number((await catalogue.getPart(ctx, admin, oil.id)).stock)).toBe(14);
  });

  it("completing a one-off reminder marks it done; parts beyond the stock are refused and nothing is saved", async () => {
    const van = await createVehicle(ctx, { org });
    const [r] = await reminders.createReminders(ctx, admin, {
      vehicle_ids: [van.id],
      name: "Registration",
      kind: "obligatory",
      interval_days: "365",
      active: "on",
      base_date: today,
    });
    const filter = await catalogue.savePart(ctx, admin, null, { name: "Air filter", unit_price: "12" });
    expect(
      await outcome(
        reminders.completeReminder(ctx, admin, r.id, {
          completed_on: today,
          part_id: [filter.id],
          part_quantity: ["1"],
        }),
      ),
    ).toBe("PART_OUT_OF_STOCK");
    expect(
      await ctx.db.selectFrom("maintenance_services").select("id").where("reminder_id", "=", r.id).execute(),
    ).toEqual([]);
    await reminders.completeReminder(ctx, admin, r.id, { completed_on: today, odometer_km: "500" });
    expect((await reminders.getReminder(ctx, admin, r.id)).status).toBe("done");
  });

  it("edits one reminder and deletes it; a viewer of the vehicle's team reads but may not write; another organisation sees nothing", async () => {
    const van = await createVehicle(ctx, { org, team });
    const hidden = await createVehicle(ctx, { org });
    const [elsewhere] = await reminders.createReminders(ctx, admin, {
      vehicle_ids: [hidden.id],
      name: "Hidden",
      interval_days: "10",
      active: "on",
      base_date: today,
    });
    expect(await outcome(reminders.getReminder(ctx, viewer, elsewhere.id))).toBe("NOT_FOUND");
    const [r] = await reminders.createReminders(ctx, admin, {
      vehicle_ids: [van.id],
      name: "Brakes",
      interval_km: "30000",
      active: "on",
      base_date: today,
      base_odometer_km: "0",
    });
    await reminders.updateReminder(ctx, admin, r.id, {
      vehicle_ids: [van.id],
      name: "Brake pads",
      interval_km: "25000",
      before_km: "2000",
      active: "on",
      base_date: today,
      base_odometer_km: "100",
    });
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      name: "Brake pads",
      due_km: 25_100,
      repeat: false,
    });
    expect(await outcome(reminders.getReminder(ctx, viewer, r.id))).toBe("OK");
    expect(await outcome(reminders.updateReminder(ctx, viewer, r.id, {}))).toBe("FORBIDDEN");
    expect(await outcome(reminders.getReminder(ctx, other, r.id))).toBe("NOT_FOUND");
    expect(await outcome(reminders.updateReminder(ctx, other, r.id, {}))).toBe("NOT_FOUND");
    expect(await outcome(reminders.completeReminder(ctx, other, r.id, { completed_on: today }))).toBe("NOT_FOUND");
    expect(await outcome(reminders.deleteReminder(ctx, other, r.id))).toBe("NOT_FOUND");
    expect((await list(other)).items).toEqual([]);
    await reminders.deleteReminder(ctx, admin, r.id);
    expect(await outcome(reminders.getReminder(ctx, admin, r.id))).toBe("NOT_FOUND");
  });
});
