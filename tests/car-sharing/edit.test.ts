import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookings from "../../server/modules/car-sharing/bookings.service";
import * as settings from "../../server/modules/car-sharing/car-sharing.settings";
import { bookingsCsv } from "../../server/modules/car-sharing/car-sharing.export";
import type { Principal } from "../../server/modules/access/principal";
import { zonedInstant } from "../../server/shared/dates";
import { principalFor, type TestContext, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { bookAt, bookingFixture, codes, NOW, person, poolVehicle, TZ } from "./helpers";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let purposeId: string;
const page = { page: 1, size: 50, sort: "start", dir: "asc" as const, q: "" };

const book = (p: Principal, over: Record<string, unknown>) => bookAt(ctx, purposeId, p, over);
const edit = (p: Principal, id: string, over: Record<string, unknown>, now = NOW) =>
  bookings.updateBooking(ctx, p, id, over, { now });
const history = (p: Principal, tab: "all" | "completed" | "in-progress" | "cancelled" = "all", q = "") =>
  bookings.listHistory(ctx, p, tab, { ...page, q });
const stored = (id: string) => ctx.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ ctx, org, admin, purposeId } = await bookingFixture());
});
afterAll(async () => ctx?.close());

describe("history: the bookings one drives and those one rides in", () => {
  it("a passenger sees the booking in every list (tabs, search, CSV) marked as passenger; another user's passenger booking stays hidden", async () => {
    const [v1, v2] = [await poolVehicle(ctx, org), await poolVehicle(ctx, org)];
    const [driver, rider, stranger, otherDriver, otherRider] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => person(ctx, org)),
    );
    const mine = await book(admin, { user_id: driver.id, vehicle_id: v1.id, passengers: [rider.id] });
    const theirs = await book(admin, { user_id: otherDriver.id, vehicle_id: v2.id, passengers: [otherRider.id] });
    const [pd, pr, ps] = await Promise.all([driver, rider, stranger].map((u) => principalFor(ctx, u.id)));

    const riderAll = await history(pr);
    expect(riderAll.items.map((b) => [b.id, b.my_role])).toEqual([[mine.id, "passenger"]]);
    expect(riderAll.total).toBe(1);
    expect((await history(pd)).items.map((b) => [b.id, b.my_role])).toEqual([[mine.id, "driver"]]);
    expect((await history(ps)).items).toEqual([]);
    expect((await history(pr, "in-progress")).items.map((b) => b.id)).toEqual([mine.id]);
    expect((await history(pr, "all", v1.registration)).items.map((b) => b.id)).toEqual([mine.id]);
    expect((await history(pr, "all", v2.registration)).items).toEqual([]);
    const csv = await bookingsCsv(ctx, pr, "all", page);
    expect(csv).toContain(mine.id);
    expect(csv).toContain(",passenger\r\n");
    expect(csv).not.toContain(theirs.id);

    await bookings.cancelBooking(ctx, pd, mine.id);
    expect((await history(pr, "cancelled")).items.map((b) => b.id)).toEqual([mine.id]);
    expect((await history(pr, "in-progress")).items).toEqual([]);
    // the operator's scope is as before: every booking, marked booker for those made for others
    const all = (await history(admin)).items.filter((b) => [mine.id, theirs.id].includes(b.id));
    expect(all.map((b) => b.my_role)).toEqual(["booker", "booker"]);
  });
});

describe("editing a booking", () => {
  it("the user moves their booking over its own old time, changes vehicle, passengers, destination, purpose and notify; the old passenger is free again", async () => {
    const [v1, v2] = [await poolVehicle(ctx, org), await poolVehicle(ctx, org)];
    const [u, a, b] = await Promise.all([person(ctx, org), person(ctx, org), person(ctx, org)]);
    const p = await principalFor(ctx, u.id);
    const created = await book(p, { vehicle_id: v1.id, passengers: [a.id] });
    // overlapping itself is not an overlap
    const moved = await edit(p, created.id, { start: "2030-03-05 10:30", end: "2030-03-05 11:30" });
    expect(moved.starts_at).toEqual(zonedInstant("2030-03-05", "10:30", TZ));
    const changed = await edit(p, created.id, {
      vehicle_id: v2.id,
      passengers: [b.id],
      destination: "Vlorë",
      purpose: "other",
      other_reason: "Airport",
      notify_users: true,
      type: "personal",
    });
    expect(changed).toMatchObject({
      vehicle_id: v2.id,
      destination: "Vlorë",
      purpose_id: null,
      other_reason: "Airport",
      notify_users: true,
      type: "personal",
      user_id: u.id,
    });
    expect((await bookings.getBooking(ctx, p, created.id)).passengers?.map((x) => x.id)).toEqual([b.id]);
    // the old vehicle and the old passenger are free; the new passenger is held
    expect(
      await codes(
        book(admin, { user_id: a.id, vehicle_id: v1.id, start: "2030-03-05 10:30", end: "2030-03-05 11:30" }),
      ),
    ).toBe("OK");
    expect(
      await codes(
        book(admin, {
          user_id: b.id,
          vehicle_id: (await poolVehicle(ctx, org)).id,
          start: "2030-03-05 11:00",
          end: "2030-03-05 11:30",
        }),
      ),
    ).toEqual(["USER_TIME_OVERLAP"]);
    // the audit has the change with before and after
    const rows = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .where("entity_id", "=", created.id)
      .where("action", "=", "update")
      .execute();
    expect(rows).toHaveLength(2);
    expect(
      rows.some(
        (r) =>
          JSON.stringify(r.before).includes(v1.id) &&
          JSON.stringify(r.after).includes(v2.id) &&
          JSON.stringify(r.after).includes(b.id),
      ),
    ).toBe(true);
  });

  it("every rule applies as for a new booking: another booking's time is VEHICLE_OVERLAP; times, passengers and the cap are checked, the booking itself not counted", async () => {
    const v = await poolVehicle(ctx, org);
    const [u, other, busy] = await Promise.all([person(ctx, org), person(ctx, org), person(ctx, org)]);
    const p = await principalFor(ctx, u.id);
    const first = await book(p, { vehicle_id: v.id });
    await book(admin, {
      user_id: other.id,
      vehicle_id: v.id,
      start: "2030-03-05 12:00",
      end: "2030-03-05 13:00",
      passengers: [busy.id],
    });
    expect(await codes(edit(p, first.id, { start: "2030-03-05 11:30", end: "2030-03-05 12:30" }))).toEqual([
      "VEHICLE_OVERLAP",
    ]);
    expect((await stored(first.id)).starts_at).toEqual(zonedInstant("2030-03-05", "10:00", TZ));
    expect(await codes(edit(p, first.id, { start: "2030-03-05 11:00", end: "2030-03-05 10:00" }))).toEqual([
      "END_BEFORE_START",
    ]);
    expect(await codes(edit(p, first.id, { start: "2030-03-04 07:00", end: "2030-03-04 08:00" }))).toEqual([
      "START_IN_PAST",
    ]);
    expect(await codes(edit(p, first.id, { end: "2030-03-05 10:15" }))).toEqual(["DURATION_TOO_SHORT"]);
    expect(await codes(edit(p, first.id, { destination: "", vehicle_id: "" }))).toEqual([
      "VEHICLE_REQUIRED",
      "DESTINATION_REQUIRED",
    ]);
    expect(
      await codes(
        edit(p, first.id, {
          passengers: [busy.id],
          start: "2030-03-05 12:00",
          end: "2030-03-05 12:30",
          vehicle_id: (await poolVehicle(ctx, org)).id,
        }),
      ),
    ).toEqual(["PASSENGER_OVERLAP_SINGULAR"]);
    // at the cap (3 by default) the user may still move one of their bookings
    const vs = [await poolVehicle(ctx, org), await poolVehicle(ctx, org)];
    await book(p, { vehicle_id: vs[0].id, start: "2030-03-06 10:00", end: "2030-03-06 11:00" });
    await book(p, { vehicle_id: vs[1].id, start: "2030-03-07 10:00", end: "2030-03-07 11:00" });
    expect(await codes(book(p, { vehicle_id: v.id, start: "2030-03-08 10:00", end: "2030-03-08 11:00" }))).toEqual([
      "USER_FUTURE_CAP_REACHED",
    ]);
    expect(await codes(edit(p, first.id, { start: "2030-03-08 10:00", end: "2030-03-08 11:00" }))).toBe("OK");
  });

  it("a started, active, cancelled or completed booking is refused with BOOKING_EDIT_FAILED; a passenger may not edit; the user stays", async () => {
    const v = await poolVehicle(ctx, org);
    const [u, rider, colleague] = await Promise.all([person(ctx, org), person(ctx, org), person(ctx, org)]);
    const p = await principalFor(ctx, u.id);
    const b = await book(p, { vehicle_id: v.id, passengers: [rider.id] });
    expect(await codes(edit(await principalFor(ctx, rider.id), b.id, { destination: "x" }))).toEqual([
      "BOOKING_EDIT_FAILED",
    ]);
    expect(await codes(edit(await principalFor(ctx, colleague.id), b.id, { destination: "x" }))).toEqual(["NOT_FOUND"]);
    expect(await codes(edit(p, b.id, { user_id: colleague.id }))).toEqual(["VALIDATION"]);
    // the start has passed (the worker has not activated it yet)
    expect(await codes(edit(p, b.id, { destination: "x" }, zonedInstant("2030-03-05", "10:00", TZ)))).toEqual([
      "BOOKING_EDIT_FAILED",
    ]);
    // the operator may edit anyone's booking
    expect(await codes(edit(admin, b.id, { destination: "By the operator" }))).toBe("OK");
    for (const status of ["active", "completed", "unknown"] as const) {
      await ctx.db.updateTable("bookings").set({ status }).where("id", "=", b.id).execute();
      expect(await codes(edit(admin, b.id, { destination: "x" }))).toEqual(["BOOKING_EDIT_FAILED"]);
    }
    await ctx.db.updateTable("bookings").set({ status: "approved" }).where("id", "=", b.id).execute();
    await bookings.cancelBooking(ctx, p, b.id);
    expect(await codes(edit(p, b.id, { destination: "x" }))).toEqual(["BOOKING_EDIT_FAILED"]);
    expect((await stored(b.id)).destination).toBe("By the operator");
    expect((await bookings.bookingDetails(ctx, p, b.id)).canEdit).toBe(false);
  });

  it("a reminder already sent is re-armed when the start moves, and stays sent when it does not", async () => {
    const [u, v] = [await person(ctx, org), await poolVehicle(ctx, org)];
    const p = await principalFor(ctx, u.id);
    const b = await book(p, { vehicle_id: v.id });
    await ctx.db.updateTable("bookings").set({ reminder_sent_at: NOW }).where("id", "=", b.id).execute();
    await edit(p, b.id, { destination: "Same time" });
    expect((await stored(b.id)).reminder_sent_at).not.toBeNull();
    await edit(p, b.id, { start: "2030-03-05 14:00", end: "2030-03-05 15:00" });
    expect((await stored(b.id)).reminder_sent_at).toBeNull();
  });
});

describe("edits never double-book", () => {
  it("25 edits and 25 new bookings racing for one slot: exactly one wins, the others get VEHICLE_OVERLAP", async () => {
    const target = await poolVehicle(ctx, org);
    const users = await Promise.all(
      Array.from({ length: 50 }, () => createUser(ctx, { org, role: "driver", email: null })),
    );
    const editors = users.slice(0, 25);
    const own = [];
    for (const u of editors)
      own.push(
        await book(admin, {
          user_id: u.id,
          vehicle_id: (await poolVehicle(ctx, org)).id,
          start: "2030-03-06 15:00",
          end: "2030-03-06 16:00",
        }),
      );
    const slot = { vehicle_id: target.id, start: "2030-03-07 09:00", end: "2030-03-07 12:00" };
    const results = await Promise.all([
      ...own.map((b) => codes(edit(admin, b.id, slot))),
      ...users.slice(25).map((u) => codes(book(admin, { ...slot, user_id: u.id }))),
    ]);
    expect(results.filter((r) => r === "OK")).toHaveLength(1);
    for (const r of results.filter((r) => r !== "OK")) expect(r).toEqual(["VEHICLE_OVERLAP"]);
    const live = await ctx.db
      .selectFrom("bookings")
      .select("id")
      .where("vehicle_id", "=", target.id)
      .where("status", "=", "approved")
      .execute();
    expect(live).toHaveLength(1);
  });

  it("one user's five bookings edited concurrently onto one time: exactly one wins, the others get USER_TIME_OVERLAP", async () => {
    const u = await person(ctx, org);
    await settings.saveRule(ctx, admin, { user_id: u.id, max_future_bookings: "5" });
    const mine = [];
    for (let i = 0; i < 5; i++)
      mine.push(
        await book(admin, {
          user_id: u.id,
          vehicle_id: (await poolVehicle(ctx, org)).id,
          start: `2030-03-0${5 + i} 18:00`,
          end: `2030-03-0${5 + i} 19:00`,
        }),
      );
    const results = await Promise.all(
      mine.map((b) => codes(edit(admin, b.id, { start: "2030-03-12 09:00", end: "2030-03-12 10:00" }))),
    );
    expect(results.filter((r) => r === "OK")).toHaveLength(1);
    for (const r of results.filter((r) => r !== "OK")) expect(r).toEqual(["USER_TIME_OVERLAP"]);
  });
});
