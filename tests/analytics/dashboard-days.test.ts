import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTile, dashboardData } from "../../server/modules/analytics/dashboard/dashboard.service";
import { createTestContext, createTestOrg, principalFor, type TestContext } from "../support/context";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

describe("a line tile's days", () => {
  it("counts each trip on the local day it starts, across the spring clock change (weeks from Sunday)", async () => {
    const org = await createTestOrg(ctx, { demo: true });
    await ctx.db
      .updateTable("organization_settings")
      .set({ timezone: "Europe/Tirane" })
      .where("org_id", "=", org.orgId)
      .execute();
    const p = await principalFor(ctx, org.adminId);
    const v = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow();
    const trip = (startIso: string) =>
      sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh, engine_s)
      VALUES (${org.orgId}, ${v.id}, 'trip', ${startIso}, ${new Date(new Date(startIso).getTime() + 600_000).toISOString()}, 41.3, 19.8, 41.4, 19.9, 5000, 50, 600)`.execute(
        ctx.db,
      );
    await trip("2026-03-28T22:30:00Z"); // Saturday 23:30 CET: the week before
    await trip("2026-03-28T23:30:00Z"); // Sunday 00:30 CET
    await trip("2026-03-29T22:30:00Z"); // Monday 00:30 CEST (clocks went forward on Sunday)
    await trip("2026-03-31T21:59:00Z"); // Tuesday 23:59 CEST
    await addTile(ctx, p, { metric: "trips", chart_type: "line", time_window: "this_week", vehicle_ids: [v.id] });
    const [tile] = await dashboardData(ctx, p, new Date("2026-04-01T10:00:00Z"));
    expect(tile).toMatchObject({ from: "2026-03-29", to: "2026-04-01", value: 3 });
    expect(tile.series).toEqual([
      { day: "2026-03-29", value: 1 },
      { day: "2026-03-30", value: 1 },
      { day: "2026-03-31", value: 1 },
      { day: "2026-04-01", value: 0 },
    ]);
  });
});
