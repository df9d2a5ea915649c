import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoutePlanningHook } from "../../server/modules/route-planning/route-planning.hooks";
import { createPositionPipeline } from "../../server/modules/positions/positions.service";
import { addDays } from "../../server/shared/dates";
import { createTestContext, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createVehicle } from "../support/factories";
import { position, storeOutsidePipeline } from "../support/positions";
import { insertJob, today } from "./helpers";

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createOrganisation(ctx);
});
afterAll(async () => ctx?.close());

const find = (id: string) => ctx.db.selectFrom("route_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A pipeline with only the check-in hook, for vehicle `v`, the open jobs kept for `cacheMs`. */
function pipelineFor(v: { id: string; imei: string }, cacheMs: number) {
  return createPositionPipeline({
    db: ctx.db,
    log: ctx.log,
    hooks: [createRoutePlanningHook(ctx, { cacheMs })],
    lookup: async (id) => (id === v.imei ? { vehicleId: v.id, orgId: org.orgId } : null),
    concurrency: 1,
  });
}

describe("automatic check-in from the position pipeline", () => {
  it("starts the job when the assigned vehicle stops within the radius and finishes it when the vehicle leaves", async () => {
    const v = await createVehicle(ctx, { org, device: true });
    const other = await createVehicle(ctx, { org, device: true });
    const job = await insertJob(ctx, org.orgId, { vehicle_id: v.id, latitude: 41.3275, longitude: 19.8187 });
    const tomorrow = await insertJob(ctx, org.orgId, {
      vehicle_id: v.id,
      latitude: 41.3275,
      longitude: 19.8187,
      scheduled_date: addDays(today(), 1),
    });
    const notMine = await insertJob(ctx, org.orgId, { vehicle_id: other.id, latitude: 41.3275, longitude: 19.8187 });
    // jobs kept for a minute: the check-out below is seen only because the check-in dropped the kept copy
    const pipeline = pipelineFor(v, 60_000);
    const t = Date.now() - 600_000;
    // driving past within the radius: no check-in
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t), latitude: 41.3276, longitude: 19.8187, speed: 40 }),
    ]);
    expect((await find(job.id)).status).toBe("not_started");
    // stopped 300 m away: outside the 100 m radius
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t + 60_000), latitude: 41.3302, longitude: 19.8187, speed: 0 }),
    ]);
    expect((await find(job.id)).status).toBe("not_started");
    // stopped 20 m away
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t + 120_000), latitude: 41.32768, longitude: 19.8187, speed: 0 }),
    ]);
    const started = await find(job.id);
    expect(started).toMatchObject({ status: "started", checkin_source: "auto", checkin_distance_m: 20 });
    expect(started.arrived_at?.getTime()).toBe(t + 120_000);
    // leaves: 500 m away
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t + 900_000), latitude: 41.332, longitude: 19.8187, speed: 30 }),
    ]);
    const finished = await find(job.id);
    expect(finished).toMatchObject({ status: "finished", checkout_source: "auto" });
    expect(finished.departed_at?.getTime()).toBe(t + 900_000);
    await pipeline.close();
    expect((await find(tomorrow.id)).status).toBe("not_started");
    expect((await find(notMine.id)).status).toBe("not_started");
  });
});

describe("the check-in hook's kept jobs", () => {
  // The hook reuses the open jobs it read (cacheMs); what must not be reused: a decision of a transaction that
  // failed, and jobs assigned after the read once the kept copy has expired.
  it("checks the job in on the retry of a transaction that failed after deciding it", async () => {
    const v = await createVehicle(ctx, { org, device: true });
    const job = await insertJob(ctx, org.orgId, { vehicle_id: v.id, latitude: 41.3275, longitude: 19.8187 });
    const pipeline = pipelineFor(v, 60_000);
    const t = Date.now() - 600_000;
    // far away: the jobs are read and kept
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t), latitude: 41.34, longitude: 19.8187, speed: 40 }),
    ]);
    // stored behind the pipeline's back: the COPY of the next packet fails and the packet is stored again
    await storeOutsidePipeline(ctx, org.orgId, v, new Date(t + 120_000));
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t + 60_000), latitude: 41.32752, longitude: 19.8187, speed: 0 }),
      position(v.imei, { fixTime: new Date(t + 120_000), latitude: 41.32752, longitude: 19.8187, speed: 0 }),
    ]);
    await pipeline.close();
    const started = await find(job.id);
    expect(started).toMatchObject({ status: "started", checkin_source: "auto" });
    expect(started.arrived_at?.getTime()).toBe(t + 60_000);
  });

  it("sees a job assigned after the read once the kept copy is older than cacheMs", async () => {
    const v = await createVehicle(ctx, { org, device: true });
    const pipeline = pipelineFor(v, 50);
    const t = Date.now() - 600_000;
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t), latitude: 41.34, longitude: 19.8187, speed: 40 }),
    ]);
    const job = await insertJob(ctx, org.orgId, { vehicle_id: v.id, latitude: 41.3275, longitude: 19.8187 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await pipeline.onPositions(v.imei, [
      position(v.imei, { fixTime: new Date(t + 60_000), latitude: 41.32752, longitude: 19.8187, speed: 0 }),
    ]);
    await pipeline.close();
    expect((await find(job.id)).status).toBe("started");
  });
});

describe("demo data", () => {
  it("gives the simulated vans today's jobs on their streets, a template and an attendance rule", async () => {
    const { seedDemoRoutePlanning } = await import("../../server/seed/seed-route-planning");
    const demo = await createOrganisation(ctx, { demo: true });
    await seedDemoRoutePlanning(ctx.db, demo.orgId);
    const todays = await ctx.db
      .selectFrom("route_jobs")
      .select(["vehicle_id"])
      .where("org_id", "=", demo.orgId)
      .where("scheduled_date", "=", today())
      .execute();
    expect(todays.filter((j) => j.vehicle_id).length).toBeGreaterThanOrEqual(10);
    expect(todays.filter((j) => !j.vehicle_id).length).toBe(2);
    expect(
      await ctx.db.selectFrom("route_templates").select("id").where("org_id", "=", demo.orgId).execute(),
    ).toHaveLength(1);
    expect(
      await ctx.db.selectFrom("attendance_rules").select("id").where("org_id", "=", demo.orgId).execute(),
    ).toHaveLength(1);
  });
});

describe("late and missed jobs in the alert log", () => {
  it("raises job_late once after the arrival plus margin, then job_missed after the departure, with notices for dispatchers", async () => {
    const { sweepLateJobs } = await import("../../server/modules/route-planning/lateness");
    const { zonedInstant } = await import("../../server/shared/dates");
    const o = await createOrganisation(ctx);
    const v = await createVehicle(ctx, { org: o });
    // tomorrow: a worker another test file starts sweeps with the real clock and must not find the job late first
    const day = addDays(today(), 1);
    const job = await insertJob(ctx, o.orgId, {
      vehicle_id: v.id,
      scheduled_date: day,
      scheduled_arrival: "09:00",
      scheduled_departure: "10:00",
    });
    const at = (hhmm: string) => zonedInstant(day, hhmm, "Europe/Tirane");
    const alertsOf = () =>
      ctx.db
        .selectFrom("alerts")
        .select(["id", "alert_type"])
        .where("org_id", "=", o.orgId)
        .orderBy("occurred_at")
        .execute();
    await sweepLateJobs(ctx, at("09:10"), undefined, { orgIds: [o.orgId] });
    expect(await alertsOf()).toEqual([]);
    await sweepLateJobs(ctx, at("09:20"), undefined, { orgIds: [o.orgId] });
    await sweepLateJobs(ctx, at("09:25"), undefined, { orgIds: [o.orgId] });
    expect((await alertsOf()).map((a) => a.alert_type)).toEqual(["job_late"]);
    await sweepLateJobs(ctx, at("10:05"), undefined, { orgIds: [o.orgId] });
    await sweepLateJobs(ctx, at("10:10"), undefined, { orgIds: [o.orgId] });
    const raised = await alertsOf();
    expect(raised.map((a) => a.alert_type)).toEqual(["job_late", "job_missed"]);
    const notices = await ctx.db
      .selectFrom("alert_notifications")
      .select("user_id")
      .where("alert_id", "=", raised[0].id)
      .execute();
    expect(notices.map((n) => n.user_id)).toContain(o.adminId);
    const done = await insertJob(ctx, o.orgId, {
      vehicle_id: v.id,
      scheduled_date: day,
      scheduled_arrival: "09:00",
      scheduled_departure: "10:00",
      status: "started",
      arrived_at: at("09:05"),
    });
    await sweepLateJobs(ctx, at("11:00"), undefined, { orgIds: [o.orgId] });
    expect((await alertsOf()).length).toBe(2);
    expect(job.id && done.id).toBeTruthy();
  });
});
