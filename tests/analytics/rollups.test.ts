import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTile, dashboardData } from "../../server/modules/analytics/dashboard/dashboard.service";
import { dashboardRepo } from "../../server/modules/analytics/dashboard/dashboard.repo";
import { dailySummary, dailySummaryOfRows, dayInstants } from "../../server/modules/analytics/reports/daily-summary";
import { daysOf, periodOf } from "../../server/modules/shared/reports/period";
import { rollupsRepo } from "../../server/modules/analytics/rollups.repo";
import { createTestContext, createTestOrg, principalFor, type TestContext } from "../support/context";

const TZ = "Europe/Tirane";
let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

interface Seg {
  kind: "trip" | "stop" | "idle" | "speeding";
  start: string;
  end: string;
  distance?: number;
  max?: number;
  engine?: number;
  idle?: number;
  brake?: number;
}

async function fleet() {
  const org = await createTestOrg(ctx, { demo: true });
  await ctx.db.updateTable("organization_settings").set({ timezone: TZ }).where("org_id", "=", org.orgId).execute();
  const p = await principalFor(ctx, org.adminId);
  const v = await ctx.db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  const add = (s: Seg) =>
    sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon,
      distance_m, max_speed_kmh, engine_s, idle_s, harsh_brake)
    VALUES (${org.orgId}, ${v.id}, ${s.kind}, ${s.start}, ${s.end}, 41.3, 19.8, 41.4, 19.9, ${s.distance ?? 0}, ${s.max ?? 0}, ${s.engine ?? 0}, ${s.idle ?? 0}, ${s.brake ?? 0})`.execute(
      ctx.db,
    );
  return { org, p, v, add };
}

// Tirana is UTC+1 in November: local midnight between the 16th and the 17th is 23:00 UTC on the 16th.
const SEGMENTS: Seg[] = [
  {
    kind: "trip",
    start: "2026-11-16T20:00:00Z",
    end: "2026-11-16T20:30:00Z",
    distance: 5000,
    max: 60,
    engine: 1800,
    idle: 120,
    brake: 1,
  },
  // 21:30 local on the 16th to 07:00 on the 17th: 2.5 h and 7 h (in UTC it would be 3.5 h and 6 h)
  { kind: "stop", start: "2026-11-16T20:30:00Z", end: "2026-11-17T06:00:00Z", engine: 570 },
  // 23:50 local on the 17th to 00:20 on the 18th: counts whole on the 17th
  { kind: "trip", start: "2026-11-17T22:50:00Z", end: "2026-11-17T23:20:00Z", distance: 9000, max: 80.5, engine: 1800 },
  { kind: "idle", start: "2026-11-17T22:55:00Z", end: "2026-11-17T23:05:00Z" },
  // 00:10 local on the 18th (still the 17th in UTC), 22.3 km/h over the default 90: 10 eco points
  { kind: "speeding", start: "2026-11-17T23:10:00Z", end: "2026-11-17T23:12:00Z", max: 112.3 },
];

describe("figures added up in SQL per vehicle and local day", () => {
  it("daily summary: a stop across local midnight splits at local midnight, a trip counts on its start day", async () => {
    const { org, v, add } = await fleet();
    for (const s of SEGMENTS) await add(s);
    const period = periodOf("2026-11-16", "2026-11-18", TZ);
    const { starts, ends } = dayInstants(period);
    const rows = dailySummaryOfRows(
      await rollupsRepo.summaryDays(ctx.db, org.orgId, [v.id], starts, ends, null),
      period,
    );
    expect(rows).toEqual([
      {
        vehicleId: v.id,
        day: "2026-11-16",
        trips: 1,
        distanceM: 5000,
        drivingS: 1680,
        idleS: 120,
        stopS: 9000,
        engineS: 1800 + 150,
        maxSpeedKmh: 60,
        firstStart: Date.parse("2026-11-16T20:00:00Z"),
        lastEnd: Date.parse("2026-11-16T20:30:00Z"),
      },
      {
        vehicleId: v.id,
        day: "2026-11-17",
        trips: 1,
        distanceM: 9000,
        drivingS: 1800,
        idleS: 0,
        stopS: 25200,
        engineS: 1800 + 420,
        maxSpeedKmh: 80.5,
        firstStart: Date.parse("2026-11-17T22:50:00Z"),
        lastEnd: Date.parse("2026-11-17T23:20:00Z"),
      },
    ]);
    // the same as the segment-by-segment code
    const inNode = dailySummary(
      SEGMENTS.filter((s) => s.kind === "trip" || s.kind === "stop").map((s) => ({
        vehicleId: v.id,
        kind: s.kind,
        start: Date.parse(s.start),
        end: Date.parse(s.end),
        distanceM: s.distance ?? 0,
        maxSpeedKmh: s.max ?? 0,
        engineS: s.engine ?? 0,
        idleS: s.idle ?? 0,
      })),
      period,
    );
    expect(rows).toEqual(inNode);
    // only the chosen drivers' trips (none here); stops stay
    const driverless = await rollupsRepo.summaryDays(ctx.db, org.orgId, [v.id], starts, ends, [org.adminId]);
    expect(dailySummaryOfRows(driverless, period).map((r) => [r.day, r.trips, r.stopS])).toEqual([
      ["2026-11-16", 0, 9000],
      ["2026-11-17", 0, 25200],
    ]);
  });

  it("daily summary: the 25-hour autumn day holds 25 hours of stop", async () => {
    const { org, v, add } = await fleet();
    await add({ kind: "stop", start: "2026-10-24T12:00:00Z", end: "2026-10-26T12:00:00Z", engine: 0 });
    const period = periodOf("2026-10-25", "2026-10-25", TZ);
    const { starts, ends } = dayInstants(period);
    const rows = dailySummaryOfRows(
      await rollupsRepo.summaryDays(ctx.db, org.orgId, [v.id], starts, ends, null),
      period,
    );
    expect(rows.map((r) => [r.day, r.stopS])).toEqual([["2026-10-25", 25 * 3600]]);
  });

  it("dashboard: each segment on the local day it starts, every metric as adding segment by segment", async () => {
    const { org, p, v, add } = await fleet();
    for (const s of SEGMENTS) await add(s);
    const days = daysOf({ from: "2026-11-16", to: "2026-11-18" });
    const period = periodOf("2026-11-16", "2026-11-18", TZ);
    const { starts } = dayInstants(period);
    const rows = await dashboardRepo.vehicleDays(ctx.db, org.orgId, [v.id], starts, period.end.getTime(), 90);
    const byDay = Object.fromEntries(rows.map(({ b, vehicle_id: _, ...r }) => [days[b - 1], r]));
    expect(byDay).toEqual({
      "2026-11-16": {
        trips: 1,
        distance: 5000,
        driving_time: 1680,
        max_speed: 60,
        engine_hours: 1800 + 570,
        stops: 1,
        idling_time: 0,
        speeding_events: 0,
        eco_points: 5,
      },
      "2026-11-17": {
        trips: 1,
        distance: 9000,
        driving_time: 1800,
        max_speed: 80.5,
        engine_hours: 1800,
        stops: 0,
        idling_time: 600,
        speeding_events: 0,
        eco_points: 0,
      },
      "2026-11-18": {
        trips: 0,
        distance: 0,
        driving_time: 0,
        max_speed: null,
        engine_hours: 0,
        stops: 0,
        idling_time: 0,
        speeding_events: 1,
        eco_points: 10,
      },
    });
    await addTile(ctx, p, {
      metric: "speeding_events",
      chart_type: "line",
      time_window: "previous_7_days",
      vehicle_ids: [v.id],
    });
    await addTile(ctx, p, {
      metric: "engine_hours",
      chart_type: "number",
      time_window: "previous_7_days",
      vehicle_ids: [v.id],
    });
    await addTile(ctx, p, { metric: "idling_time", chart_type: "line", time_window: "yesterday", vehicle_ids: [v.id] });
    // Thursday 19 November, 10:00 local: the previous 7 days are the 12th to the 18th
    const [speeding, engine, idling] = await dashboardData(ctx, p, new Date("2026-11-19T09:00:00Z"));
    expect(speeding.series.filter((x) => x.value).map((x) => x.day)).toEqual(["2026-11-18"]);
    expect(speeding.value).toBe(1);
    expect(engine.value).toBe(1800 + 570 + 1800);
    expect(idling).toMatchObject({ from: "2026-11-18", to: "2026-11-18", value: 0 });
  });
});
