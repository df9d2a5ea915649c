import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { createPositionPipeline } from "../../server/modules/positions/positions.service";
import * as orders from "../../server/modules/tms/orders.service";
import { createTmsArrivalHook } from "../../server/modules/tms/tms.hooks";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createTmsOrder, createTruck } from "../support/factories";
import { position } from "../support/positions";

// The arrival hook decides from STARTED orders it read up to cacheMs earlier. An order finished by hand since
// then must be left alone without undoing the other deliveries of the same run.

let ctx: TestContext;
let org: TestOrg;
let p: Principal;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { name: "Kept Orders" });
  p = await principalFor(ctx, org.adminId);
});
afterAll(async () => ctx?.close());

describe("the arrival hook's kept orders", () => {
  it("delivers the truck's other order when one was finished by hand after the read", async () => {
    const truck = await createTruck(ctx, org, { device: true });
    const here = { latitude: "41.3300", longitude: "19.8200" };
    const byHand = await createTmsOrder(ctx, p, here);
    const onArrival = await createTmsOrder(ctx, p, here);
    await ctx.db
      .updateTable("tms_orders")
      .set({ status: "STARTED", vehicle_id: truck.id })
      .where("id", "in", [byHand.id, onArrival.id])
      .execute();
    const errors: unknown[] = [];
    const log = pino({ level: "error" }, { write: (line: string) => errors.push(line) });
    const pipeline = createPositionPipeline({
      db: ctx.db,
      log,
      hooks: [createTmsArrivalHook({ db: ctx.db, log }, { cacheMs: 60_000 })],
      lookup: async (id) => (id === truck.imei ? { vehicleId: truck.id, orgId: org.orgId } : null),
      concurrency: 1,
    });
    const t = Date.now() - 600_000;
    // on the road: the started orders are read and kept
    await pipeline.onPositions(truck.imei!, [
      position(truck.imei!, { fixTime: new Date(t), latitude: 41.36, longitude: 19.82, speed: 50 }),
    ]);
    await orders.finishOrder(ctx, p, byHand.id);
    await pipeline.onPositions(truck.imei!, [
      position(truck.imei!, { fixTime: new Date(t + 60_000), latitude: 41.3301, longitude: 19.82, speed: 0 }),
    ]);
    await pipeline.close();
    expect((await orders.getOrder(ctx, p, onArrival.id)).finishedBy).toBe("arrival");
    expect((await orders.getOrder(ctx, p, byHand.id)).finishedBy).toBe("planner");
    expect(errors).toEqual([]);
  });
});
