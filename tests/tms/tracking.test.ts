import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as orders from "../../server/modules/tms/orders.service";
import { solvePlan } from "../../server/modules/tms/plans.optimize";
import * as plans from "../../server/modules/tms/plans.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { waitFor } from "../support/wait";
import { createTmsDepot, createTmsOrder, createTruck } from "../support/factories";
import { dayFromToday } from "../support/days";

let srv: TestServer;
let org: TestOrg;
let p: Principal;

const page = async (token: string, lng = "en") =>
  (await fetch(`${srv.url}/int/order-track?token=${encodeURIComponent(token)}&lng=${lng}`)).text();

/** Sends one OsmAnd fix over HTTP, as a phone or tracker would. */
let clock = Math.floor(Date.now() / 1000) - 600;
async function fix(imei: string, lat: number, lon: number, speedKnots = 0) {
  clock += 10;
  const q = new URLSearchParams({
    id: imei,
    lat: String(lat),
    lon: String(lon),
    timestamp: String(clock),
    speed: String(speedKnots),
    valid: "true",
  });
  const res = await fetch(`http://127.0.0.1:${srv.telematics!.ports.osmand}/?${q}`, { method: "POST" });
  expect(res.status).toBe(200);
}

/** Two orders on one truck with a device, dispatched. */
async function dispatched(day: string) {
  const depot = await createTmsDepot(srv.ctx, p);
  const v = await createTruck(srv.ctx, org, { registration: `SECRET-${day.slice(8)}`, device: "osmand" });
  const a = await createTmsOrder(srv.ctx, p, {
    delivery_date_at: day,
    latitude: "41.3300",
    longitude: "19.8200",
    customer_name: "Other Customer Ltd",
    client_order_id: `CL-${day}`,
  });
  const b = await createTmsOrder(srv.ctx, p, {
    delivery_date_at: day,
    latitude: "41.3500",
    longitude: "19.8500",
    customer_name: "Hidden Name",
  });
  const plan = await plans.createPlan(srv.ctx, p, {
    name: "Track",
    day,
    depot_id: depot.id,
    orders: [a.id, b.id],
    trucks: [{ vehicle_id: v.id, capacity_weight: 1000, capacity_packets: 100 }],
  });
  await solvePlan(srv.ctx, org.orgId, plan.id, { timeLimitMs: 200 });
  await plans.completePlan(srv.ctx, p, plan.id);
  await plans.dispatchPlan(srv.ctx, p, plan.id);
  return { v, a: await orders.orderRow(srv.ctx, p, a.id), b: await orders.orderRow(srv.ctx, p, b.id) };
}

beforeAll(async () => {
  srv = await startTestServer({ telematics: true });
  org = await createTestOrg(srv.ctx, { name: "Secret Distribution Sh.p.k." });
  p = await principalFor(srv.ctx, org.adminId);
});
afterAll(async () => srv?.close());

describe("public order tracking (/int/order-track)", () => {
  it("a missing, malformed, unknown or expired token all answer the same 'invalid' page, without login redirect", async () => {
    const o = await createTmsOrder(srv.ctx, p);
    await srv.ctx.db
      .updateTable("tms_orders")
      .set({ tracking_expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", o.id)
      .execute();
    for (const token of ["", "short", "x".repeat(32), o.tracking_token!]) {
      const res = await fetch(`${srv.url}/int/order-track?token=${token}&lng=en`, { redirect: "manual" });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-state="invalid"');
      expect(html).toContain("This tracking link is invalid or has expired");
    }
  });

  it("a PENDING order shows its reference and status, nothing of the organisation", async () => {
    const o = await createTmsOrder(srv.ctx, p, { client_order_id: "MY-ORDER-1", customer_name: "Hidden Customer" });
    const html = await page(o.tracking_token!);
    expect(html).toContain('data-status="PENDING"');
    expect(html).toContain("Order MY-ORDER-1");
    expect(html).toContain("Your order is being prepared.");
    for (const secret of ["Secret Distribution", "Hidden Customer", org.adminEmail, "/manage", "mobile-banner"])
      expect(html).not.toContain(secret);
    const al = await page(o.tracking_token!, "al");
    expect(al).toContain("Porosia juaj po përgatitet.");
  });

  it("follows the truck while STARTED with an estimated arrival; a stop at the customer's place makes it FINISHED", async () => {
    const { v, a, b } = await dispatched(dayFromToday(12));
    expect([a.status, b.status]).toEqual(["STARTED", "STARTED"]);
    const [first, second] = [a, b].sort((x, y) => (x.sequence ?? 0) - (y.sequence ?? 0));

    await fix(v.imei!, 41.32, 19.81, 20);
    await waitFor(
      async () =>
        (await srv.ctx.db.selectFrom("vehicle_state").select("lat").where("vehicle_id", "=", v.id).executeTakeFirst())
          ?.lat === 41.32,
    );
    const onTheWay = await page(second.tracking_token!);
    expect(onTheWay).toContain('data-status="STARTED"');
    expect(onTheWay).toContain('data-testid="track-truck" data-lat="41.32"');
    expect(onTheWay).toContain('data-testid="track-eta"');
    expect(onTheWay).toMatch(/data-testid="track-stops">1</);
    for (const secret of ["SECRET-20", "Secret Distribution", "Other Customer Ltd", "Hidden Name", first.order_id])
      expect(onTheWay).not.toContain(secret);

    // Moving past the customer does not deliver; stopping there does.
    await fix(v.imei!, first.latitude, first.longitude, 25);
    await new Promise((r) => setTimeout(r, 300));
    expect((await orders.orderRow(srv.ctx, p, first.id)).status).toBe("STARTED");
    await fix(v.imei!, first.latitude + 0.0005, first.longitude, 0);
    await waitFor(async () => (await orders.orderRow(srv.ctx, p, first.id)).status === "FINISHED");
    const done = await orders.orderRow(srv.ctx, p, first.id);
    expect(done.finished_by).toBe("arrival");
    expect((await orders.orderRow(srv.ctx, p, second.id)).status).toBe("STARTED");
    const delivered = await page(first.tracking_token!);
    expect(delivered).toContain('data-status="FINISHED"');
    expect(delivered).toContain("Your order has been delivered.");
    expect(delivered).not.toContain('data-testid="track-truck"');
    const next = await page(second.tracking_token!);
    expect(next).toMatch(/data-testid="track-stops">0</);
  });
});
