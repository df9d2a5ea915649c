import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPositionPipeline } from "../../server/modules/positions/positions.service";
import { createRoutePlanningHook } from "../../server/modules/route-planning/route-planning.hooks";
import { createTestContext, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createVehicle } from "../support/factories";
import { position, storeOutsidePipeline } from "../support/positions";
import { insertJob } from "./helpers";

// The check-in hook reuses the open jobs it read (cacheMs). These tests pin what must not be reused: a decision
// of a transaction that failed, and jobs assigned after the read once the kept copy has expired.

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createOrganisation(ctx);
});
afterAll(async () => ctx?.close());

const find = (id: string) => ctx.db.selectFrom("route_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

function pipelineFor(v: { id: string; imei: string }, cacheMs: number) {
  return createPositionPipeline({
    db: ctx.db,
    log: pino({ level: "silent" }),
    hooks: [createRoutePlanningHook(ctx, { cacheMs })],
    lookup: async (id) => (id === v.imei ? { vehicleId: v.id, orgId: org.orgId } : null),
    concurrency: 1,
  });
}

describe("the check-in hook's kept jobs", () => {
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
