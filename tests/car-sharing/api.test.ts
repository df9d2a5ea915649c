import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../server/shared/dates";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { apiToken } from "../support/api-auth";
import { person, poolVehicle, purpose, TZ } from "./helpers";

let srv: TestServer;
let org: TestOrg;
let token: string;
let purposeId: string;
const day = () => addDays(todayIn(TZ), 3);

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`${srv.url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${init.token ?? token}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  token = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
  purposeId = (await purpose(srv.ctx, org)).id;
});
afterAll(async () => srv?.close());

describe("/api/car-sharing", () => {
  it("a driver lists free vehicles, books, sees and cancels their booking; refusals carry every code in the body", async () => {
    const [v1, v2] = [await poolVehicle(srv.ctx, org), await poolVehicle(srv.ctx, org)];
    const d = await person(srv.ctx, org, "driver");
    const t = await apiToken(srv, d.email!, d.password, { webLogin: true });
    const created = await api("/api/car-sharing/bookings", {
      token: t,
      method: "POST",
      body: {
        vehicle_id: v1.id,
        type: "shared",
        destination: "Berat",
        purpose: purposeId,
        start: `${day()} 09:00`,
        end: `${day()} 10:00`,
        notify_users: true,
      },
    });
    expect(created.status).toBe(201);
    const booking = await created.json();
    expect(booking).toMatchObject({
      user: { id: d.id },
      vehicle: { id: v1.id },
      status: "approved",
      destination: "Berat",
      notify_users: true,
      passengers: [],
    });
    expect(booking).not.toHaveProperty("org_id");
    const free = await (
      await api(
        `/api/car-sharing/vehicles/free?start=${encodeURIComponent(`${day()} 09:30`)}&end=${encodeURIComponent(`${day()} 11:00`)}`,
        { token: t },
      )
    ).json();
    expect(free.items.map((v: { id: string }) => v.id)).toContain(v2.id);
    expect(free.items.map((v: { id: string }) => v.id)).not.toContain(v1.id);
    const refused = await api("/api/car-sharing/bookings", {
      token: t,
      method: "POST",
      body: { vehicle_id: v1.id, type: "shared", purpose: "other", start: `${day()} 09:30`, end: `${day()} 09:40` },
    });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.error).toBe("DESTINATION_REQUIRED");
    expect(body.details.violations.map((x: { code: string }) => x.code)).toEqual([
      "DESTINATION_REQUIRED",
      "OTHER_REASON_REQUIRED",
      "DURATION_TOO_SHORT",
      "VEHICLE_OVERLAP",
      "USER_TIME_OVERLAP",
    ]);
    const mine = await (await api("/api/car-sharing/bookings?tab=in-progress", { token: t })).json();
    expect(mine.items.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const cancelled = await api(`/api/car-sharing/bookings/${booking.id}/cancel`, { token: t, method: "POST" });
    expect((await cancelled.json()).status).toBe("cancelled");
    const again = await api(`/api/car-sharing/bookings/${booking.id}/cancel`, { token: t, method: "POST" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: "BOOKING_CANCEL_FAILED",
      message: "Failed to cancel booking",
      status: 409,
    });
  });

  it("PUT edits an approved booking with the same rules (fields left out stay); a passenger lists it with my_role; a cancelled one answers BOOKING_EDIT_FAILED", async () => {
    const [v1, v2] = [await poolVehicle(srv.ctx, org), await poolVehicle(srv.ctx, org)];
    const [d, rider] = [await person(srv.ctx, org, "driver"), await person(srv.ctx, org, "driver")];
    const t = await apiToken(srv, d.email!, d.password, { webLogin: true });
    const booking = await (
      await api("/api/car-sharing/bookings", {
        token: t,
        method: "POST",
        body: {
          vehicle_id: v1.id,
          type: "shared",
          destination: "Berat",
          purpose: purposeId,
          start: `${day()} 16:00`,
          end: `${day()} 17:00`,
        },
      })
    ).json();
    await api("/api/car-sharing/bookings", {
      method: "POST",
      body: {
        user_id: org.adminId,
        vehicle_id: v2.id,
        type: "shared",
        destination: "x",
        purpose: purposeId,
        start: `${day()} 18:00`,
        end: `${day()} 19:00`,
      },
    });
    const moved = await api(`/api/car-sharing/bookings/${booking.id}`, {
      token: t,
      method: "PUT",
      body: { start: `${day()} 16:30`, end: `${day()} 17:30`, passengers: [rider.id] },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      id: booking.id,
      destination: "Berat",
      vehicle: { id: v1.id },
      passengers: [{ id: rider.id }],
    });
    const overlap = await api(`/api/car-sharing/bookings/${booking.id}`, {
      token: t,
      method: "PUT",
      body: { vehicle_id: v2.id, start: `${day()} 18:30`, end: `${day()} 19:30` },
    });
    expect(overlap.status).toBe(409);
    expect((await overlap.json()).details.violations).toEqual([{ code: "VEHICLE_OVERLAP", field: "vehicle_id" }]);
    const riderList = await (
      await api("/api/car-sharing/bookings", {
        token: await apiToken(srv, rider.email!, rider.password, { webLogin: true }),
      })
    ).json();
    expect(riderList.items.map((b: { id: string; my_role: string }) => [b.id, b.my_role])).toEqual([
      [booking.id, "passenger"],
    ]);
    await api(`/api/car-sharing/bookings/${booking.id}/cancel`, { token: t, method: "POST" });
    const late = await api(`/api/car-sharing/bookings/${booking.id}`, {
      token: t,
      method: "PUT",
      body: { destination: "Fier" },
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "BOOKING_EDIT_FAILED", message: "Failed to update booking" });
  });

  it("50 concurrent POSTs for overlapping times on one vehicle: exactly one 201, 49 answers VEHICLE_OVERLAP", async () => {
    const v = await poolVehicle(srv.ctx, org);
    const users = await Promise.all(
      Array.from({ length: 50 }, () => createUser(srv.ctx, { org, role: "driver", email: null })),
    );
    const answers = await Promise.all(
      users.map(async (u, i) => {
        const res = await api("/api/car-sharing/bookings", {
          method: "POST",
          body: {
            user_id: u.id,
            vehicle_id: v.id,
            type: "shared",
            destination: "Fier",
            purpose: purposeId,
            start: `${day()} 1${i % 4}:00`,
            end: `${day()} 15:00`,
          },
        });
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    for (const a of refused)
      expect(a.body.details.violations).toEqual([{ code: "VEHICLE_OVERLAP", field: "vehicle_id" }]);
  });

  it("is described in /api/openapi.json", async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/car-sharing/bookings",
        "/api/car-sharing/bookings/{id}/cancel",
        "/api/car-sharing/vehicles/free",
      ]),
    );
    expect(doc.paths["/api/car-sharing/bookings/{id}"].put.responses).toHaveProperty("409");
  });

  it("needs car-sharing rights", async () => {
    const viewer = await person(srv.ctx, org, "viewer");
    const t = await apiToken(srv, viewer.email!, viewer.password, { webLogin: true });
    expect((await api("/api/car-sharing/bookings", { token: t, method: "POST", body: {} })).status).toBe(403);
  });
});
