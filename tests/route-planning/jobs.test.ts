import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as field from "../../server/modules/route-planning/field.service";
import { occurrences } from "../../server/modules/route-planning/job-rules";
import * as jobs from "../../server/modules/route-planning/route-jobs.service";
import { getRouteSettings, updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { addDays } from "../../server/shared/dates";
import { createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import {
  createDriver,
  createOrganisation,
  createPlace,
  createTeam,
  createUser,
  createVehicle,
} from "../support/factories";
import { errorOf, insertJob, today } from "./helpers";
import { outcome } from "../support/outcome";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let viewer: Principal;
let other: Principal;
let driver: Awaited<ReturnType<typeof createUser>>;
let driverP: Principal;

const job = (over: Record<string, unknown> = {}) => ({
  name: "Boiler service",
  address: "Rruga e Durrësit 1",
  latitude: "41.3300",
  longitude: "19.8200",
  contact_name: "Ana",
  contact_phone: "+355 69 000 0000",
  notes: "Ring twice",
  scheduled_date: today(),
  scheduled_arrival: "09:00",
  scheduled_departure: "10:00",
  ...over,
});

beforeAll(async () => {
  ctx = createTestContext();
  org = await createOrganisation(ctx);
  const b = await createOrganisation(ctx);
  admin = await principalFor(ctx, org.adminId);
  other = await principalFor(ctx, b.adminId);
  viewer = await principalFor(ctx, (await createUser(ctx, { org, role: "viewer" })).id);
  driver = await createUser(ctx, { org, role: "driver", driver: true });
  driverP = await principalFor(ctx, driver.id);
});
afterAll(async () => ctx?.close());

describe("recurrence", () => {
  it("repeats on ISO weekdays (1 = Monday … 7 = Sunday) up to a date, adds explicit dates, caps the count", () => {
    // 2026-11-23 is a Monday
    expect(occurrences("2026-11-23", [1, 3], "2026-12-02", [])).toEqual([
      "2026-11-23",
      "2026-11-25",
      "2026-11-30",
      "2026-12-02",
    ]);
    expect(occurrences("2026-11-23", [7], "2026-11-29", ["2026-11-24"])).toEqual(["2026-11-24", "2026-11-29"]);
    expect(occurrences("2026-11-23", [], null, ["2026-11-20"])).toEqual(["2026-11-20", "2026-11-23"]);
    expect(occurrences("2026-01-01", [1, 2, 3, 4, 5, 6, 7], "2027-06-01", [])).toBeNull();
  });
});

describe("scheduled jobs", () => {
  it("creates one job per day of the recurrence with point, contact, notes and the schedule", async () => {
    const monday = "2026-11-30";
    const ids = await jobs.createJobs(
      ctx,
      admin,
      job({ scheduled_date: monday, days: ["1", "5"], repeat_until: addDays(monday, 13) }),
    );
    expect(ids).toHaveLength(4);
    const first = await jobs.getJob(ctx, admin, ids[0]);
    expect(first).toMatchObject({
      name: "Boiler service",
      latitude: 41.33,
      longitude: 19.82,
      contact_name: "Ana",
      notes: "Ring twice",
      status: "not_started",
      scheduled_date: monday,
      recurrence_days: [1, 5],
    });
    expect(first.series_id).not.toBeNull();
    const list = await jobs.listJobs(
      ctx,
      admin,
      { q: "boiler", page: 1, size: 20, dir: "asc" },
      { from: monday, to: addDays(monday, 13) },
    );
    expect(list.items.map((j) => j.scheduled_date)).toEqual([monday, "2026-12-04", "2026-12-07", "2026-12-11"]);
  });

  it("takes the point from a place, refuses a missing point, reversed times and unknown references", async () => {
    const place = await createPlace(ctx, { org, lat: 41.1, lon: 20.1 });
    const [id] = await jobs.createJobs(ctx, admin, job({ place_id: place.id, latitude: "", longitude: "" }));
    expect(await jobs.getJob(ctx, admin, id)).toMatchObject({ latitude: 41.1, longitude: 20.1, place_id: place.id });
    expect(await outcome(jobs.createJobs(ctx, admin, job({ latitude: "", longitude: "" })))).toBe(
      "latitude:errors.required,longitude:errors.required",
    );
    expect(await outcome(jobs.createJobs(ctx, admin, job({ scheduled_departure: "08:00" })))).toBe(
      "scheduled_departure:errors.departureBeforeArrival",
    );
    expect(await outcome(jobs.createJobs(ctx, admin, job({ days: ["8"], repeat_until: today() })))).toBe(
      "days.0:errors.weekday",
    );
    const foreignVehicle = await createVehicle(ctx);
    expect(await outcome(jobs.createJobs(ctx, admin, job({ vehicle_id: foreignVehicle.id })))).toBe("VALIDATION");
    const foreignPlace = await createPlace(ctx);
    expect(await outcome(jobs.createJobs(ctx, admin, job({ place_id: foreignPlace.id })))).toBe("VALIDATION");
  });

  it("edits, assigns (the vehicle's driver by default), records arrival by hand and deletes", async () => {
    const vehicle = await createVehicle(ctx, { org, driver: driver.id });
    const [id] = await jobs.createJobs(ctx, admin, job());
    await jobs.updateJob(ctx, admin, id, job({ name: "Boiler repair" }));
    const assigned = await jobs.assignJob(ctx, admin, { job_id: id, vehicle_id: vehicle.id });
    expect(assigned).toMatchObject({
      name: "Boiler repair",
      vehicle_id: vehicle.id,
      driver_id: driver.id,
      vehicle_registration: vehicle.registration,
    });
    expect((await jobs.setJobStatus(ctx, admin, id, "started")).status).toBe("started");
    expect(await outcome(jobs.setJobStatus(ctx, admin, id, "started"))).toBe("JOB_STATE");
    expect((await jobs.setJobStatus(ctx, admin, id, "finished")).checkout_source).toBe("manual");
    expect(await outcome(jobs.assignJob(ctx, admin, { job_id: id, vehicle_id: null }))).toBe("JOB_STATE");
    await jobs.deleteJob(ctx, admin, id);
    expect(await outcome(jobs.getJob(ctx, admin, id))).toBe("NOT_FOUND");
  });

  it("needs routePlanning permissions and never shows another organisation's jobs", async () => {
    const [id] = await jobs.createJobs(ctx, admin, job());
    expect(await outcome(jobs.createJobs(ctx, viewer, job()))).toBe("FORBIDDEN");
    expect(await outcome(jobs.getJob(ctx, viewer, id))).toBe("OK");
    expect(await outcome(jobs.getJob(ctx, driverP, id))).toBe("FORBIDDEN");
    expect(await outcome(jobs.getJob(ctx, other, id))).toBe("NOT_FOUND");
    expect(await outcome(jobs.updateJob(ctx, other, id, job()))).toBe("NOT_FOUND");
    expect(await outcome(jobs.deleteJob(ctx, other, id))).toBe("NOT_FOUND");
    expect(
      (await jobs.listJobs(ctx, other, { q: "", page: 1, size: 200, dir: "asc" })).items.find((j) => j.id === id),
    ).toBeUndefined();
  });

  it("hides jobs of vehicles outside the user's teams", async () => {
    const team = await createTeam(ctx, { org, name: `Hidden ${Date.now()}` });
    const hiddenVehicle = await createVehicle(ctx, { org, team: team.id });
    const row = await insertJob(ctx, org.orgId, { vehicle_id: hiddenVehicle.id });
    const limited = { ...admin, teamIds: [] } as Principal;
    expect(await outcome(jobs.getJob(ctx, limited, row.id))).toBe("NOT_FOUND");
    expect(await outcome(jobs.getJob(ctx, admin, row.id))).toBe("OK");
  });
});

describe("settings", () => {
  it("saves the check-in and check-out radius, self-assignment and its radius, and the attendance threshold", async () => {
    const saved = await updateRouteSettings(ctx, admin, {
      checkin_radius_m: 150,
      checkout_radius_m: 300,
      self_assign_jobs: true,
      self_assign_radius_m: 5000,
      late_grace_min: 10,
      attendance_enabled: true,
      attendance_start_threshold: "08:30",
    });
    expect(saved).toMatchObject({
      checkin_radius_m: 150,
      checkout_radius_m: 300,
      self_assign_jobs: true,
      self_assign_radius_m: 5000,
      attendance_start_threshold: "08:30",
    });
    expect((await getRouteSettings(ctx, viewer)).checkin_radius_m).toBe(150);
    expect(await outcome(updateRouteSettings(ctx, viewer, saved))).toBe("FORBIDDEN");
    expect((await getRouteSettings(ctx, other)).checkin_radius_m).toBe(100);
  });
});

describe("check-in and check-out from the phone", () => {
  it("is refused beyond the radius with the distance stated, accepted within it, then checks out", async () => {
    const row = await insertJob(ctx, org.orgId, { driver_id: driver.id, latitude: 41.3275, longitude: 19.8187 });
    // about 1.1 km north
    const far = await errorOf(field.phoneCheckIn(ctx, driverP, row.id, { latitude: 41.3375, longitude: 19.8187 }));
    expect(far?.code).toBe("CHECKIN_TOO_FAR");
    expect(far?.details).toMatchObject({ distance_m: 1112, radius_m: 150 });
    expect(far?.message).toContain("1112 m");
    const started = await field.phoneCheckIn(ctx, driverP, row.id, { latitude: 41.328, longitude: 19.8187 });
    expect(started).toMatchObject({ status: "started", checkin_source: "phone", checkin_distance_m: 56 });
    expect(await outcome(field.phoneCheckIn(ctx, driverP, row.id, { latitude: 41.3275, longitude: 19.8187 }))).toBe(
      "JOB_STATE",
    );
    expect(await outcome(field.phoneCheckOut(ctx, driverP, row.id, { latitude: 41.3375, longitude: 19.8187 }))).toBe(
      "CHECKOUT_TOO_FAR",
    );
    expect((await field.phoneCheckOut(ctx, driverP, row.id, { latitude: 41.3276, longitude: 19.8187 })).status).toBe(
      "finished",
    );
  });

  it("only the assigned driver may check a job in", async () => {
    const row = await insertJob(ctx, org.orgId);
    expect(await outcome(field.phoneCheckIn(ctx, driverP, row.id, { latitude: 41.3275, longitude: 19.8187 }))).toBe(
      "NOT_YOUR_JOB",
    );
    expect(await outcome(field.phoneCheckIn(ctx, other, row.id, { latitude: 41.3275, longitude: 19.8187 }))).toBe(
      "NOT_FOUND",
    );
  });

  it("lists my jobs of today", async () => {
    const row = await insertJob(ctx, org.orgId, { driver_id: driver.id, name: "Mine today" });
    await insertJob(ctx, org.orgId, { driver_id: driver.id, scheduled_date: addDays(today(), 1) });
    const mine = await field.myJobsToday(ctx, driverP);
    expect(mine.jobs.map((j) => j.id)).toContain(row.id);
    expect(mine.jobs.every((j) => j.scheduled_date === today())).toBe(true);
  });
});

describe("self-assignment", () => {
  it("takes a nearby unassigned job of today only when enabled, within its radius, and only once", async () => {
    const vehicle = await createVehicle(ctx, { org, driver: (await createDriver(ctx, { org })).id });
    const o2 = await createOrganisation(ctx);
    const d2 = await createUser(ctx, { org: o2, role: "driver", driver: true });
    const p2 = await principalFor(ctx, d2.id);
    const off = await insertJob(ctx, o2.orgId);
    expect(await outcome(field.selfAssign(ctx, p2, off.id, { latitude: 41.3275, longitude: 19.8187 }))).toBe(
      "SELF_ASSIGN_DISABLED",
    );

    const near = await insertJob(ctx, org.orgId, { name: "Up for grabs", latitude: 41.33, longitude: 19.82 });
    const farJob = await insertJob(ctx, org.orgId, { latitude: 41.5, longitude: 19.82 });
    const listed = await field.nearbyJobs(ctx, driverP, { latitude: 41.3275, longitude: 19.8187 });
    expect(listed.map((j) => j.id)).toContain(near.id);
    expect(listed.map((j) => j.id)).not.toContain(farJob.id);
    expect(await outcome(field.selfAssign(ctx, driverP, farJob.id, { latitude: 41.3275, longitude: 19.8187 }))).toBe(
      "VALIDATION",
    );
    const taken = await field.selfAssign(ctx, driverP, near.id, { latitude: 41.3275, longitude: 19.8187 });
    expect(taken.driver_id).toBe(driver.id);
    expect(await outcome(field.selfAssign(ctx, driverP, near.id, { latitude: 41.3275, longitude: 19.8187 }))).toBe(
      "JOB_TAKEN",
    );
    expect(vehicle.id).toBeTruthy();
  });
});

describe("template routes", () => {
  it("keeps stops and generates scheduled jobs on its weekdays and dates", async () => {
    const t = await import("../../server/modules/route-planning/templates.service");
    const tpl = await t.createTemplate(ctx, admin, {
      name: "Monday round",
      days: ["1"],
      dates: "2026-12-03",
      driver_id: driver.id,
    });
    await t.addStop(ctx, admin, tpl.id, {
      name: "Stop A",
      latitude: "41.3",
      longitude: "19.8",
      arrival: "08:00",
      departure: "08:30",
    });
    await t.addStop(ctx, admin, tpl.id, {
      name: "Stop B",
      latitude: "41.31",
      longitude: "19.81",
      arrival: "09:00",
      departure: "09:20",
    });
    expect((await t.getTemplate(ctx, admin, tpl.id)).stops.map((s) => s.name)).toEqual(["Stop A", "Stop B"]);
    // 2026-11-30 and 2026-12-07 are Mondays; 2026-12-03 is an explicit date
    expect(await t.generateFromTemplate(ctx, admin, tpl.id, { from: "2026-11-30", to: "2026-12-07" })).toBe(6);
    const made = await jobs.listJobs(
      ctx,
      admin,
      { q: "Stop A", page: 1, size: 20, dir: "asc" },
      { from: "2026-11-30", to: "2026-12-07" },
    );
    expect(made.items.map((j) => [j.scheduled_date, j.driver_id])).toEqual([
      ["2026-11-30", driver.id],
      ["2026-12-03", driver.id],
      ["2026-12-07", driver.id],
    ]);
    expect(await outcome(t.getTemplate(ctx, other, tpl.id))).toBe("NOT_FOUND");
    expect(await outcome(t.createTemplate(ctx, viewer, { name: "x" }))).toBe("FORBIDDEN");
    expect(
      await outcome(
        t.addStop(ctx, admin, tpl.id, {
          name: "Bad",
          latitude: "41",
          longitude: "19",
          arrival: "10:00",
          departure: "09:00",
        }),
      ),
    ).toBe("departure:errors.departureBeforeArrival");
  });
});
