import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReport } from "../../server/modules/analytics/analytics.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { poolVehicle, purpose } from "./helpers";

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
});
afterAll(async () => ctx?.close());

describe("car-sharing reports in the analytics catalogue", () => {
  it("bookings and utilisation per vehicle and per user, with cancellations and no-shows", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const v = await poolVehicle(ctx, org);
    const u = await createUser(ctx, { org, role: "driver", firstName: "Report", lastName: "User" });
    const purposeId = (await purpose(ctx, org)).id;
    const at = (h: number) => new Date(Date.UTC(2030, 2, 5, h));
    const rows = [
      { starts_at: at(8), ends_at: at(14), status: "completed" as const, distance_km: "42.5" },
      { starts_at: at(15), ends_at: at(16), status: "cancelled" as const },
      { starts_at: at(17), ends_at: at(18), status: "cancelled" as const, no_show: true },
    ];
    for (const r of rows) {
      await ctx.db
        .insertInto("bookings")
        .values({
          org_id: org.orgId,
          user_id: u.id,
          vehicle_id: v.id,
          type: "shared",
          destination: "x",
          purpose_id: purposeId,
          created_by: org.adminId,
          ...r,
        })
        .execute();
    }
    const byVehicle = await runReport(ctx, admin, "car_sharing_vehicles", {
      from: "2030-03-05",
      to: "2030-03-05",
      vehicle_ids: [v.id],
    });
    expect(byVehicle.result.rows).toEqual([
      {
        vehicle: v.registration,
        in_pool: "yes",
        bookings: 1,
        booked: 6 * 3600,
        utilisation: 25,
        distance: 42_500,
        cancellations: 1,
        no_shows: 1,
      },
    ]);
    const byUser = await runReport(ctx, admin, "car_sharing_users", {
      from: "2030-03-05",
      to: "2030-03-05",
      vehicle_ids: [v.id],
    });
    expect(byUser.result.rows.find((r) => r.user === "Report User")).toEqual({
      user: "Report User",
      bookings: 1,
      booked: 6 * 3600,
      distance: 42_500,
      cancellations: 1,
      no_shows: 1,
    });
  });
});
