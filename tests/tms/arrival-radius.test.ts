import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as orders from "../../server/modules/tms/orders.service";
import { saveSettings, settingsFormValues, settingsOf } from "../../server/modules/tms/tms.settings";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { waitFor } from "../support/wait";
import { createTmsOrder, createTruck } from "../support/factories";

let srv: TestServer;
let org: TestOrg;
let p: Principal;

let clock = Math.floor(Date.now() / 1000) - 600;
/** One OsmAnd fix over HTTP, at rest. */
async function stopAt(imei: string, lat: number, lon: number) {
  clock += 10;
  const q = new URLSearchParams({ id: imei, lat: String(lat), lon: String(lon), timestamp: String(clock), speed: "0" });
  const res = await fetch(`http://127.0.0.1:${srv.telematics!.ports.osmand}/?${q}&valid=true`, { method: "POST" });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  srv = await startTestServer({ telematics: true });
  org = await createTestOrg(srv.ctx, { name: "Radius Distribution" });
  p = await principalFor(srv.ctx, org.adminId);
});
afterAll(async () => srv?.close());

describe("automatic delivery on arrival", () => {
  it("uses the organisation's own arrival radius", async () => {
    await saveSettings(srv.ctx, p, {
      ...settingsFormValues(await settingsOf(srv.ctx.db, org.orgId)),
      arrival_radius_m: 30,
    });
    const truck = await createTruck(srv.ctx, org, { registration: "RAD-1", device: "osmand" });
    const order = await createTmsOrder(srv.ctx, p, { latitude: "41.3300", longitude: "19.8200" });
    // on its way (what dispatching a plan leaves): the hook only looks at STARTED orders with a truck
    await srv.ctx.db
      .updateTable("tms_orders")
      .set({ status: "STARTED", vehicle_id: truck.id })
      .where("id", "=", order.id)
      .execute();

    // about 56 m from the customer: inside the default 150 m, outside this organisation's 30 m
    await stopAt(truck.imei!, 41.3305, 19.82);
    await waitFor(
      async () =>
        (
          await srv.ctx.db
            .selectFrom("vehicle_state")
            .select("lat")
            .where("vehicle_id", "=", truck.id)
            .executeTakeFirst()
        )?.lat === 41.3305,
    );
    expect((await orders.getOrder(srv.ctx, p, order.id)).status).toBe("STARTED");

    // about 11 m away: delivered
    await stopAt(truck.imei!, 41.3301, 19.82);
    await waitFor(async () => (await orders.getOrder(srv.ctx, p, order.id)).status === "FINISHED");
    expect((await orders.getOrder(srv.ctx, p, order.id)).finishedBy).toBe("arrival");
  });
});
