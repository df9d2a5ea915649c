import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepPredictedLateJobs } from "../../server/modules/route-planning/eta-alerts";
import type { TestContext, TestOrg } from "../support/context";
import { createDriver, createOrganisation, createUser, createVehicle } from "../support/factories";
import { decodeQuotedPrintable } from "../support/smtp";
import { putVehicleState } from "../support/vehicle-state";
import { insertJob } from "./helpers";
import { everyDayPolicy, startAlertMail, TOMORROW, tomorrowAt } from "./alert-helpers";

// job_eta_late: the live ETA (straight-line model: great-circle distance × 1.3 at 40 km/h) after the scheduled
// arrival plus the margin (15 min), raised once per job through the policies (real PostgreSQL, SMTP, mail worker).

let env: Awaited<ReturnType<typeof startAlertMail>>;
let ctx: TestContext;
let smtp: typeof env.smtp;
beforeAll(async () => {
  env = await startAlertMail();
  ({ ctx, smtp } = env);
});
afterAll(async () => env?.close());

const DAY = TOMORROW;
const at = tomorrowAt;
const sweep = (org: TestOrg, hhmm: string) => sweepPredictedLateJobs(ctx, at(hhmm), undefined, { orgIds: [org.orgId] });
const JOB = { latitude: 41.3275, longitude: 19.8187 };
/**
 * 0.2° of latitude north of the job: R·Δφ = 22,239 m, × 1.3 = 28,911 m at 40 km/h = 2,602 s (43 min 22 s), by hand.
 * From 08:30 the estimate is 09:13:22 (on time: due by 09:15); from 08:35 it is 09:18:22, shown "09:19" (late).
 */
const FAR = { lat: JOB.latitude + 0.2, lon: JOB.longitude };

async function fix(org: TestOrg, vehicleId: string, time: Date, p = FAR) {
  await putVehicleState(ctx, vehicleId, org.orgId, { lat: p.lat, lon: p.lon, last_fix_time: time, valid: true });
}
const policy = (org: TestOrg, fields: Record<string, unknown>) =>
  everyDayPolicy(ctx, org, { alert_type: "job_eta_late", ...fields });
const job = (org: TestOrg, over: Record<string, unknown>) =>
  insertJob(ctx, org.orgId, {
    scheduled_date: DAY,
    scheduled_arrival: "09:00",
    scheduled_departure: "10:00",
    ...JOB,
    ...over,
  });
const alertsOf = (orgId: string) =>
  ctx.db.selectFrom("alerts").selectAll().where("org_id", "=", orgId).orderBy("occurred_at").execute();
const markOf = async (jobId: string) =>
  (await ctx.db.selectFrom("route_jobs").select("eta_alerted_at").where("id", "=", jobId).executeTakeFirstOrThrow())
    .eta_alerted_at;

describe("route jobs expected late (job_eta_late)", () => {
  it("warns once, before the job is late, with the estimate in the app and by e-mail in each recipient's language", async () => {
    const org = await createOrganisation(ctx);
    const albanian = await createUser(ctx, { org, role: "viewer", language: "al" });
    const driver = await createDriver(ctx, { org });
    const v = await createVehicle(ctx, { org });
    const p = await policy(org, {
      name: "Running late",
      vehicle_ids: [v.id],
      recipient_ids: [albanian.id],
      notify_email: "on",
      emails: "ops@example.test",
    });
    const visit = await job(org, { name: "Delivery Kombinat", vehicle_id: v.id, driver_id: driver.id });

    await fix(org, v.id, at("08:30"));
    expect(await sweep(org, "08:30")).toBe(0);
    expect(await alertsOf(org.orgId)).toEqual([]);
    expect(await markOf(visit.id)).toBeNull();

    await fix(org, v.id, at("08:35"));
    expect(await sweep(org, "08:35")).toBe(1);
    const [a] = await alertsOf(org.orgId);
    expect(a).toMatchObject({
      alert_type: "job_eta_late",
      policy_id: p.id,
      policy_name: "Running late",
      vehicle_id: v.id,
      driver_id: driver.id,
    });
    expect(a.details).toMatchObject({
      job_id: visit.id,
      job_name: "Delivery Kombinat",
      scheduled_arrival: "09:00",
      eta: "09:19",
    });
    expect(
      (await ctx.db.selectFrom("alert_notifications").select("user_id").where("alert_id", "=", a.id).execute()).map(
        (n) => n.user_id,
      ),
    ).toEqual([albanian.id]);
    expect(await markOf(visit.id)).toEqual(at("08:35"));

    // once per visit: still late by the estimate a minute later, and two sweeps at once, raise nothing more
    await fix(org, v.id, at("08:36"));
    expect(await sweep(org, "08:36")).toBe(0);
    expect(await alertsOf(org.orgId)).toHaveLength(1);

    const al = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(albanian.email!))).raw);
    expect(al).toContain("Punë në itinerar që pritet me vonesë");
    expect(al).toContain("Delivery Kombinat pritet në 09:19, duhet deri në 09:00 plus marzhin");
    const typed = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes("ops@example.test"))).raw);
    expect(typed).toContain("Route job expected late");
    expect(typed).toContain("Delivery Kombinat expected at 09:19, due by 09:00 plus the margin");
  });

  it("two sweeps at the same moment raise it once", async () => {
    const org = await createOrganisation(ctx);
    const v = await createVehicle(ctx, { org });
    await policy(org, { name: "Late", vehicle_ids: [v.id] });
    await job(org, { vehicle_id: v.id });
    await fix(org, v.id, at("08:40"));
    const raised = await Promise.all([sweep(org, "08:40"), sweep(org, "08:40"), sweep(org, "08:40")]);
    expect(raised.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await alertsOf(org.orgId)).toHaveLength(1);
  });

  it("has no default: without a policy of the type, or with it switched off, nobody is told", async () => {
    for (const setup of ["none", "off"] as const) {
      const org = await createOrganisation(ctx);
      await createUser(ctx, { org, role: "dispatcher" });
      const v = await createVehicle(ctx, { org });
      if (setup === "off") await policy(org, { name: "Off", all_vehicles: "on", active: "false" });
      // a job_late policy is not one of this type
      await policy(org, { name: "Late only", alert_type: "job_late", all_vehicles: "on" });
      const visit = await job(org, { vehicle_id: v.id });
      await fix(org, v.id, at("08:40"));
      expect(await sweep(org, "08:40")).toBe(0);
      expect(await alertsOf(org.orgId)).toEqual([]);
      expect(await markOf(visit.id)).toBeNull();
    }
  });

  it("raises none for a job already late or reached, a vehicle without a recent position, or a vehicle outside the policy", async () => {
    const org = await createOrganisation(ctx);
    const [covered, stale, started, outside] = await Promise.all([1, 2, 3, 4].map(() => createVehicle(ctx, { org })));
    await policy(org, { name: "Some", vehicle_ids: [covered.id, stale.id, started.id] });
    // 09:16 is past 09:00 plus the margin: late, which is job_late's to tell
    const late = await job(org, { name: "Late", vehicle_id: covered.id });
    await fix(org, covered.id, at("09:16"));
    await fix(org, stale.id, at("08:19"));
    await fix(org, started.id, at("09:16"));
    await fix(org, outside.id, at("09:16"));
    const noFix = await job(org, {
      name: "Stale",
      vehicle_id: stale.id,
      scheduled_arrival: "09:30",
      scheduled_departure: "10:30",
    });
    const reached = await job(org, {
      name: "Reached",
      vehicle_id: started.id,
      scheduled_arrival: "09:30",
      scheduled_departure: "10:30",
      status: "started",
      arrived_at: at("09:10"),
    });
    const notCovered = await job(org, {
      name: "Outside",
      vehicle_id: outside.id,
      scheduled_arrival: "09:30",
      scheduled_departure: "10:30",
    });
    expect(await sweep(org, "09:16")).toBe(0);
    expect(await alertsOf(org.orgId)).toEqual([]);
    for (const j of [late, noFix, reached, notCovered]) expect(await markOf(j.id)).toBeNull();
    // the stale vehicle reports again (15 minutes is the limit): its job is expected at 09:59:22, after 09:45
    await fix(org, stale.id, at("09:16"));
    expect(await sweep(org, "09:16")).toBe(1);
    expect((await alertsOf(org.orgId)).map((a) => a.details)).toEqual([
      expect.objectContaining({ job_id: noFix.id, eta: "10:00" }),
    ]);
  });

  it("a policy's time range that opens later still warns (the job is claimed only when a policy holds it)", async () => {
    const org = await createOrganisation(ctx);
    const v = await createVehicle(ctx, { org });
    await policy(org, { name: "From 08:40", vehicle_ids: [v.id], time_from: "08:40", time_to: "12:00" });
    const visit = await job(org, { vehicle_id: v.id });
    await fix(org, v.id, at("08:35"));
    expect(await sweep(org, "08:35")).toBe(0);
    expect(await markOf(visit.id)).toBeNull();
    await fix(org, v.id, at("08:41"));
    expect(await sweep(org, "08:41")).toBe(1);
    expect((await alertsOf(org.orgId))[0].details).toMatchObject({ job_id: visit.id, eta: "09:25" });
  });
});
