import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeReturnedBookings, runBookingLifecycle } from "../../server/modules/car-sharing/booking-lifecycle";
import { createBooking, getBooking } from "../../server/modules/car-sharing/bookings.service";
import {
  generalSettingsOf,
  poolVehicles,
  saveGeneralSettings,
  savePoolVehicles,
} from "../../server/modules/car-sharing/car-sharing.settings";
import { formatInstant } from "../../server/shared/dates";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createPlace, createUser } from "../support/factories";
import { putVehicleState } from "../support/vehicle-state";
import { codes, poolVehicle, purpose, TZ } from "./helpers";

let ctx: TestContext;
let org: TestOrg;
let purposeId: string;
let baseId: string;
const MIN = 60_000;
const hours = Object.fromEntries(
  [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
    [`open_${d}`, "on"],
    [`from_${d}`, "00:00"],
    [`to_${d}`, "24:00"],
  ]),
);
const general = (over: Record<string, string> = {}) => ({
  min_duration_min: "15",
  max_duration_min: "480",
  advance_days: "30",
  max_future_bookings: "5",
  min_lead_min: "0",
  reminder_min: "30",
  no_show_grace_min: "30",
  ...hours,
  ...over,
});

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
  purposeId = (await purpose(ctx, org)).id;
  await saveGeneralSettings(ctx, await principalFor(ctx, org.adminId), general({ return_rest_min: "10" }));
  baseId = (await createPlace(ctx, { org, kind: "geofence", name: "Depot" })).id;
});
afterAll(async () => ctx?.close());

const minute = (d: Date) => new Date(Math.floor(d.getTime() / MIN) * MIN);
const statusOf = async (id: string) =>
  ctx.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function storedBooking(vehicleId: string, userId: string, start: Date, end: Date) {
  const row = await ctx.db
    .insertInto("bookings")
    .values({
      org_id: org.orgId,
      user_id: userId,
      vehicle_id: vehicleId,
      type: "shared",
      destination: "Test",
      purpose_id: purposeId,
      starts_at: start,
      ends_at: end,
      created_by: org.adminId,
    })
    .returning(["id", "period"])
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto("booking_people")
    .values({ org_id: org.orgId, booking_id: row.id, user_id: userId, role: "driver", period: row.period })
    .execute();
  return row.id;
}
async function position(vehicleId: string, at: Date, odometerM: number, ignition: boolean) {
  await sql`SELECT flota_ensure_position_partitions(${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`.execute(
    ctx.db,
  );
  await ctx.db
    .insertInto("positions")
    .values({
      org_id: org.orgId,
      vehicle_id: vehicleId,
      device_id: "test",
      fix_time: at,
      lat: 41.3275,
      lon: 19.8187,
      ignition,
      odometer_m: odometerM,
    } as never)
    .execute();
}
async function state(vehicleId: string, ignition: boolean, at: Date) {
  await putVehicleState(ctx, vehicleId, org.orgId, {
    device_id: null,
    lat: 41.3275,
    lon: 19.8187,
    ignition,
    last_fix_time: at,
  });
}
async function visit(vehicleId: string, placeId: string, enter: Date, exit: Date | null = null) {
  await ctx.db
    .insertInto("geofence_visits")
    .values({
      org_id: org.orgId,
      vehicle_id: vehicleId,
      place_id: placeId,
      enter_time: enter,
      exit_time: exit,
      enter_lat: 41.3275,
      enter_lon: 19.8187,
    } as never)
    .execute();
}
const setBase = (vehicleId: string, placeId: string | null) =>
  ctx.db
    .updateTable("car_sharing_vehicles")
    .set({ base_place_id: placeId })
    .where("org_id", "=", org.orgId)
    .where("vehicle_id", "=", vehicleId)
    .execute();

/**
 * An active booking from an hour ago to two hours ahead whose car was driven 12.3 km and came back: it entered the
 * base 22 minutes ago and its ignition went off 20 minutes ago (the return). `opts` bends one part of that story.
 */
async function drivenAndBack(
  opts: {
    base?: boolean;
    inside?: boolean;
    ignitionNow?: boolean;
    enteredBeforeStart?: boolean;
    driven?: boolean;
  } = {},
) {
  const now = minute(new Date());
  const v = await poolVehicle(ctx, org);
  if (opts.base !== false) await setBase(v.id, baseId);
  const u = await createUser(ctx, { org, role: "driver", email: null });
  const start = new Date(now.getTime() - 60 * MIN);
  const end = new Date(now.getTime() + 120 * MIN);
  const id = await storedBooking(v.id, u.id, start, end);
  await runBookingLifecycle(ctx, new Date(start.getTime() + MIN));
  expect((await statusOf(id)).status).toBe("active");
  await position(v.id, new Date(now.getTime() - 55 * MIN), 100_000, opts.driven !== false);
  await position(v.id, new Date(now.getTime() - 25 * MIN), 112_300, opts.driven !== false);
  await position(v.id, new Date(now.getTime() - 20 * MIN), 112_300, false);
  await position(v.id, new Date(now.getTime() - 2 * MIN), 112_300, opts.ignitionNow === true);
  await state(v.id, opts.ignitionNow === true, new Date(now.getTime() - 2 * MIN));
  const enter = opts.enteredBeforeStart ? new Date(start.getTime() - 30 * MIN) : new Date(now.getTime() - 22 * MIN);
  await visit(v.id, baseId, enter, opts.inside === false ? new Date(now.getTime() - 5 * MIN) : null);
  return { now, v, u, id, start, end, returnedAt: new Date(now.getTime() - 20 * MIN) };
}

describe("early return to the vehicle's base", () => {
  it("completes an active booking once the car has rested in its base with the ignition off for the set minutes, with the distance driven", async () => {
    const b = await drivenAndBack();
    // 9 minutes after the return: not yet (10 minutes set)
    await completeReturnedBookings(ctx, new Date(b.returnedAt.getTime() + 9 * MIN));
    expect((await statusOf(b.id)).status).toBe("active");
    await runBookingLifecycle(ctx, new Date(b.returnedAt.getTime() + 10 * MIN));
    const done = await statusOf(b.id);
    expect(done.status).toBe("completed");
    expect(done.completed_at).toEqual(b.returnedAt);
    expect(done.ends_at).toEqual(b.end); // the booked end stays
    expect(Number(done.distance_km)).toBe(12.3);
    const people = await ctx.db
      .selectFrom("booking_people")
      .select("live")
      .where("booking_id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(people.live).toBe(false);
    // the details show it completed, returned early; the API says when
    const details = await getBooking(ctx, await principalFor(ctx, org.adminId), b.id);
    expect(details.status).toBe("completed");
  });

  it("the freed time can be booked by the next person", async () => {
    const b = await drivenAndBack();
    const next = await createUser(ctx, { org, role: "driver", email: null });
    const admin = await principalFor(ctx, org.adminId);
    const from = new Date(b.now.getTime() + 10 * MIN);
    const slot = {
      user_id: next.id,
      vehicle_id: b.v.id,
      type: "shared",
      destination: "Durrës",
      purpose: purposeId,
      start: formatInstant(from, TZ),
      end: formatInstant(new Date(from.getTime() + 60 * MIN), TZ),
    };
    expect(await codes(createBooking(ctx, admin, slot))).toEqual(["VEHICLE_OVERLAP"]);
    await completeReturnedBookings(ctx, b.now);
    expect((await statusOf(b.id)).status).toBe("completed");
    expect(await codes(createBooking(ctx, admin, slot))).toBe("OK");
  });

  it("does not complete while the ignition is on, outside the base, when the car never left it, or was never driven", async () => {
    for (const bend of [{ ignitionNow: true }, { inside: false }, { enteredBeforeStart: true }, { driven: false }]) {
      const b = await drivenAndBack(bend);
      await completeReturnedBookings(ctx, b.now);
      expect((await statusOf(b.id)).status, JSON.stringify(bend)).toBe("active");
    }
  });

  it("does not complete a booking of a vehicle without a base", async () => {
    const b = await drivenAndBack({ base: false });
    await completeReturnedBookings(ctx, b.now);
    expect((await statusOf(b.id)).status).toBe("active");
  });

  it("waits as long as the general setting says (10 minutes unless saved)", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const other = await createTestOrg(ctx);
    expect((await generalSettingsOf(ctx, other.orgId)).return_rest_min).toBe(10);
    await saveGeneralSettings(ctx, admin, general({ return_rest_min: "30" }));
    try {
      expect((await generalSettingsOf(ctx, org.orgId)).return_rest_min).toBe(30);
      const b = await drivenAndBack();
      await completeReturnedBookings(ctx, b.now);
      expect((await statusOf(b.id)).status).toBe("active");
      await completeReturnedBookings(ctx, new Date(b.returnedAt.getTime() + 30 * MIN));
      expect((await statusOf(b.id)).status).toBe("completed");
    } finally {
      await saveGeneralSettings(ctx, admin, general({ return_rest_min: "10" }));
    }
  });
});

describe("a pool vehicle's base (settings → vehicles)", () => {
  it("is a geofence of the organisation or none; a point of interest or another organisation's geofence is refused", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const v = await poolVehicle(ctx, org);
    const pool = async () => (await poolVehicles(ctx, admin)).filter((x) => x.inPool).map((x) => x.id);
    const ids = await pool();
    await savePoolVehicles(ctx, admin, { vehicle_ids: ids, bases: { [v.id]: baseId } });
    expect((await poolVehicles(ctx, admin)).find((x) => x.id === v.id)?.basePlaceId).toBe(baseId);
    const poi = await createPlace(ctx, { org, kind: "poi" });
    const foreign = await createPlace(ctx, { kind: "geofence" });
    for (const wrong of [poi.id, foreign.id]) {
      await expect(savePoolVehicles(ctx, admin, { vehicle_ids: ids, bases: { [v.id]: wrong } })).rejects.toMatchObject({
        code: "VALIDATION",
        details: { field: `base_${v.id}` },
      });
    }
    expect((await poolVehicles(ctx, admin)).find((x) => x.id === v.id)?.basePlaceId).toBe(baseId);
    await savePoolVehicles(ctx, admin, { vehicle_ids: ids, bases: { [v.id]: "" } });
    expect((await poolVehicles(ctx, admin)).find((x) => x.id === v.id)?.basePlaceId).toBeNull();
    expect(await pool()).toEqual(ids);
  });
});
