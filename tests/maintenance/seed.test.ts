import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoMaintenance } from "../../server/seed/seed-maintenance";
import * as reminders from "../../server/modules/maintenance/reminders.service";
import { listFuelRows } from "../../server/modules/maintenance/fuel.service";
import { createTestContext, createTestOrg, principalFor, type TestContext } from "../support/context";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

describe("demo maintenance data", () => {
  it("gives the demo fleet an oil change on every van (one due soon), insurance renewals, services, refuels with consumption", async () => {
    const org = await createTestOrg(ctx, { demo: true });
    await seedDemoMaintenance(ctx.db, org.orgId, org.adminId);
    const admin = await principalFor(ctx, org.adminId);
    const page = await reminders.listReminders(ctx, admin, {}, { q: "", page: 1, size: 200, dir: "asc" });
    const oil = page.items.filter((r) => r.name === "Ndërrim vaji");
    expect(oil.length).toBeGreaterThan(5);
    expect(oil.filter((r) => r.status === "due_soon")).toHaveLength(1);
    expect(oil.find((r) => r.status === "due_soon")).toMatchObject({ km_left: 800 });
    expect(page.counts.due_soon).toBeGreaterThanOrEqual(2);
    const fuel = await listFuelRows(ctx, admin, {});
    expect(fuel.filter((f) => f.consumption !== null).length).toBeGreaterThan(5);
    const stock = await ctx.db
      .selectFrom("maintenance_parts")
      .select(["name", "stock"])
      .where("org_id", "=", org.orgId)
      .orderBy("name")
      .execute();
    expect(stock.find((s) => s.name.startsWith("Vaj"))?.stock).toBe("42.00");
  });
});
