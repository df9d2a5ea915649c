import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { myJobsToday } from "../../server/modules/route-planning/field.service";
import {
  computeLiveEtas,
  LIVE_ETA_MAX_FIX_AGE_MIN,
  liveEtas,
  type EtaJob,
} from "../../server/modules/route-planning/live-eta";
import { dayJobs } from "../../server/modules/route-planning/route-jobs.service";
import { routeRules } from "../../server/modules/route-planning/route-planning.settings";
import { zonedInstant } from "../../server/shared/dates";
import { createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createUser, createVehicle } from "../support/factories";
import { putVehicleState } from "../support/vehicle-state";
import { insertJob, today, TZ } from "./helpers";

// Live ETA from the vehicle's last position through its remaining jobs of today (real PostgreSQL, the optimiser's
// straight-line model: great-circle distance × 1.3 at 40 km/h). "now" is fixed at 08:00 today.

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

const at = (hhmm: string, day = today()) => zonedInstant(day, hhmm, TZ);
const MIN = 60_000;
/** Within a millisecond (a Date keeps whole milliseconds). */
const near = (actual: Date, expected: number) => expect(Math.abs(actual.getTime() - expected)).toBeLessThan(1);
/** Seconds to drive 0.1° of latitude by the straight-line model, by hand: R·Δφ along a meridian, × 1.3, at 40 km/h. */
const LEG_S = (6_371_008.8 * ((0.1 * Math.PI) / 180) * 1.3) / (40 / 3.6);

async function fix(vehicleId: string, orgId: string, lat: number, lon: number, time: Date) {
  await putVehicleState(ctx, vehicleId, orgId, { lat, lon, last_fix_time: time, valid: true });
}

async function setup() {
  const org: TestOrg = await createOrganisation(ctx);
  const p: Principal = await principalFor(ctx, org.adminId);
  const driver = await createUser(ctx, { org, role: "driver", driver: true });
  const v = await createVehicle(ctx, { org, driver: driver.id });
  const rules = await routeRules(ctx, org.orgId);
  // scheduled order A then B; planned order B then A
  const a = await insertJob(ctx, org.orgId, {
    name: "A",
    latitude: 41.2,
    longitude: 19.0,
    scheduled_arrival: "09:00",
    scheduled_departure: "09:20",
    vehicle_id: v.id,
    driver_id: driver.id,
    planned_sequence: 2,
    planned_arrival: "10:50",
  });
  const b = await insertJob(ctx, org.orgId, {
    name: "B",
    latitude: 41.1,
    longitude: 19.0,
    scheduled_arrival: "10:00",
    scheduled_departure: "10:30",
    vehicle_id: v.id,
    driver_id: driver.id,
    planned_sequence: 1,
    planned_arrival: "10:00",
  });
  return { org, p, driver, v, rules, a, b };
}

describe("live ETA", () => {
  it("from a known position in planned order equals the hand-computed value (travel + wait for the window + visit length)", async () => {
    const s = await setup();
    const now = at("08:00");
    await fix(s.v.id, s.org.orgId, 41.0, 19.0, new Date(now.getTime() - 2 * MIN));
    const eta = await liveEtas(ctx, s.org.orgId, s.rules, [s.a, s.b], now);
    // B first: 08:00 + 1300.98 s = 08:21:40.98; its visit starts at 10:00 and ends 10:30; then A: 10:30 + 1300.98 s
    expect(LEG_S).toBeCloseTo(1300.98, 1);
    expect(eta(s.b).status).toBe("ok");
    near(eta(s.b).at!, now.getTime() + LEG_S * 1000);
    expect(eta(s.b)).toMatchObject({ time: "08:22", predictedLate: false });
    near(eta(s.a).at!, at("10:30").getTime() + LEG_S * 1000);
    expect(eta(s.a)).toMatchObject({ time: "10:52", predictedLate: true });
  });

  it("without a plan follows the scheduled order", async () => {
    const s = await setup();
    await ctx.db
      .updateTable("route_jobs")
      .set({ planned_sequence: null, planned_arrival: null })
      .where("org_id", "=", s.org.orgId)
      .execute();
    const now = at("08:00");
    await fix(s.v.id, s.org.orgId, 41.0, 19.0, now);
    const eta = await liveEtas(ctx, s.org.orgId, s.rules, [s.a, s.b], now);
    // A first (0.2°): 08:43:21.96; visit 09:00–09:20; then B (0.1° back): 09:41:40.98
    near(eta(s.a).at!, now.getTime() + 2 * LEG_S * 1000);
    near(eta(s.b).at!, at("09:20").getTime() + LEG_S * 1000);
    expect([eta(s.a).time, eta(s.b).time, eta(s.a).predictedLate, eta(s.b).predictedLate]).toEqual([
      "08:44",
      "09:42",
      false,
      false,
    ]);
  });

  it("a visit in progress holds the vehicle until arrival + visit length; finished visits drop out; never before now", async () => {
    const s = await setup();
    const now = at("10:10");
    await ctx.db
      .updateTable("route_jobs")
      .set({ status: "started", arrived_at: at("10:05") })
      .where("id", "=", s.b.id)
      .execute();
    await fix(s.v.id, s.org.orgId, 41.1, 19.0, now);
    const eta = await liveEtas(
      ctx,
      s.org.orgId,
      s.rules,
      [s.a, { ...s.b, status: "started", arrived_at: at("10:05") }],
      now,
    );
    expect(eta({ ...s.b, status: "started", arrived_at: at("10:05") }).status).toBe("arrived");
    near(eta(s.a).at!, at("10:35").getTime() + LEG_S * 1000);
    await ctx.db
      .updateTable("route_jobs")
      .set({ status: "finished", departed_at: at("10:08") })
      .where("id", "=", s.b.id)
      .execute();
    const later = await liveEtas(ctx, s.org.orgId, s.rules, [s.a], now);
    near(later(s.a).at!, now.getTime() + LEG_S * 1000);
  });

  it("predicted late: an arrival exactly at scheduled arrival + margin is not, a second later is", async () => {
    const job: EtaJob = {
      id: "j",
      vehicle_id: "v",
      status: "not_started",
      latitude: 41.1,
      longitude: 19,
      scheduled_date: today(),
      scheduled_arrival: "08:00:00",
      scheduled_departure: "08:30:00",
      planned_sequence: null,
      arrived_at: null,
    };
    const tenMinutes = async () => ({
      size: 2,
      distances: new Float64Array(4),
      durations: Float64Array.from([0, 600, 600, 0]),
    });
    const run = async (now: Date) =>
      (
        await computeLiveEtas(
          [job],
          [{ vehicle_id: "v", lat: 41, lon: 19, last_fix_time: now }],
          { timeZone: TZ, graceMin: 15, now },
          tenMinutes,
        )
      ).get("j")!;
    expect(await run(at("08:05"))).toMatchObject({ status: "ok", time: "08:15", predictedLate: false });
    expect(await run(new Date(at("08:05").getTime() + 1000))).toMatchObject({
      status: "ok",
      time: "08:16",
      predictedLate: true,
    });
    expect(await run(new Date(at("08:05").getTime() - 1000))).toMatchObject({ time: "08:15", predictedLate: false });
  });

  it(`a position older than ${LIVE_ETA_MAX_FIX_AGE_MIN} minutes (or none) gives no live ETA`, async () => {
    const s = await setup();
    const now = at("08:00");
    expect((await liveEtas(ctx, s.org.orgId, s.rules, [s.a], now))(s.a)).toMatchObject({
      status: "no_position",
      at: null,
      time: null,
      predictedLate: false,
    });
    await fix(s.v.id, s.org.orgId, 41.0, 19.0, new Date(now.getTime() - (LIVE_ETA_MAX_FIX_AGE_MIN * MIN + 1000)));
    expect((await liveEtas(ctx, s.org.orgId, s.rules, [s.a, s.b], now))(s.a).status).toBe("no_position");
    await fix(s.v.id, s.org.orgId, 41.0, 19.0, new Date(now.getTime() - (LIVE_ETA_MAX_FIX_AGE_MIN * MIN - 1000)));
    expect((await liveEtas(ctx, s.org.orgId, s.rules, [s.a, s.b], now))(s.a).status).toBe("ok");
  });

  it("another organisation's vehicle, position or jobs are never used", async () => {
    const s = await setup();
    const other = await createOrganisation(ctx);
    const theirs = await createVehicle(ctx, { org: other });
    const now = at("08:00");
    await fix(theirs.id, other.orgId, 41.0, 19.0, now);
    const theirJob = await insertJob(ctx, other.orgId, {
      name: "Theirs",
      latitude: 41.1,
      longitude: 19.0,
      vehicle_id: theirs.id,
    });
    // their job named to our organisation's service: not read (their vehicle's jobs and position are another org's)
    expect((await liveEtas(ctx, s.org.orgId, s.rules, [theirJob], now))(theirJob).status).toBe("none");
    // a state row of our vehicle carrying their organisation (a mixed-up row) is not our position
    await fix(s.v.id, other.orgId, 41.0, 19.0, now);
    expect((await liveEtas(ctx, s.org.orgId, s.rules, [s.a, s.b], now))(s.b).status).toBe("no_position");
    const listed = await dayJobs(ctx, s.p, today());
    expect(listed.jobs.map((j) => j.name).sort()).toEqual(["A", "B"]);
  });

  it("the dispatcher's day and the driver's my/jobs carry it (live_eta, live_eta_status, predicted_late)", async () => {
    const s = await setup();
    await fix(s.v.id, s.org.orgId, 41.0, 19.0, new Date());
    const day = await dayJobs(ctx, s.p, today());
    expect(day.jobs.every((j) => ["ok", "arrived", "none"].includes(j.live.status))).toBe(true);
    const mine = await myJobsToday(ctx, await principalFor(ctx, s.driver.id), today());
    const dto = mine.jobs;
    expect(dto.map((j) => j.name)).toEqual(["B", "A"]);
    for (const j of dto)
      expect(Object.keys(j)).toEqual(expect.arrayContaining(["live_eta", "live_eta_status", "predicted_late"]));
    await fix(s.v.id, s.org.orgId, 41.0, 19.0, new Date(Date.now() - 60 * MIN));
    const stale = (await myJobsToday(ctx, await principalFor(ctx, s.driver.id), today())).jobs;
    expect(stale.map((j) => [j.live_eta, j.live_eta_status])).toEqual([
      [null, "no_position"],
      [null, "no_position"],
    ]);
  });
});
