import pino from "pino";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer";
import { runBookingLifecycle, sendDueReminders } from "../../server/modules/car-sharing/booking-lifecycle";
import { createBooking, myReminders, updateBooking } from "../../server/modules/car-sharing/bookings.service";
import { saveGeneralSettings } from "../../server/modules/car-sharing/car-sharing.settings";
import { formatInstant } from "../../server/shared/dates";
import {
  createTestContext,
  createTestOrg,
  principalFor,
  testConfig,
  type TestContext,
  type TestOrg,
} from "../support/context";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";
import { createUser } from "../support/factories";
import { poolVehicle, purpose, TZ } from "./helpers";

let ctx: TestContext;
let org: TestOrg;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let purposeId: string;
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
  smtp = await startSmtpServer();
  org = await createTestOrg(ctx);
  purposeId = (await purpose(ctx, org)).id;
  await saveGeneralSettings(ctx, await principalFor(ctx, org.adminId), general());
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** A booking stored directly (past times the service would refuse). */
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
const statusOf = async (id: string) =>
  ctx.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
async function position(vehicleId: string, at: Date, odometerM: number, ignition = true) {
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
      lat: 41.33,
      lon: 19.82,
      ignition,
      odometer_m: odometerM,
    } as never)
    .execute();
}

describe("reminders", () => {
  it("e-mails the user and, with notify-users, the passengers in their own language, exactly once across runs", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const [driver, rider] = [
      await createUser(ctx, { org, role: "driver", language: "en", firstName: "Dren" }),
      await createUser(ctx, { org, role: "driver", language: "al", firstName: "Rina" }),
    ];
    const v = await poolVehicle(ctx, org);
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 20 * MIN) / MIN) * MIN);
    await createBooking(ctx, admin, {
      user_id: driver.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "Sarandë",
      purpose: purposeId,
      passengers: [rider.id],
      notify_users: "on",
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 60 * MIN), TZ),
    });
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), pino({ level: "silent" }));
    const first = await sendDueReminders(ctx, mailer, now);
    expect(first.sent).toBe(2);
    const second = await sendDueReminders(ctx, mailer, new Date(now.getTime() + MIN));
    expect(second.sent).toBe(0);
    const en = await smtp.waitFor((m) => m.to.includes(driver.email!));
    expect(decodeQuotedPrintable(en.raw)).toContain("Your car-sharing booking of");
    const al = await smtp.waitFor((m) => m.to.includes(rider.email!));
    expect(decodeQuotedPrintable(al.raw)).toContain("e ndan me ju");
    expect(smtp.messages.filter((m) => m.to.includes(driver.email!))).toHaveLength(1);
    // in the app too: the calendar shows the reminder to the user and the passenger
    expect((await myReminders(ctx, await principalFor(ctx, driver.id), now)).map((r) => r.registration)).toEqual([
      v.registration,
    ]);
    expect(await myReminders(ctx, await principalFor(ctx, rider.id), now)).toHaveLength(1);
    expect(await myReminders(ctx, admin, now)).toHaveLength(0);
  });

  it("follows each user's notification scope: none hears nothing, all hears every booking", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const [quiet, keeper] = [
      await createUser(ctx, { org, role: "driver", language: "en" }),
      await createUser(ctx, { org, role: "driver", language: "en", firstName: "Keeper" }),
    ];
    await ctx.db
      .insertInto("car_sharing_users")
      .values([
        { org_id: org.orgId, user_id: quiet.id, may_book: true, notification_scope: "none" },
        { org_id: org.orgId, user_id: keeper.id, may_book: true, notification_scope: "all" },
      ])
      .execute();
    const v = await poolVehicle(ctx, org);
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 25 * MIN) / MIN) * MIN);
    await createBooking(ctx, admin, {
      user_id: quiet.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "Lezhë",
      purpose: purposeId,
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 60 * MIN), TZ),
    });
    await sendDueReminders(ctx, createMailer(testConfig({ SMTP_URL: smtp.url }), pino({ level: "silent" })), now);
    await smtp.waitFor((m) => m.to.includes(keeper.email!) && decodeQuotedPrintable(m.raw).includes("Lezhë"));
    expect(smtp.messages.filter((m) => m.to.includes(quiet.email!))).toHaveLength(0);
    await ctx.db.deleteFrom("car_sharing_users").where("user_id", "in", [quiet.id, keeper.id]).execute();
  });

  it("an edit that moves the start re-arms a reminder already sent: it goes out again for the new time; other edits send nothing", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const driver = await createUser(ctx, { org, role: "driver", language: "en", firstName: "Rearm" });
    const v = await poolVehicle(ctx, org);
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 20 * MIN) / MIN) * MIN);
    const b = await createBooking(ctx, admin, {
      user_id: driver.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "Pogradec",
      purpose: purposeId,
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 60 * MIN), TZ),
    });
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), pino({ level: "silent" }));
    const mails = () => smtp.messages.filter((m) => m.to.includes(driver.email!));
    await sendDueReminders(ctx, mailer, now);
    await smtp.waitFor((m) => m.to.includes(driver.email!));
    await updateBooking(ctx, admin, b.id, { destination: "Pogradec, same time" });
    await sendDueReminders(ctx, mailer, new Date(now.getTime() + MIN));
    const later = new Date(start.getTime() + 5 * MIN);
    await updateBooking(ctx, admin, b.id, {
      start: formatInstant(later, TZ),
      end: formatInstant(new Date(later.getTime() + 60 * MIN), TZ),
    });
    expect((await statusOf(b.id)).reminder_sent_at).toBeNull();
    await sendDueReminders(ctx, mailer, new Date(now.getTime() + 2 * MIN));
    await smtp.waitFor(
      (m) => m.to.includes(driver.email!) && decodeQuotedPrintable(m.raw).includes(formatInstant(later, TZ).slice(11)),
    );
    expect(mails()).toHaveLength(2);
    expect((await statusOf(b.id)).reminder_sent_at).not.toBeNull();
  });

  it("a passenger added by an edit after the reminder went out (start unchanged) gets one reminder of their own, once", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const [driver, first, added, third] = await Promise.all(
      ["Lead", "Early", "Late", "Later"].map((firstName) =>
        createUser(ctx, { org, role: "driver", language: "en", firstName }),
      ),
    );
    const v = await poolVehicle(ctx, org);
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 20 * MIN) / MIN) * MIN);
    const b = await createBooking(ctx, admin, {
      user_id: driver.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "Vlorë",
      purpose: purposeId,
      passengers: [first.id],
      notify_users: "on",
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 60 * MIN), TZ),
    });
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), pino({ level: "silent" }));
    const mails = (u: { email: string | null }) => smtp.messages.filter((m) => m.to.includes(u.email!)).length;
    await sendDueReminders(ctx, mailer, now);
    await smtp.waitFor((m) => m.to.includes(first.email!));
    await updateBooking(ctx, admin, b.id, { passengers: [first.id, added.id] });
    // the app shows it to the new passenger only once their reminder went out
    expect(await myReminders(ctx, await principalFor(ctx, added.id), now)).toHaveLength(0);
    await sendDueReminders(ctx, mailer, new Date(now.getTime() + MIN));
    await smtp.waitFor((m) => m.to.includes(added.email!) && decodeQuotedPrintable(m.raw).includes("Vlorë"));
    expect(await myReminders(ctx, await principalFor(ctx, added.id), now)).toHaveLength(1);
    await sendDueReminders(ctx, mailer, new Date(now.getTime() + 2 * MIN));
    // two workers at once: the third passenger still hears once
    await updateBooking(ctx, admin, b.id, { passengers: [first.id, added.id, third.id] });
    const both = await Promise.all([
      sendDueReminders(ctx, mailer, new Date(now.getTime() + 3 * MIN)),
      sendDueReminders(ctx, mailer, new Date(now.getTime() + 3 * MIN)),
    ]);
    expect(both[0].sent + both[1].sent).toBe(1);
    await smtp.waitFor((m) => m.to.includes(third.email!));
    expect([mails(driver), mails(first), mails(added), mails(third)]).toEqual([1, 1, 1, 1]);
  });

  it("without notify-users a passenger added after the reminder hears nothing", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const [driver, added] = [
      await createUser(ctx, { org, role: "driver", language: "en" }),
      await createUser(ctx, { org, role: "driver", language: "en" }),
    ];
    const v = await poolVehicle(ctx, org);
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 20 * MIN) / MIN) * MIN);
    const b = await createBooking(ctx, admin, {
      user_id: driver.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "Fier",
      purpose: purposeId,
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 60 * MIN), TZ),
    });
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), pino({ level: "silent" }));
    await sendDueReminders(ctx, mailer, now);
    await updateBooking(ctx, admin, b.id, { passengers: [added.id] });
    await sendDueReminders(ctx, mailer, new Date(now.getTime() + MIN));
    const row = await ctx.db
      .selectFrom("booking_people")
      .select("reminded_at")
      .where("booking_id", "=", b.id)
      .where("user_id", "=", added.id)
      .executeTakeFirstOrThrow();
    expect(row.reminded_at).toBeNull();
    expect(smtp.messages.filter((m) => m.to.includes(added.email!))).toHaveLength(0);
  });

  it("does not remind before the chosen minutes", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const v = await poolVehicle(ctx, org);
    const u = await createUser(ctx, { org, role: "driver" });
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 45 * MIN) / MIN) * MIN);
    const b = await createBooking(ctx, admin, {
      user_id: u.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "x",
      purpose: purposeId,
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 60 * MIN), TZ),
    });
    await sendDueReminders(ctx, createMailer(testConfig({ SMTP_URL: smtp.url }), pino({ level: "silent" })), now);
    expect((await statusOf(b.id)).reminder_sent_at).toBeNull();
  });
});

describe("status transitions", () => {
  it("approved → active at the start → completed at the end with the distance driven", async () => {
    const v = await poolVehicle(ctx, org);
    const u = await createUser(ctx, { org, role: "driver", email: null });
    const start = new Date(Date.now() - 3 * 60 * MIN);
    const id = await storedBooking(v.id, u.id, start, new Date(start.getTime() + 60 * MIN));
    await runBookingLifecycle(ctx, new Date(start.getTime() + 5 * MIN));
    expect((await statusOf(id)).status).toBe("active");
    await position(v.id, new Date(start.getTime() + 10 * MIN), 100_000);
    await position(v.id, new Date(start.getTime() + 50 * MIN), 112_300);
    await runBookingLifecycle(ctx, new Date(start.getTime() + 61 * MIN));
    const done = await statusOf(id);
    expect(done.status).toBe("completed");
    expect(Number(done.distance_km)).toBe(12.3);
  });

  it("a booking whose vehicle never reported becomes unknown", async () => {
    const v = await poolVehicle(ctx, org);
    const u = await createUser(ctx, { org, role: "driver", email: null });
    const start = new Date(Date.now() - 5 * 60 * MIN);
    const id = await storedBooking(v.id, u.id, start, new Date(start.getTime() + 60 * MIN));
    await runBookingLifecycle(ctx, new Date(start.getTime() + 70 * MIN));
    expect((await statusOf(id)).status).toBe("unknown");
  });

  it("with activation on ignition: active at the first ignition; without one, released as a no-show after the grace", async () => {
    const admin = await principalFor(ctx, org.adminId);
    await saveGeneralSettings(ctx, admin, general({ activate_on_ignition: "on", no_show_grace_min: "15" }));
    try {
      const [v1, v2] = [await poolVehicle(ctx, org), await poolVehicle(ctx, org)];
      const [u1, u2] = [
        await createUser(ctx, { org, role: "driver", email: null }),
        await createUser(ctx, { org, role: "driver", email: null }),
      ];
      const start = new Date(Date.now() - 7 * 60 * MIN);
      const started = await storedBooking(v1.id, u1.id, start, new Date(start.getTime() + 120 * MIN));
      const ignored = await storedBooking(v2.id, u2.id, start, new Date(start.getTime() + 120 * MIN));
      await runBookingLifecycle(ctx, new Date(start.getTime() + 5 * MIN));
      expect((await statusOf(started)).status).toBe("approved");
      await position(v1.id, new Date(start.getTime() + 8 * MIN), 5000, true);
      await runBookingLifecycle(ctx, new Date(start.getTime() + 16 * MIN));
      expect((await statusOf(started)).status).toBe("active");
      const noShow = await statusOf(ignored);
      expect(noShow).toMatchObject({ status: "cancelled", no_show: true });
      const people = await ctx.db
        .selectFrom("booking_people")
        .select("live")
        .where("booking_id", "=", ignored)
        .executeTakeFirstOrThrow();
      expect(people.live).toBe(false);
    } finally {
      await saveGeneralSettings(ctx, admin, general());
    }
  });
});
