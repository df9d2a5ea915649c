import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarWeek, listHistory } from "../../server/modules/car-sharing/bookings.service";
import { seedDemoCarSharing } from "../../server/seed/seed-car-sharing";
import { createTestContext, createTestOrg, principalFor, type TestContext } from "../support/context";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

describe("demo car sharing", () => {
  it("puts cars in the pool with purposes and bookings the history and calendar show", async () => {
    const org = await createTestOrg(ctx, { demo: true });
    await seedDemoCarSharing(ctx.db, org.orgId, org.adminId);
    const admin = await principalFor(ctx, org.adminId);
    const history = await listHistory(ctx, admin, "all", { q: "", page: 1, size: 20, dir: "asc" });
    expect(history.total).toBe(5);
    expect(history.items.filter((b) => b.status === "completed")).toHaveLength(1);
    const week = await calendarWeek(ctx, admin, null);
    expect(week.vehicles).toHaveLength(4);
  });
});
