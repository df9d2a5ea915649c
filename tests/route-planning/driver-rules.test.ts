import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyDriverAction } from "../../app/features/driver/driver-actions.server";
import type { LoadContext } from "../../app/lib/route-kit.server";
import type { Principal } from "../../server/modules/access/principal";
import { isPhoneUserAgent, landingFor } from "../../server/modules/auth/auth.service";
import * as attendance from "../../server/modules/route-planning/attendance.service";
import * as field from "../../server/modules/route-planning/field.service";
import { metresTo } from "../../server/modules/route-planning/job-rules";
import { MADE_AT_MAX_AGE_MS, MADE_AT_MAX_AHEAD_MS, madeAt } from "../../server/modules/route-planning/made-at";
import { updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { zonedInstant } from "../../server/shared/dates";
import { createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createUser } from "../support/factories";
import { TZ, errorOf, insertJob, routeSettings, today } from "./helpers";
import { outcome } from "../support/outcome";

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;

async function newDriver(language: "al" | "en" = "en") {
  const user = await createUser(ctx, { org, role: "driver", driver: true, language });
  return { user, p: await principalFor(ctx, user.id) };
}

const at = (hhmm: string) => zonedInstant(today(), hhmm, TZ);

beforeAll(async () => {
  ctx = createTestContext();
  org = await createOrganisation(ctx);
  admin = await principalFor(ctx, org.adminId);
  await updateRouteSettings(ctx, admin, routeSettings());
});
afterAll(async () => ctx?.close());

describe("made_at: the time an offline action was made", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("is the server's time when absent, the client's within the bounds, and refused outside them", () => {
    expect(madeAt(undefined, now)).toEqual(now);
    expect(madeAt("", now)).toEqual(now);
    const oldest = new Date(now.getTime() - MADE_AT_MAX_AGE_MS);
    expect(madeAt(oldest.toISOString(), now)).toEqual(oldest);
    expect(() => madeAt(new Date(oldest.getTime() - 1000).toISOString(), now)).toThrow(
      expect.objectContaining({ code: "MADE_AT_OUT_OF_RANGE" }),
    );
    // a phone clock slightly ahead: recorded as the server's now, never in the server's future
    expect(madeAt(new Date(now.getTime() + MADE_AT_MAX_AHEAD_MS).toISOString(), now)).toEqual(now);
    expect(() => madeAt(new Date(now.getTime() + MADE_AT_MAX_AHEAD_MS + 1000).toISOString(), now)).toThrow(
      expect.objectContaining({ code: "MADE_AT_OUT_OF_RANGE" }),
    );
    expect(madeAt("2026-11-27T12:30:00+01:00", now)).toEqual(new Date("2026-11-27T11:30:00Z"));
    // a wall-clock time without an offset is ambiguous: refused, not guessed
    expect(() => madeAt("2026-11-27T11:00:00", now)).toThrow(expect.objectContaining({ code: "VALIDATION" }));
    expect(() => madeAt("yesterday", now)).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });
});

describe("check-in and check-out at the radius, with the time they were made", () => {
  it("accepts a check-in exactly at the radius and refuses one metre beyond it, with the distance", async () => {
    const { user, p } = await newDriver();
    const job = await insertJob(ctx, org.orgId, { driver_id: user.id, latitude: 41.3275, longitude: 19.8187 });
    const pos = { latitude: 41.3284, longitude: 19.8187 };
    const d = metresTo(job, pos.latitude, pos.longitude);
    await updateRouteSettings(ctx, admin, routeSettings({ checkin_radius_m: d - 1 }));
    const far = await errorOf(field.phoneCheckIn(ctx, p, job.id, pos));
    expect(far?.code).toBe("CHECKIN_TOO_FAR");
    expect(far?.details).toMatchObject({ distance_m: d, radius_m: d - 1 });
    await updateRouteSettings(ctx, admin, routeSettings({ checkin_radius_m: d }));
    expect((await field.phoneCheckIn(ctx, p, job.id, pos)).status).toBe("started");
    await updateRouteSettings(ctx, admin, routeSettings({ checkout_radius_m: d - 1 }));
    expect(await outcome(field.phoneCheckOut(ctx, p, job.id, pos))).toBe("CHECKOUT_TOO_FAR");
    await updateRouteSettings(ctx, admin, routeSettings({ checkout_radius_m: d }));
    expect((await field.phoneCheckOut(ctx, p, job.id, pos)).status).toBe("finished");
    await updateRouteSettings(ctx, admin, routeSettings());
  });

  it("records the queued times as arrival and departure, refuses a time out of bounds and leaves the job as it was", async () => {
    const { user, p } = await newDriver();
    const job = await insertJob(ctx, org.orgId, { driver_id: user.id });
    const pos = { latitude: 41.3275, longitude: 19.8187 };
    const stale = new Date(Date.now() - MADE_AT_MAX_AGE_MS - 60_000).toISOString();
    expect(await outcome(field.phoneCheckIn(ctx, p, job.id, { ...pos, made_at: stale }))).toBe("MADE_AT_OUT_OF_RANGE");
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    expect(await outcome(field.phoneCheckIn(ctx, p, job.id, { ...pos, made_at: future }))).toBe("MADE_AT_OUT_OF_RANGE");
    const arrived = new Date(Date.now() - 40 * 60_000);
    arrived.setMilliseconds(0);
    const started = await field.phoneCheckIn(ctx, p, job.id, { ...pos, made_at: arrived.toISOString() });
    expect(started.arrived_at).toBe(arrived.toISOString());
    // a check-out made (by the phone's clock) before the recorded arrival is recorded at the arrival, never before it
    const before = new Date(arrived.getTime() - 5 * 60_000).toISOString();
    const finished = await field.phoneCheckOut(ctx, p, job.id, { ...pos, made_at: before });
    expect(finished.departed_at).toBe(arrived.toISOString());
  });

  it("a queued check-in for a job reassigned meanwhile is a conflict shown with its reason, not applied", async () => {
    const a = await newDriver();
    const b = await newDriver();
    const job = await insertJob(ctx, org.orgId, { driver_id: a.user.id });
    const madeAtIso = new Date(Date.now() - 10 * 60_000).toISOString();
    await ctx.db.updateTable("route_jobs").set({ driver_id: b.user.id }).where("id", "=", job.id).execute();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      job_id: job.id,
      latitude: "41.3275",
      longitude: "19.8187",
      made_at: madeAtIso,
    }))
      form.set(k, v);
    const context = { app: ctx, principal: a.p, csrfToken: "t", sessionToken: null, clientIp: null } as LoadContext;
    const { result, httpStatus } = await applyDriverAction(
      context,
      new Request("http://flota.test/driver/queue"),
      a.p,
      "check-in",
      form,
    );
    expect(httpStatus).toBe(403);
    expect(result).toMatchObject({ status: "conflict", code: "NOT_YOUR_JOB", jobId: job.id, madeAt: madeAtIso });
    expect(result.message).toContain("reassigned");
    const row = await ctx.db.selectFrom("route_jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "not_started", arrived_at: null, driver_id: b.user.id });
  });

  it("states the radius refusal with the distance in the driver's language", async () => {
    const { user, p } = await newDriver("al");
    const job = await insertJob(ctx, org.orgId, { driver_id: user.id, latitude: 41.3275, longitude: 19.8187 });
    const form = new FormData();
    form.set("job_id", job.id);
    form.set("latitude", "41.3375");
    form.set("longitude", "19.8187");
    const context = { app: ctx, principal: p, csrfToken: "t", sessionToken: null, clientIp: null } as LoadContext;
    const { result } = await applyDriverAction(context, new Request("http://flota.test/driver"), p, "check-in", form);
    expect(result).toMatchObject({ status: "refused", code: "CHECKIN_TOO_FAR" });
    expect(result.message).toContain("1112 m");
    expect(result.message).toContain("Nuk u zbatua");
  });
});

describe("self-assignment at its radius", () => {
  it("lists and lets a driver take a job exactly at the radius, not one metre beyond, and only when allowed", async () => {
    const { p } = await newDriver();
    const job = await insertJob(ctx, org.orgId, { name: "Free job", latitude: 41.34, longitude: 19.83 });
    const pos = { latitude: 41.335, longitude: 19.83 };
    const d = metresTo(job, pos.latitude, pos.longitude);
    expect(await outcome(field.nearbyJobs(ctx, p, pos))).toBe("SELF_ASSIGN_DISABLED");
    await updateRouteSettings(ctx, admin, routeSettings({ self_assign_jobs: true, self_assign_radius_m: d - 1 }));
    expect((await field.nearbyJobs(ctx, p, pos)).map((j) => j.id)).not.toContain(job.id);
    expect(await outcome(field.selfAssign(ctx, p, job.id, pos))).toBe("VALIDATION");
    await updateRouteSettings(ctx, admin, routeSettings({ self_assign_jobs: true, self_assign_radius_m: d }));
    expect((await field.nearbyJobs(ctx, p, pos)).map((j) => j.id)).toContain(job.id);
    expect((await field.selfAssign(ctx, p, job.id, pos)).driver_id).toBe(p.userId);
    await updateRouteSettings(ctx, admin, routeSettings());
  });
});

describe("the working day at its threshold, with the time it was made", () => {
  it("refuses a start made one minute before the threshold and accepts one made at it", async () => {
    const { p } = await newDriver();
    const serverNow = at("12:00");
    const early = await errorOf(attendance.startWorkingDay(ctx, p, { made_at: at("09:59").toISOString() }, serverNow));
    expect(early?.code).toBe("ATTENDANCE_BEFORE_THRESHOLD");
    const day = await attendance.startWorkingDay(ctx, p, { made_at: at("10:00").toISOString() }, serverNow);
    expect(day.started_at).toBe(at("10:00").toISOString());
    expect(day.late).toBe(false);
    const ended = await attendance.endWorkingDay(ctx, p, at("18:30"), { made_at: at("18:00").toISOString() });
    expect(ended.ended_at).toBe(at("18:00").toISOString());
  });

  it("marks late only after the threshold plus the lateness margin", async () => {
    const onMargin = await newDriver();
    const past = await newDriver();
    const serverNow = at("12:00");
    const a = await attendance.startWorkingDay(ctx, onMargin.p, { made_at: at("10:15").toISOString() }, serverNow);
    expect(a.late).toBe(false);
    const b = await attendance.startWorkingDay(ctx, past.p, { made_at: at("10:16").toISOString() }, serverNow);
    expect(b.late).toBe(true);
  });

  it("tells the phone the threshold and whether it is before it, before any refusal", async () => {
    const { p } = await newDriver();
    expect(await attendance.myWorkingDay(ctx, p, at("09:59"))).toMatchObject({
      active: true,
      threshold: "10:00",
      beforeThreshold: true,
      startedAt: null,
    });
    expect(await attendance.myWorkingDay(ctx, p, at("10:00"))).toMatchObject({ beforeThreshold: false });
  });
});

describe("landing after sign-in", () => {
  it("sends a driver on a phone to /driver, on a desktop to the role's redirect; web-only accounts and explicit redirects stay", async () => {
    const { user } = await newDriver();
    expect(isPhoneUserAgent(PHONE_UA)).toBe(true);
    expect(isPhoneUserAgent(DESKTOP_UA)).toBe(false);
    expect(await landingFor(ctx, user, null, PHONE_UA)).toBe("/driver");
    expect(await landingFor(ctx, user, null, DESKTOP_UA)).toBe("/manage");
    expect(await landingFor(ctx, { ...user, web_only: true }, null, PHONE_UA)).toBe("/manage");
    expect(await landingFor(ctx, user, "/car-sharing", PHONE_UA)).toBe("/car-sharing");
    const viewer = await createUser(ctx, { org, role: "viewer" });
    expect(await landingFor(ctx, viewer, null, PHONE_UA)).toBe("/manage");
    await ctx.db
      .updateTable("roles")
      .set({ options: JSON.stringify({ redirect_urls: { login: "/driver" } }) })
      .where("id", "=", org.roles.viewer)
      .execute();
    expect(await landingFor(ctx, viewer, null, DESKTOP_UA)).toBe("/driver");
  });
});
