import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { insertJob } from "../route-planning/helpers";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createTmsOrder, createTruck, createUser } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Issue 51, item 9, in the driver's areas: a position or a note of the wrong kind is refused with its field named,
 * never read as a number (true is 1, "" is 0: a check-in at a job on the equator would pass) or cut in silence.
 */
let srv: TestServer;
let org: TestOrg;
let driver: Principal & { token: string };
let truckId: string;

const api = (path: string, body: unknown, contentType = "application/json") =>
  fetch(`${srv.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${driver.token}`, "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  const d = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
  driver = await principalFor(srv.ctx, d.id);
  truckId = (await createTruck(srv.ctx, org, { driver: d.id, registration: "LV 100 AA" })).id;
});
afterAll(async () => srv?.close());

describe("the phone's position", () => {
  it.each([
    ["true", { latitude: true, longitude: true }, 1, 1],
    ["blank", { latitude: "", longitude: "" }, 0, 0],
    ["a list", { latitude: [0], longitude: [0] }, 0, 0],
  ])("given as %s is refused at check-in, and the job stays not started", async (_what, position, lat, lon) => {
    const job = await insertJob(srv.ctx, org.orgId, { driver_id: driver.userId, latitude: lat, longitude: lon });
    const res = await api(`/api/route-planning/my/jobs/${job.id}/check-in`, position);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("VALIDATION");
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(["latitude", "longitude"]));
    const row = await srv.ctx.db.selectFrom("route_jobs").select("status").where("id", "=", job.id).executeTakeFirst();
    expect(row?.status).toBe("not_started");
  });
});

describe("proof of delivery", () => {
  it("refuses a position of the wrong kind naming it, and stores no proof", async () => {
    const admin = await principalFor(srv.ctx, org.adminId);
    const order = await createTmsOrder(srv.ctx, admin);
    await srv.ctx.db
      .updateTable("tms_orders")
      .set({ status: "STARTED", vehicle_id: truckId, sequence: 1 })
      .where("id", "=", order.id)
      .execute();
    const png = Buffer.alloc(300, 1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const form = new FormData();
    form.set("recipient_name", "Besa Kola");
    form.set("latitude", "yes");
    form.set("longitude", "19.8");
    form.set("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
    const res = await fetch(`${srv.url}/api/tms/orders/${order.id}/proof-of-delivery`, {
      method: "POST",
      headers: { authorization: `Bearer ${driver.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty("latitude");
    const proofs = await srv.ctx.db
      .selectFrom("tms_proofs_of_delivery")
      .select("order_id")
      .where("order_id", "=", order.id)
      .execute();
    expect(proofs).toEqual([]);
  });
});

describe("the vehicle check's note", () => {
  it("over 500 characters is refused naming its field, never cut; 500 is kept whole", async () => {
    const check = (note: string) =>
      api(
        "/api/vehicle-checks",
        new URLSearchParams({
          vehicle_id: truckId,
          result_lights: "pass",
          result_tyres: "fail",
          note_tyres: note,
          result_damage: "pass",
        }).toString(),
        "application/x-www-form-urlencoded",
      );
    const long = await check("x".repeat(501));
    expect(long.status).toBe(400);
    expect((await long.json()).fields).toHaveProperty("note_tyres");
    const whole = await check("y".repeat(500));
    expect(whole.status).toBe(201);
    const item = (await whole.json()).items.find((i: { key: string }) => i.key === "tyres");
    expect(item.note).toBe("y".repeat(500));
  });
});
