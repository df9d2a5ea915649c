import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addTile,
  benchmarks,
  dashboardData,
  moveTile,
  removeTile,
} from "../../server/modules/analytics/dashboard/dashboard.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";

let ctx: TestContext;
let org: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
type V = { id: string; registration: string; team_id: string | null; driver_id: string | null };
let a: V;
let b: V;
/** Tuesday 2026-11-24 10:00 in Tirana: this week began on Sunday the 22nd */
const NOW = new Date("2026-11-24T09:00:00Z");

async function trip(v: V, startIso: string, minutes: number, km: number, over: { brake?: number } = {}) {
  const start = new Date(startIso);
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, driver_id, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh, engine_s, harsh_brake)
    VALUES (${org.orgId}, ${v.id}, 'trip', ${start.toISOString()}, ${new Date(start.getTime() + minutes * 60_000).toISOString()}, ${v.driver_id}, 41.3, 19.8, 41.4, 19.9,
      ${km * 1000}, 80, ${minutes * 60}, ${over.brake ?? 0})`.execute(ctx.db);
}

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  admin = await principalFor(ctx, org.adminId);
  const vs = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration", "team_id", "driver_id"])
    .where("org_id", "=", org.orgId)
    .where("driver_id", "is not", null)
    .orderBy("registration")
    .execute();
  a = vs[0];
  b = vs.find((v) => v.team_id !== a.team_id)!;
  await trip(a, "2026-11-23T07:00:00Z", 60, 40); // Monday this week
  await trip(a, "2026-11-24T06:00:00Z", 30, 20, { brake: 1 }); // today
  await trip(b, "2026-11-23T12:00:00Z", 90, 100);
  await trip(b, "2026-11-20T12:00:00Z", 30, 15); // Friday last week
});
afterAll(async () => ctx?.close());

describe("dashboard tiles", () => {
  it("computes each tile from the stored segments in its window, ranked, totalled or averaged", async () => {
    const total = await addTile(ctx, admin, {
      metric: "distance",
      chart_type: "number",
      time_window: "this_week",
      aggregation: "total",
    });
    const average = await addTile(ctx, admin, {
      metric: "trips",
      chart_type: "number",
      time_window: "previous_week",
      aggregation: "average",
      vehicle_ids: [b.id],
    });
    const ranked = await addTile(ctx, admin, {
      metric: "distance",
      chart_type: "bar",
      time_window: "this_week",
      ranking: "bottom",
      ranking_size: "10",
    });
    const line = await addTile(ctx, admin, { metric: "trips", chart_type: "line", time_window: "this_week" });
    const data = await dashboardData(ctx, admin, NOW);
    const byId = new Map(data.map((d) => [d.tile.id, d]));
    expect(byId.get(total.id)).toMatchObject({ from: "2026-11-22", to: "2026-11-24", value: 160_000 });
    expect(byId.get(average.id)).toMatchObject({ from: "2026-11-15", to: "2026-11-21", value: 1 });
    // bottom ranking: the demo's idle vehicles (0 km) come first, the two that drove last
    const entries = byId.get(ranked.id)!.entries;
    expect(entries).toHaveLength(10);
    expect(entries[0].value).toBe(0);
    expect(byId.get(line.id)!.series).toEqual([
      { day: "2026-11-22", value: 0 },
      { day: "2026-11-23", value: 2 },
      { day: "2026-11-24", value: 1 },
    ]);
  });

  it("keeps the order the user gives and forgets removed tiles", async () => {
    const before = (await dashboardData(ctx, admin, NOW)).map((d) => d.tile.id);
    await moveTile(ctx, admin, before[1], -1);
    const after = (await dashboardData(ctx, admin, NOW)).map((d) => d.tile.id);
    expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
    await removeTile(ctx, admin, before[3]);
    expect((await dashboardData(ctx, admin, NOW)).map((d) => d.tile.id)).not.toContain(before[3]);
  });

  it("shows a team-limited user only their team's vehicles in every tile", async () => {
    const teamOnly = { ...admin, teamIds: [a.team_id!] };
    const data = await dashboardData(ctx, teamOnly, NOW);
    const total = data.find((d) => d.tile.metric === "distance" && d.tile.chart_type === "number")!;
    expect(total.value).toBe(60_000);
    expect(JSON.stringify(data)).not.toContain(b.registration);
  });

  it("refuses a tile without a metric or with a ranking size other than 10 or 50", async () => {
    await expect(addTile(ctx, admin, { chart_type: "number", time_window: "today" })).rejects.toThrow();
    await expect(
      addTile(ctx, admin, { metric: "trips", chart_type: "bar", time_window: "today", ranking_size: "20" }),
    ).rejects.toThrow();
  });
});

describe("benchmarks", () => {
  it("compares vehicles, teams and drivers with the fleet average", async () => {
    const byVehicle = await benchmarks(ctx, admin, "this_week", "vehicle", NOW);
    const rowA = byVehicle.rows.find((r) => r.id === a.id)!;
    expect(rowA.values).toMatchObject({ distance: 60_000, trips: 2 });
    expect(byVehicle.fleet.distance).toBeCloseTo(160_000 / byVehicle.rows.length, 5);
    const byTeam = await benchmarks(ctx, admin, "this_week", "team", NOW);
    expect(byTeam.rows.find((r) => r.id === b.team_id)!.values.distance).toBeGreaterThan(0);
    const byDriver = await benchmarks(ctx, admin, "this_week", "driver", NOW);
    expect(byDriver.rows.map((r) => r.id).sort()).toEqual([a.driver_id, b.driver_id].sort());
  });
});
