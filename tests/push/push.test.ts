import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUSH_JOB, sendNotice, subscribe, vapidKeys } from "../../server/modules/push/push.service";
import type { PushNotice } from "../../server/modules/push/push.schema";
import { jobNotice, type NoticeJob } from "../../server/modules/route-planning/job-notices";
import { assignJob, createJobs, updateJob } from "../../server/modules/route-planning/route-jobs.service";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { createMailer } from "../../server/mail/mailer";
import { sendDueReminders } from "../../server/modules/car-sharing/booking-lifecycle";
import { createBooking } from "../../server/modules/car-sharing/bookings.service";
import { saveGeneralSettings } from "../../server/modules/car-sharing/car-sharing.settings";
import { formatInstant } from "../../server/shared/dates";
import { poolVehicle, purpose, TZ } from "../car-sharing/helpers";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createDriver, createUser, createVehicle } from "../support/factories";
import { startLocalPushService, type LocalPushService } from "./push-endpoint";

let ctx: TestContext;
let org: TestOrg;
let push: LocalPushService;

beforeAll(async () => {
  push = await startLocalPushService();
  // the local push service is on loopback: allowed here, refused by default (push-guard.test.ts)
  ctx = createTestContext({ config: { OUTBOUND_ALLOW_PRIVATE: "true" } });
  org = await createTestOrg(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await push?.close();
});
beforeEach(() => {
  push.status = 201;
  push.location = null;
  push.deliveries.length = 0;
});

const subscriptions = (userId: string) =>
  ctx.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute();

/** The push jobs queued for a user, newest last. */
async function queuedFor(userId: string): Promise<PushNotice[]> {
  const jobs = await ctx.jobs.queue("mail").getJobs(["waiting", "delayed", "prioritized"]);
  return jobs
    .filter((j) => j.name === PUSH_JOB && (j.data as PushNotice).userId === userId)
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((j) => j.data as PushNotice);
}

/** Gives a user a phone subscribed to notifications (only subscribed users get notices queued). */
async function withPhone<U extends { id: string }>(user: U): Promise<U> {
  await subscribe(ctx, await principalFor(ctx, user.id), push.subscription());
  return user;
}

async function subscribedDriver(language: "al" | "en") {
  const driver = await createUser(ctx, { org, role: "driver", driver: true, language });
  const p = await principalFor(ctx, driver.id);
  const device = push.subscription();
  await subscribe(ctx, p, device);
  return { driver, p, device };
}

describe("VAPID keys", () => {
  it("are made once and kept in the database: every later read gives the same pair", async () => {
    const a = await vapidKeys(ctx.db);
    const b = await vapidKeys(ctx.db);
    expect(b).toEqual(a);
    expect(Buffer.from(a.publicKey, "base64url")).toHaveLength(65);
    const rows = await ctx.db.selectFrom("push_vapid_keys").selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});

describe("subscriptions", () => {
  it("are one per user and device: the same endpoint again updates the row, another user's is their own row", async () => {
    const { driver, p, device } = await subscribedDriver("en");
    await subscribe(ctx, p, device);
    const [first] = await subscriptions(driver.id);
    expect(await subscriptions(driver.id)).toHaveLength(1);
    const other = await createUser(ctx, { org, role: "driver", driver: true });
    const theirs = await subscribe(ctx, await principalFor(ctx, other.id), {
      ...device,
      keys: push.subscription().keys,
    });
    expect(theirs.id).not.toBe(first.id);
    expect(await subscriptions(driver.id)).toEqual([first]);
    expect(await subscriptions(other.id)).toHaveLength(1);
  });

  it("refuse what is not a subscription (no keys, not a URL)", async () => {
    const { p } = await subscribedDriver("en");
    await expect(subscribe(ctx, p, { endpoint: "not a url", keys: { p256dh: "a", auth: "b" } })).rejects.toThrow();
    await expect(subscribe(ctx, p, { endpoint: `${push.url}/x` })).rejects.toThrow();
  });
});

describe("sending", () => {
  it("reaches the push service signed with the VAPID key, encrypted for the device, in the driver's language", async () => {
    const keys = await vapidKeys(ctx.db);
    for (const language of ["en", "al"] as const) {
      push.deliveries.length = 0;
      const { driver } = await subscribedDriver(language);
      const out = await sendNotice(ctx, {
        orgId: org.orgId,
        userId: driver.id,
        kind: "job_assigned",
        params: { id: "j1", job: "Hotel Tirana", date: "2026-12-01", time: "09:30" },
        url: "/driver",
      });
      expect(out).toEqual({ sent: 1, removed: 0, failed: 0 });
      expect(push.deliveries).toHaveLength(1);
      const d = push.deliveries[0];
      expect(d.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(d.headers.ttl)).toBeGreaterThan(0);
      expect(d.vapid).toMatchObject({ ok: true, aud: push.url, publicKey: keys.publicKey });
      expect(d.vapid.sub).toMatch(/^(mailto:|https:)/);
      expect(d.payload).toEqual({
        title: language === "en" ? "New job" : "Punë e re",
        body: language === "en" ? "Hotel Tirana on 2026-12-01 at 09:30" : "Hotel Tirana më 2026-12-01 në orën 09:30",
        url: "/driver",
        tag: "job_assigned:j1",
      });
      const [row] = await subscriptions(driver.id);
      expect(row.last_sent_at).not.toBeNull();
    }
  });

  it("removes a subscription the push service says is gone (410 and 404), keeps it on any other refusal", async () => {
    for (const [status, kept] of [
      [410, 0],
      [404, 0],
      [500, 1],
      [429, 1],
    ] as const) {
      const { driver } = await subscribedDriver("en");
      push.status = status;
      const out = await sendNotice(ctx, {
        orgId: org.orgId,
        userId: driver.id,
        kind: "booking_reminder",
        params: { id: "b", vehicle: "AA 123", start: "x", end: "y" },
        url: "/car-sharing",
      });
      expect(out.removed, `status ${status}`).toBe(1 - kept);
      expect(out.failed, `status ${status}`).toBe(kept);
      expect(await subscriptions(driver.id), `status ${status}`).toHaveLength(kept);
    }
  });

  it("sends nothing to a user without a subscription", async () => {
    const lonely = await createUser(ctx, { org, role: "driver", driver: true });
    expect(
      await sendNotice(ctx, { orgId: org.orgId, userId: lonely.id, kind: "job_changed", params: {}, url: "/" }),
    ).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(push.deliveries).toHaveLength(0);
  });
});

describe("who is told of a job (the rule at its boundaries)", () => {
  const job: NoticeJob = {
    id: "j",
    name: "Stop",
    driver_id: "d1",
    scheduled_date: "2026-12-01",
    scheduled_arrival: "09:00",
    scheduled_departure: "09:30",
    address: "Rruga 1",
    latitude: 41.3,
    longitude: 19.8,
    vehicle_id: "v1",
    notes: null,
  };
  it("assigned: a new job with a driver, or one moved to another driver", () => {
    expect(jobNotice(null, job, "planner")).toBe("job_assigned");
    expect(jobNotice({ ...job, driver_id: null }, job, "planner")).toBe("job_assigned");
    expect(jobNotice({ ...job, driver_id: "d0" }, job, "planner")).toBe("job_assigned");
  });
  it("changed: the same driver, something they see changed; nothing when nothing did", () => {
    expect(jobNotice(job, { ...job }, "planner")).toBeNull();
    expect(jobNotice(job, { ...job, scheduled_arrival: "09:01" }, "planner")).toBe("job_changed");
    expect(jobNotice(job, { ...job, notes: "Ring twice" }, "planner")).toBe("job_changed");
  });
  it("nobody: no driver, or the driver made the change themself", () => {
    expect(jobNotice(null, { ...job, driver_id: null }, "planner")).toBeNull();
    expect(jobNotice(null, job, "d1")).toBeNull();
  });
});

describe("triggers queue the notice (sent on the job queue, not in the request)", () => {
  it("a job created for a driver, then changed, then moved to another driver", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const first = await withPhone(await createUser(ctx, { org, role: "driver", driver: true }));
    const second = await withPhone(await createUser(ctx, { org, role: "driver", driver: true }));
    const unsubscribed = await createDriver(ctx, { org });
    const input = {
      name: "Depo Durrës",
      latitude: "41.31",
      longitude: "19.45",
      scheduled_date: "2026-12-02",
      scheduled_arrival: "08:00",
      scheduled_departure: "08:30",
      driver_id: first.id,
    };
    const [id] = await createJobs(ctx, admin, input);
    expect((await queuedFor(first.id)).map((n) => n.kind)).toEqual(["job_assigned"]);
    await updateJob(ctx, admin, id, { ...input, scheduled_arrival: "08:15" });
    const notices = await queuedFor(first.id);
    expect(notices.map((n) => n.kind)).toEqual(["job_assigned", "job_changed"]);
    expect(notices[1].params).toMatchObject({ job: "Depo Durrës", date: "2026-12-02", time: "08:15" });
    // saved again unchanged: nothing new
    await updateJob(ctx, admin, id, { ...input, scheduled_arrival: "08:15" });
    expect(await queuedFor(first.id)).toHaveLength(2);
    await assignJob(ctx, admin, { job_id: id, driver_id: second.id });
    expect((await queuedFor(second.id)).map((n) => n.kind)).toEqual(["job_assigned"]);
    // a driver without a subscribed phone costs no job
    await assignJob(ctx, admin, { job_id: id, driver_id: unsubscribed.id });
    expect(await queuedFor(unsubscribed.id)).toHaveLength(0);
  });

  it("a service reminder turning due tells the vehicle's driver", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const driver = await withPhone(await createUser(ctx, { org, role: "driver", driver: true, language: "al" }));
    const van = await createVehicle(ctx, { org, registration: "AB 101 CD", driver: driver.id });
    const today = await orgToday(ctx, org.orgId);
    await createReminders(ctx, admin, {
      vehicle_ids: [van.id],
      name: "Kontroll vjetor",
      kind: "regular",
      interval_days: "30",
      base_date: new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10),
      repeat: "on",
      active: "on",
    });
    await runReminderNotices(ctx, new Date(), org.orgId);
    const [notice] = await queuedFor(driver.id);
    expect(notice).toMatchObject({
      kind: "service_reminder",
      params: { name: "Kontroll vjetor", vehicle: "AB 101 CD", stage: "due" },
    });
  });

  it("a booking reminder tells the booker on the phone, with the booking's times in the organisation's zone", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const day = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [`open_${d}`, "on"],
        [`from_${d}`, "00:00"],
        [`to_${d}`, "24:00"],
      ]),
    );
    await saveGeneralSettings(ctx, admin, {
      min_duration_min: "15",
      max_duration_min: "480",
      advance_days: "30",
      max_future_bookings: "5",
      min_lead_min: "0",
      reminder_min: "30",
      no_show_grace_min: "30",
      ...day,
    });
    const booker = await withPhone(await createUser(ctx, { org, role: "driver", language: "al" }));
    const v = await poolVehicle(ctx, org);
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + 20 * 60_000) / 60_000) * 60_000);
    await createBooking(ctx, admin, {
      user_id: booker.id,
      vehicle_id: v.id,
      type: "shared",
      destination: "Vlorë",
      purpose: (await purpose(ctx, org)).id,
      start: formatInstant(start, TZ),
      end: formatInstant(new Date(start.getTime() + 3_600_000), TZ),
    });
    await sendDueReminders(ctx, createMailer(ctx.config, ctx.log), now);
    const [notice] = await queuedFor(booker.id);
    expect(notice).toMatchObject({
      kind: "booking_reminder",
      params: { vehicle: v.registration, start: formatInstant(start, TZ) },
    });
    expect(notice.url).toMatch(/^\/car-sharing\/bookings\//);
  });
});
