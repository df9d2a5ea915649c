import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatInstantDate, minutesOfDay, weekday, zonedInstant } from "../../server/shared/dates";
import { DEMO_HISTORY_DAYS, seedDemoHistory } from "../../server/seed/seed-history";
import { seedDemoMaintenance } from "../../server/seed/seed-maintenance";
import { VehicleSim } from "../../server/simulator/vehicle-sim";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";

// The demo's first start drives two weeks behind the fleet so that the dashboard and reports answer at once.

let ctx: TestContext;
let org: TestOrg;
const TZ = "Europe/Tirane";
/** Wednesday 25 November 2026, 15:00 in Tirana: the history runs from Thursday the 12th to 14:45 today. */
const NOW = zonedInstant("2026-11-25", "15:00", TZ);
const localDay = (t: Date) => formatInstantDate(t, TZ);
const clock = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const localMinutes = (t: Date) => minutesOfDay(clock.format(t))!;

let vehicles: Array<{ id: string; odometer_km: string }>;
beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  // test organisations' demo vehicles have no devices: give them IMEIs the live simulator would drive
  const prefix = String(randomInt(100_000, 999_999));
  vehicles = (await ctx.db
    .selectFrom("vehicles")
    .select(["id", "odometer_km"])
    .where("org_id", "=", org.orgId)
    .orderBy("created_at")
    .execute()) as never;
  for (const [i, v] of vehicles.entries()) {
    await ctx.db
      .updateTable("vehicles")
      .set({ device_imei: `${prefix}${String(i).padStart(9, "0")}`, device_protocol: "teltonika" })
      .where("id", "=", v.id)
      .execute();
  }
  // as on the first start: the maintenance demo enters the vans' odometers (40,000 km and more), then the history
  await seedDemoMaintenance(ctx.db, org.orgId, org.adminId);
  vehicles = (await ctx.db
    .selectFrom("vehicles")
    .select(["id", "odometer_km"])
    .where("org_id", "=", org.orgId)
    .orderBy("created_at")
    .execute()) as never;
  await seedDemoHistory(ctx.db, org.orgId, NOW);
}, 120_000);
afterAll(async () => ctx?.close());

describe("demo history (seedDemoHistory)", () => {
  it("drives every tracked vehicle in its working hours of the last two weeks, never on Sundays, up to a quarter of an hour ago", async () => {
    const rows = await ctx.db
      .selectFrom("positions")
      .select(["vehicle_id", "fix_time", "speed_kmh", "ignition", "odometer_m"])
      .where("org_id", "=", org.orgId)
      .orderBy("vehicle_id")
      .orderBy("fix_time")
      .execute();
    expect(new Set(rows.map((r) => r.vehicle_id)).size).toBe(vehicles.length);
    const first = zonedInstant("2026-11-12", "00:00", TZ).getTime();
    expect(DEMO_HISTORY_DAYS).toBe(14);
    for (const r of rows) {
      const t = new Date(r.fix_time);
      expect(t.getTime()).toBeGreaterThanOrEqual(first);
      expect(t.getTime()).toBeLessThanOrEqual(NOW.getTime() - 14 * 60_000);
      if (r.ignition) {
        expect(weekday(localDay(t))).not.toBe(0);
        const m = localMinutes(t);
        expect(m).toBeGreaterThanOrEqual(7 * 60 + 30);
        expect(m).toBeLessThanOrEqual(18 * 60);
      }
    }
    // each vehicle's odometer only grows
    for (const v of vehicles) {
      const own = rows.filter((r) => r.vehicle_id === v.id).map((r) => Number(r.odometer_m));
      expect(own.every((o, i) => i === 0 || o >= own[i - 1])).toBe(true);
    }
  });

  it("derives trips for every vehicle on every weekday, and the fleet's week adds up in the daily rollup", async () => {
    const trips = await ctx.db
      .selectFrom("vehicle_segments")
      .select(["vehicle_id", "start_time", "distance_m"])
      .where("org_id", "=", org.orgId)
      .where("kind", "=", "trip")
      .execute();
    for (const v of vehicles) {
      const days = new Set(trips.filter((s) => s.vehicle_id === v.id).map((s) => localDay(new Date(s.start_time))));
      for (const d of [
        "2026-11-16",
        "2026-11-17",
        "2026-11-18",
        "2026-11-19",
        "2026-11-20",
        "2026-11-23",
        "2026-11-24",
        "2026-11-25",
      ])
        expect(days).toContain(d);
      expect(days).not.toContain("2026-11-22");
    }
    // three longer stops a working day (customers, lunch: 20–50 minutes with the engine off; the stop the detector
    // sees is a little shorter or longer by the idling and pauses around it), beside the simulator's short pauses
    const stops = await ctx.db
      .selectFrom("vehicle_segments")
      .select(["vehicle_id", "start_time", "end_time"])
      .where("org_id", "=", org.orgId)
      .where("kind", "=", "stop")
      .execute();
    for (const v of vehicles) {
      const long = stops.filter(
        (s) =>
          s.vehicle_id === v.id &&
          localDay(new Date(s.start_time)) === "2026-11-24" &&
          s.end_time.getTime() - s.start_time.getTime() >= 15 * 60_000 &&
          s.end_time.getTime() - s.start_time.getTime() <= 60 * 60_000,
      );
      expect(
        long.length,
        `${v.id} ${stops
          .filter((s) => s.vehicle_id === v.id && localDay(new Date(s.start_time)) === "2026-11-24")
          .map((s) => Math.round((s.end_time.getTime() - s.start_time.getTime()) / 60_000))
          .join(",")}`,
      ).toBeGreaterThanOrEqual(3);
    }
    // driving styles differ: the first vehicle's driver (style 0) is smooth, others brake hard and speed now and then
    const events = await ctx.db
      .selectFrom("vehicle_segments")
      .select("vehicle_id")
      .select((eb) => [
        eb.fn.sum<string>("harsh_brake").as("brake"),
        eb.fn.sum<string>("harsh_accel").as("accel"),
        eb.fn.sum<string>("harsh_corner").as("corner"),
      ])
      .where("org_id", "=", org.orgId)
      .where("kind", "=", "trip")
      .groupBy("vehicle_id")
      .execute();
    const harsh = (id: string) => {
      const e = events.find((x) => x.vehicle_id === id);
      return e ? Number(e.brake) + Number(e.accel) + Number(e.corner) : 0;
    };
    expect(harsh(vehicles[0].id)).toBe(0);
    expect(harsh(vehicles[4].id)).toBeGreaterThan(5);
    const speeding = await ctx.db
      .selectFrom("vehicle_segments")
      .select(["vehicle_id", "max_speed_kmh"])
      .where("org_id", "=", org.orgId)
      .where("kind", "=", "speeding")
      .execute();
    expect(speeding.filter((s) => s.vehicle_id === vehicles[0].id)).toEqual([]);
    expect(speeding.filter((s) => s.vehicle_id === vehicles[4].id).length).toBeGreaterThan(0);
    expect(speeding.every((s) => s.max_speed_kmh > 90)).toBe(true);
    // parked overnight with half-hourly heartbeats: no stop is marked as a gap in the data
    expect(
      await ctx.db
        .selectFrom("vehicle_segments")
        .select("vehicle_id")
        .where("org_id", "=", org.orgId)
        .where("gap", "=", true)
        .execute(),
    ).toEqual([]);
    const positions = await ctx.db
      .selectFrom("positions")
      .select((eb) => eb.fn.max("odometer_m").as("odo"))
      .select("vehicle_id")
      .where("org_id", "=", org.orgId)
      .groupBy("vehicle_id")
      .execute();
    const driven = positions.reduce((sum, p) => sum + Number(p.odo), 0);
    const inTrips = trips.reduce((sum, s) => sum + Number(s.distance_m), 0);
    // the trips hold the distance driven (the odometer counts the same great-circle steps)
    expect(inTrips).toBeGreaterThan(driven * 0.98);
    expect(inTrips).toBeLessThanOrEqual(driven + 1);
  });

  it("leaves each vehicle's state where its history ends, ready for the live simulator, with the current odometer unchanged", async () => {
    let lowered = 0;
    for (const [index, v] of vehicles.entries()) {
      const last = await ctx.db
        .selectFrom("positions")
        .select(["fix_time", "lat", "lon", "odometer_m"])
        .where("vehicle_id", "=", v.id)
        .orderBy("fix_time", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      const state = await ctx.db
        .selectFrom("vehicle_state")
        .selectAll()
        .where("vehicle_id", "=", v.id)
        .executeTakeFirstOrThrow();
      expect(state).toMatchObject({ lat: last.lat, lon: last.lon, ignition: false, last_fix_time: last.fix_time });
      expect(Number(state.odometer_m)).toBeCloseTo(Number(last.odometer_m), 0);
      // the live simulator's device odometer for this index starts exactly there
      expect(Number(state.device_odometer_m)).toBe(new VehicleSim(index).odometerM);
      const now = Number(
        (await ctx.db.selectFrom("vehicles").select("odometer_km").where("id", "=", v.id).executeTakeFirstOrThrow())
          .odometer_km,
      );
      const entered = Number(v.odometer_km);
      if (entered * 1000 >= Number(state.odometer_m)) {
        // entered + tracked = what the vehicle showed before the history (within the rounding to whole km)
        expect(Math.abs(now + Number(state.odometer_m) / 1000 - entered)).toBeLessThanOrEqual(0.5);
        lowered++;
      } else {
        // an entered odometer below the distance driven stays as it was
        expect(now).toBe(entered);
      }
    }
    expect(lowered).toBeGreaterThan(0);
    expect(lowered).toBeLessThan(vehicles.length);
  });
});
