import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { addDays } from "../../server/shared/dates";
import { poolVehicle, purpose } from "../car-sharing/helpers";
import { principalFor, createTestOrg, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { FormClient, signedInClient, startTestServer, type TestServer } from "../support/server";
import { insertJob, today } from "../route-planning/helpers";
import { routeSettings } from "./helpers";

let srv: TestServer;
let org: TestOrg;
let driver: Awaited<ReturnType<typeof createUser>>;
let client: FormClient;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  const admin = await principalFor(srv.ctx, org.adminId);
  await updateRouteSettings(
    srv.ctx,
    admin,
    routeSettings({ self_assign_jobs: true, attendance_start_threshold: "00:00" }),
  );
  driver = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
  client = await signedInClient(srv, driver.email!, driver.password);
});
afterAll(async () => srv?.close());

const csrfOf = async (c: FormClient, path = "/driver") =>
  /name="_csrf" value="([^"]+)"/.exec(await (await c.get(path)).text())![1];

describe("the driver's pages without JavaScript", () => {
  it("lists today's jobs in route order with the window, call and navigation links, and the threshold", async () => {
    const second = await insertJob(srv.ctx, org.orgId, {
      driver_id: driver.id,
      name: "Second stop",
      scheduled_arrival: "11:00",
      scheduled_departure: "11:30",
    });
    const first = await insertJob(srv.ctx, org.orgId, {
      driver_id: driver.id,
      name: "First stop",
      address: "Rruga e Kavajës 10",
      contact_name: "Ana",
      contact_phone: "+355 69 111 2222",
      notes: "Ring twice",
      scheduled_arrival: "08:00",
      scheduled_departure: "08:30",
    });
    const res = await client.get("/driver");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.indexOf("First stop")).toBeLessThan(html.indexOf("Second stop"));
    expect(html).toContain('href="tel:+355691112222"');
    expect(html).toContain("Window 08:00–08:30");
    expect(html).toContain("Ring twice");
    expect(html).toContain("https://www.google.com/maps/dir/?api=1&amp;destination=41.3275,19.8187");
    expect(html).toContain('data-testid="driver-map"');
    expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain("You can start work from 00:00.");
    expect(html).toContain('href="/driver/check"');
    expect(first.id && second.id).toBeTruthy();
  });

  it("lists the day's delivery stops of the vehicle the driver drives, each with its proof of delivery", async () => {
    const vehicle = await createVehicle(srv.ctx, { org, driver: driver.id });
    const other = await createVehicle(srv.ctx, { org });
    const order = (orderId: string, vehicleId: string) =>
      srv.ctx.db
        .insertInto("tms_orders")
        .values({
          org_id: org.orgId,
          order_id: orderId,
          customer_code: "C1",
          customer_name: "Market Ana",
          address: "Rruga Myslym Shyri 5",
          latitude: 41.32,
          longitude: 19.81,
          weight: "10",
          delivery_date_at: today(),
          vehicle_id: vehicleId,
          sequence: 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const mine = await order("ORD-MINE-1", vehicle.id);
    await order("ORD-OTHER-1", other.id);
    const html = await (await client.get("/driver")).text();
    expect(html).toContain("ORD-MINE-1 · Market Ana");
    expect(html).toContain(`href="/driver/orders/${mine.id}/delivery"`);
    expect(html).toContain("Proof of delivery");
    expect(html).not.toContain("ORD-OTHER-1");
  });

  it("checks in with a plain form: refused beyond the radius with the distance, applied within it", async () => {
    const job = await insertJob(srv.ctx, org.orgId, { driver_id: driver.id, name: "Plain form" });
    const far = await client.post(
      "/driver?index",
      { intent: "check-in", job_id: job.id, latitude: "41.3375", longitude: "19.8187" },
      { from: "/driver" },
    );
    expect(far.status).toBe(409);
    expect(await far.text()).toContain("You are 1112 m from the job; check-in is allowed within 100 m.");
    const near = await client.post(
      "/driver?index",
      { intent: "check-in", job_id: job.id, latitude: "41.3276", longitude: "19.8187" },
      { from: "/driver" },
    );
    expect(near.status).toBe(200);
    expect(await near.text()).toContain("Checked in.");
    const row = await srv.ctx.db
      .selectFrom("route_jobs")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "started", checkin_source: "phone" });
  });

  it("the queue's endpoint applies an action with the time it was made and answers JSON", async () => {
    const job = await insertJob(srv.ctx, org.orgId, { driver_id: driver.id, name: "Queued" });
    const made = new Date(Date.now() - 30 * 60_000);
    made.setMilliseconds(0);
    const res = await client.post(
      "/driver/queue",
      { intent: "check-in", job_id: job.id, latitude: "41.3275", longitude: "19.8187", made_at: made.toISOString() },
      { csrf: await csrfOf(client) },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).result).toMatchObject({ status: "applied", action: "check-in", jobId: job.id });
    const row = await srv.ctx.db
      .selectFrom("route_jobs")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(row.arrived_at).toEqual(made);
    const again = await client.post(
      "/driver/queue",
      { intent: "check-in", job_id: job.id, latitude: "41.3275", longitude: "19.8187" },
      { csrf: await csrfOf(client) },
    );
    expect(again.status).toBe(409);
    expect((await again.json()).result).toMatchObject({ status: "conflict", code: "JOB_STATE" });
    const signedOut = await new FormClient(srv.url).post("/driver/queue", { intent: "day-end" }, { csrf: null });
    expect(signedOut.status).toBe(302);
  });

  it("refuses the driver's app to a web-only account", async () => {
    const webOnly = await createUser(srv.ctx, { org, role: "driver", driver: true });
    await srv.ctx.db.updateTable("users").set({ web_only: true }).where("id", "=", webOnly.id).execute();
    const c = await signedInClient(srv, webOnly.email!, webOnly.password);
    const res = await c.get("/driver");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("web application only");
  });
});

describe("car sharing on the phone", () => {
  it("shows free vehicles for a slot, books one, refuses an overlap with the rule's message, cancels", async () => {
    const vehicle = await poolVehicle(srv.ctx, org);
    const reason = await purpose(srv.ctx, org);
    const day = addDays(today(), 1);
    const slot = `start=${day}T10:00&end=${day}T11:00`;
    const page = await (await client.get(`/driver/cars?${slot}`)).text();
    expect(page).toContain(vehicle.registration);
    const fields = {
      intent: "book",
      vehicle_id: vehicle.id,
      type: "shared",
      destination: "Durrës",
      purpose: reason.id,
      start: `${day}T10:00`,
      end: `${day}T11:00`,
    };
    const booked = await client.post("/driver/cars", fields, { from: "/driver/cars" });
    expect(booked.status).toBe(302);
    const id = new URL(booked.headers.get("location")!, srv.url).searchParams.get("booked")!;
    const after = await (await client.get(`/driver/cars?booked=${id}&${slot}`)).text();
    expect(after).toContain('data-testid="my-booking"');
    expect(after).toContain("No vehicle is free for this time.");
    const clash = await client.post("/driver/cars", fields, { from: "/driver/cars" });
    expect(clash.status).toBe(409);
    expect(await clash.text()).toContain("The vehicle is already booked for that time.");
    const cancelled = await client.post("/driver/cars", { intent: "cancel", booking_id: id }, { from: "/driver/cars" });
    expect(cancelled.headers.get("location")).toBe("/driver/cars?cancelled=1");
    const row = await srv.ctx.db.selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirst();
    expect(row?.status).toBe("cancelled");
  });
});

/** Width and height from a PNG's IHDR, and that its image data inflates. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString("ascii")).toBe("PNG");
  const idat = buf.indexOf("IDAT");
  const len = buf.readUInt32BE(idat - 4);
  expect(inflateSync(buf.subarray(idat + 4, idat + 4 + len)).length).toBeGreaterThan(0);
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

describe("installable", () => {
  it("serves a manifest with name, start_url /driver, standalone display and fetchable 192 and 512 px icons", async () => {
    const res = await fetch(`${srv.url}/manifest.webmanifest`);
    expect(res.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: "Flota", start_url: "/driver", display: "standalone", scope: "/driver" });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === `${size}x${size}`);
      const png = await fetch(new URL(icon.src, srv.url));
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual([size, size]);
    }
  });

  it("serves the service worker uncached, allowed for the app's scope", async () => {
    const res = await fetch(`${srv.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("service-worker-allowed")).toBe("/driver");
    expect(await res.text()).toContain('addEventListener("fetch"');
  });
});
