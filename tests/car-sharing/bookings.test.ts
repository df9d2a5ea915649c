import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookings from "../../server/modules/car-sharing/bookings.service";
import * as settings from "../../server/modules/car-sharing/car-sharing.settings";
import type { Principal } from "../../server/modules/access/principal";
import { createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createTeam, createUser } from "../support/factories";
import { bookAt, bookingFixture, codes, NOW, person, poolVehicle } from "./helpers";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let purposeId: string;

const book = (p: Principal, over: Record<string, unknown>) => bookAt(ctx, purposeId, p, over);

beforeAll(async () => {
  ({ ctx, org, admin, purposeId } = await bookingFixture());
});
afterAll(async () => ctx?.close());

describe("booking validation against the database", () => {
  it("books a pool vehicle and refuses the same vehicle at an overlapping time; touching times do not overlap", async () => {
    const v = await poolVehicle(ctx, org);
    const [a, b, c] = await Promise.all([person(ctx, org), person(ctx, org), person(ctx, org)]);
    expect(await codes(book(admin, { user_id: a.id, vehicle_id: v.id }))).toBe("OK");
    expect(
      await codes(book(admin, { user_id: b.id, vehicle_id: v.id, start: "2030-03-05 10:30", end: "2030-03-05 11:30" })),
    ).toEqual(["VEHICLE_OVERLAP"]);
    expect(
      await codes(book(admin, { user_id: b.id, vehicle_id: v.id, start: "2030-03-05 11:00", end: "2030-03-05 12:00" })),
    ).toBe("OK");
    expect(
      await codes(book(admin, { user_id: c.id, vehicle_id: v.id, start: "2030-03-05 09:00", end: "2030-03-05 10:00" })),
    ).toBe("OK");
  });

  it("USER_TIME_OVERLAP for the same user on another vehicle; PASSENGER_OVERLAP singular and plural listing names", async () => {
    const [v1, v2, v3] = await Promise.all([poolVehicle(ctx, org), poolVehicle(ctx, org), poolVehicle(ctx, org)]);
    const u = await person(ctx, org);
    const [p1, p2] = [await person(ctx, org, "driver", "Arta"), await person(ctx, org, "driver", "Besa")];
    expect(await codes(book(admin, { user_id: u.id, vehicle_id: v1.id, passengers: [p1.id, p2.id] }))).toBe("OK");
    expect(await codes(book(admin, { user_id: u.id, vehicle_id: v2.id }))).toEqual(["USER_TIME_OVERLAP"]);
    const other = await person(ctx, org);
    const one = await bookings
      .createBooking(
        ctx,
        admin,
        {
          user_id: other.id,
          vehicle_id: v2.id,
          type: "shared",
          destination: "x",
          purpose: purposeId,
          start: "2030-03-05 10:00",
          end: "2030-03-05 11:00",
          passengers: [p1.id],
        },
        { now: NOW },
      )
      .catch((e) => e);
    expect(one.details.violations).toEqual([
      { code: "PASSENGER_OVERLAP_SINGULAR", field: "passengers", params: { names: `Arta ${p1.last_name}`, count: 1 } },
    ]);
    const both = await book(admin, { user_id: other.id, vehicle_id: v3.id, passengers: [p1.id, p2.id] }).catch(
      (e) => e,
    );
    expect(both.code).toBe("PASSENGER_OVERLAP");
    expect(both.details.violations[0].params.names).toBe([`Arta ${p1.last_name}`, `Besa ${p2.last_name}`].join(", "));
    // a passenger may not drive another booking at the same time either
    expect(await codes(book(admin, { user_id: p1.id, vehicle_id: v3.id }))).toEqual(["USER_TIME_OVERLAP"]);
  });

  it("USER_FUTURE_CAP_REACHED at the cap; a user's specific rule overrides the general cap", async () => {
    const u = await person(ctx, org);
    const vs = await Promise.all([1, 2, 3, 4].map(() => poolVehicle(ctx, org)));
    for (let i = 0; i < 3; i++)
      expect(
        await codes(
          book(admin, {
            user_id: u.id,
            vehicle_id: vs[i].id,
            start: `2030-03-0${5 + i} 10:00`,
            end: `2030-03-0${5 + i} 11:00`,
          }),
        ),
      ).toBe("OK");
    expect(
      await codes(
        book(admin, { user_id: u.id, vehicle_id: vs[3].id, start: "2030-03-09 10:00", end: "2030-03-09 11:00" }),
      ),
    ).toEqual(["USER_FUTURE_CAP_REACHED"]);
    await settings.saveRule(ctx, admin, { user_id: u.id, max_future_bookings: "4" });
    expect(
      await codes(
        book(admin, { user_id: u.id, vehicle_id: vs[3].id, start: "2030-03-09 10:00", end: "2030-03-09 11:00" }),
      ),
    ).toBe("OK");
  });

  it("specific rules: the user's rule beats the team's, which beats the general settings", async () => {
    const team = await createTeam(ctx, { org: org as never });
    const [inTeam, ruled] = await Promise.all([person(ctx, org), person(ctx, org)]);
    await ctx.db.updateTable("users").set({ team_id: team.id }).where("id", "in", [inTeam.id, ruled.id]).execute();
    await settings.saveRule(ctx, admin, { team_id: team.id, min_duration_min: "120" });
    await settings.saveRule(ctx, admin, { user_id: ruled.id, min_duration_min: "15" });
    const v = await poolVehicle(ctx, org);
    const slot = { vehicle_id: v.id, start: "2030-03-06 14:00", end: "2030-03-06 14:20" };
    expect(await codes(book(admin, { ...slot, user_id: inTeam.id }))).toEqual(["DURATION_TOO_SHORT"]);
    expect(await codes(book(admin, { ...slot, user_id: ruled.id }))).toBe("OK");
    const general = await person(ctx, org);
    expect(
      await codes(
        book(admin, { vehicle_id: v.id, start: "2030-03-06 16:00", end: "2030-03-06 16:20", user_id: general.id }),
      ),
    ).toEqual(["DURATION_TOO_SHORT"]);
  });

  it("general settings are the organisation's; their options are enforced", async () => {
    const hours = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [`open_${d}`, d === 0 ? "" : "on"],
        [`from_${d}`, "06:00"],
        [`to_${d}`, "22:00"],
      ]),
    );
    await expect(
      settings.saveGeneralSettings(ctx, admin, {
        min_duration_min: "20",
        max_duration_min: "240",
        advance_days: "7",
        max_future_bookings: "3",
        min_lead_min: "0",
        reminder_min: "5",
        ...hours,
      }),
    ).rejects.toThrow();
    await settings.saveGeneralSettings(ctx, admin, {
      min_duration_min: "15",
      max_duration_min: "240",
      advance_days: "7",
      max_future_bookings: "5",
      min_lead_min: "15",
      reminder_min: "5",
      ...hours,
    });
    expect(await settings.getGeneralSettings(ctx, admin)).toMatchObject({
      min_duration_min: 15,
      advance_days: 7,
      min_lead_min: 15,
      allowed_hours: [
        null,
        { from: "06:00", to: "22:00" },
        expect.anything(),
        expect.anything(),
        expect.anything(),
        expect.anything(),
        expect.anything(),
      ],
    });
    const [u, v] = [await person(ctx, org), await poolVehicle(ctx, org)];
    expect(
      await codes(book(admin, { user_id: u.id, vehicle_id: v.id, start: "2030-03-10 10:00", end: "2030-03-10 10:15" })),
    ).toEqual(["OUTSIDE_ALLOWED_HOURS"]);
    expect(
      await codes(book(admin, { user_id: u.id, vehicle_id: v.id, start: "2030-03-04 08:10", end: "2030-03-04 12:11" })),
    ).toEqual(["ADVANCE_LIMIT_TOO_SHORT", "DURATION_TOO_LONG"]);
    await settings.saveGeneralSettings(ctx, admin, {
      min_duration_min: "30",
      max_duration_min: "480",
      advance_days: "30",
      max_future_bookings: "3",
      min_lead_min: "0",
      reminder_min: "30",
      ...Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
          [`open_${d}`, "on"],
          [`from_${d}`, "00:00"],
          [`to_${d}`, "24:00"],
        ]),
      ),
    });
  });

  it("a user books only for themselves, pool vehicles only, and the required fields come back together", async () => {
    const driver = await person(ctx, org);
    const p = await principalFor(ctx, driver.id);
    const [v, notPool] = [await poolVehicle(ctx, org), await poolVehicle(ctx, org)];
    await ctx.db.deleteFrom("car_sharing_vehicles").where("vehicle_id", "=", notPool.id).execute();
    const other = await person(ctx, org);
    expect(await codes(book(p, { user_id: other.id, vehicle_id: v.id }))).toEqual(["FORBIDDEN"]);
    expect(await codes(book(p, { vehicle_id: notPool.id }))).toEqual(["VEHICLE_NOT_IN_POOL"]);
    expect(await codes(book(p, { vehicle_id: v.id, purpose: "other", other_reason: "" }))).toEqual([
      "OTHER_REASON_REQUIRED",
    ]);
    expect(await codes(bookings.createBooking(ctx, p, { purpose: "other" }, { now: NOW }))).toEqual([
      "TYPE_REQUIRED",
      "VEHICLE_REQUIRED",
      "DESTINATION_REQUIRED",
      "OTHER_REASON_REQUIRED",
      "FIELD_REQUIRED",
      "FIELD_REQUIRED",
    ]);
    const created = await book(p, { vehicle_id: v.id, purpose: "other", other_reason: "Airport run" });
    expect(created).toMatchObject({
      user_id: driver.id,
      status: "approved",
      other_reason: "Airport run",
      purpose_id: null,
    });
  });

  it("the users tab can take the right to book away (BOOKING_NOT_ALLOWED)", async () => {
    const [u, v] = [await person(ctx, org), await poolVehicle(ctx, org)];
    await settings.saveBookingUser(ctx, admin, { user_id: u.id, may_book: "", notification_scope: "own" });
    expect(await codes(book(admin, { user_id: u.id, vehicle_id: v.id }))).toEqual(["BOOKING_NOT_ALLOWED"]);
    await settings.saveBookingUser(ctx, admin, { user_id: u.id, may_book: "on", notification_scope: "own" });
    expect(await codes(book(admin, { user_id: u.id, vehicle_id: v.id }))).toBe("OK");
  });

  it("cancellation is permanent and frees the vehicle; cancelling again fails with BOOKING_CANCEL_FAILED", async () => {
    const [u, v] = [await person(ctx, org), await poolVehicle(ctx, org)];
    const b = await book(admin, { user_id: u.id, vehicle_id: v.id });
    const p = await principalFor(ctx, u.id);
    await bookings.cancelBooking(ctx, p, b.id);
    expect((await bookings.getBooking(ctx, admin, b.id)).status).toBe("cancelled");
    expect(await codes(bookings.cancelBooking(ctx, p, b.id))).toEqual(["BOOKING_CANCEL_FAILED"]);
    expect(await codes(book(admin, { user_id: u.id, vehicle_id: v.id }))).toBe("OK");
  });

  it("other organisations see nothing: their booking ids are not found", async () => {
    const [u, v] = [await person(ctx, org), await poolVehicle(ctx, org)];
    const b = await book(admin, { user_id: u.id, vehicle_id: v.id });
    const otherOrg = await createTestOrg(ctx);
    const stranger = await principalFor(ctx, otherOrg.adminId);
    expect(await codes(bookings.getBooking(ctx, stranger, b.id))).toEqual(["NOT_FOUND"]);
    expect(await codes(bookings.cancelBooking(ctx, stranger, b.id))).toEqual(["NOT_FOUND"]);
    expect(await codes(book(stranger, { user_id: u.id, vehicle_id: v.id }))).toEqual([
      "USER_REQUIRED",
      "VEHICLE_REQUIRED",
      "PURPOSE_REQUIRED",
    ]);
    const colleague = await principalFor(ctx, (await person(ctx, org)).id);
    expect(await codes(bookings.getBooking(ctx, colleague, b.id))).toEqual(["NOT_FOUND"]);
  });
});

describe("never double-booked", () => {
  it("50 concurrent requests for overlapping times on one vehicle: exactly one succeeds, the others get VEHICLE_OVERLAP", async () => {
    const v = await poolVehicle(ctx, org);
    const users = await Promise.all(
      Array.from({ length: 50 }, () => createUser(ctx, { org, role: "driver", email: null })),
    );
    const results = await Promise.all(
      users.map((u, i) =>
        codes(
          book(admin, {
            user_id: u.id,
            vehicle_id: v.id,
            start: `2030-03-07 ${String(8 + (i % 5)).padStart(2, "0")}:00`,
            end: "2030-03-07 14:00",
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === "OK")).toHaveLength(1);
    for (const r of results.filter((r) => r !== "OK")) expect(r).toEqual(["VEHICLE_OVERLAP"]);
    const stored = await ctx.db
      .selectFrom("bookings")
      .select("id")
      .where("vehicle_id", "=", v.id)
      .where("status", "=", "approved")
      .execute();
    expect(stored).toHaveLength(1);
  });

  it("one user booking 20 vehicles at once concurrently: exactly one succeeds, the others get USER_TIME_OVERLAP", async () => {
    const u = await person(ctx, org);
    const vs = await Promise.all(Array.from({ length: 20 }, () => poolVehicle(ctx, org)));
    await settings.saveRule(ctx, admin, { user_id: u.id, max_future_bookings: "5" });
    const results = await Promise.all(
      vs.map((v) =>
        codes(book(admin, { user_id: u.id, vehicle_id: v.id, start: "2030-03-08 09:00", end: "2030-03-08 12:00" })),
      ),
    );
    expect(results.filter((r) => r === "OK")).toHaveLength(1);
    for (const r of results.filter((r) => r !== "OK")) expect(r).toEqual(["USER_TIME_OVERLAP"]);
  });

  it("the database itself refuses an overlap that skips the service's checks", async () => {
    const [a, b, v] = [await person(ctx, org), await person(ctx, org), await poolVehicle(ctx, org)];
    const row = (userId: string) => ({
      org_id: org.orgId,
      user_id: userId,
      vehicle_id: v.id,
      type: "shared" as const,
      destination: "x",
      purpose_id: purposeId,
      starts_at: new Date("2030-04-01T08:00:00Z"),
      ends_at: new Date("2030-04-01T10:00:00Z"),
      created_by: org.adminId,
    });
    await ctx.db.insertInto("bookings").values(row(a.id)).execute();
    await expect(ctx.db.insertInto("bookings").values(row(b.id)).execute()).rejects.toMatchObject({
      code: "23P01",
      constraint: "bookings_vehicle_overlap",
    });
  });
});
