import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReport } from "../../server/modules/analytics/analytics.service";
import { reportCsv } from "../../server/modules/analytics/exports/csv-export";
import type { Principal } from "../../server/modules/access/principal";
import * as catalogue from "../../server/modules/maintenance/catalogue.service";
import * as fuel from "../../server/modules/maintenance/fuel.service";
import * as records from "../../server/modules/maintenance/records.service";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { MAINTENANCE_REPORTS } from "../../server/modules/maintenance/maintenance.reports";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let seen: { id: string; team_id: string | null; registration: string };
let hidden: { id: string; registration: string };

const params = { from: "2026-11-01", to: "2026-11-30" };

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
  admin = await principalFor(ctx, org.adminId);
  seen = await createVehicle(ctx, { org, team: "new", registration: "SEEN 1" });
  hidden = await createVehicle(ctx, { org, team: "new", registration: "HIDDEN 1" });
  const part = await catalogue.savePart(ctx, admin, null, { name: "Spark plug", part_number: "SP-4", unit_price: "6" });
  await catalogue.moveStock(ctx, admin, part.id, { quantity: "20", reason: "purchase" });
  for (const v of [seen, hidden]) {
    await records.createService(ctx, admin, {
      vehicle_id: v.id,
      service_type: "Ignition",
      completed_on: "2026-11-10",
      cost: "40",
      part_id: [part.id],
      part_quantity: ["4"],
    });
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: v.id,
      filled_on: "2026-11-11",
      liters: "50",
      price: "100",
      odometer_km: "1000",
      full_tank: "on",
    });
    await fuel.createFuelReport(ctx, admin, {
      vehicle_id: v.id,
      filled_on: "2026-11-20",
      liters: "40",
      price: "80",
      odometer_km: "1500",
      full_tank: "on",
    });
    await createReminders(ctx, admin, {
      vehicle_ids: [v.id],
      name: "Inspection",
      kind: "obligatory",
      interval_days: "365",
      active: "on",
      base_date: "2025-01-01",
    });
  }
});
afterAll(async () => ctx?.close());

describe("maintenance reports in the analytics catalogue", () => {
  it("each maintenance report finds the month's records, with its own texts in both languages", async () => {
    for (const r of MAINTENANCE_REPORTS) {
      const run = await runReport(ctx, admin, r.type, params);
      expect(run.result.rows.length, r.type).toBeGreaterThan(0);
      for (const c of r.columns) expect(Object.keys(run.result.rows[0]), `${r.type}.${c.key}`).toContain(c.key);
      expect(r.texts?.al.title).toBeTruthy();
      expect(Object.keys(r.texts!.en.columns).sort()).toEqual(r.columns.map((c) => c.key).sort());
    }
    const costs = await runReport(ctx, admin, "maintenance_costs", { ...params, vehicle_ids: [seen.id] });
    expect(costs.result.rows).toEqual([
      expect.objectContaining({ vehicle: "SEEN 1", service: 40, parts: 24, fuel: 180, total: 244 }),
    ]);
    const refuels = await runReport(ctx, admin, "fuel_refuels", { ...params, vehicle_ids: [seen.id] });
    expect(refuels.result.rows.map((r) => r.consumption)).toEqual([8, null]);
    expect(reportCsv(refuels, "en")).toContain("l/100 km");
    const due = await runReport(ctx, admin, "reminders_due", { ...params, vehicle_ids: [seen.id] });
    expect(due.result.rows).toEqual([expect.objectContaining({ reminder: "Inspection", status: "overdue" })]);
  });

  it("a user limited to one team sees nothing of another team's vehicles in any maintenance report", async () => {
    const teamOnly = { ...admin, teamIds: [seen.team_id!] };
    for (const r of MAINTENANCE_REPORTS) {
      const run = await runReport(ctx, teamOnly, r.type, params);
      expect(JSON.stringify(run.result.rows), r.type).not.toContain("HIDDEN");
      expect(JSON.stringify(run.result.rows), r.type).toContain("SEEN");
    }
  });

  it("needs the maintenance permission", async () => {
    const noMaintenance = {
      ...admin,
      permissions: new Set([...admin.permissions].filter((x) => !x.startsWith("maintenance:"))),
    } as Principal;
    await expect(runReport(ctx, noMaintenance, "parts_used", params)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
