import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAlerts } from "../../server/modules/alerts/alerts.service";
import { logFilterSchema } from "../../server/modules/alerts/alerts.schema";
import { sweepLateJobs } from "../../server/modules/route-planning/lateness";
import { principalFor, type TestContext, type TestOrg } from "../support/context";
import { createDriver, createOrganisation, createUser, createVehicle } from "../support/factories";
import { decodeQuotedPrintable } from "../support/smtp";
import { waitFor } from "../support/wait";
import { insertJob } from "./helpers";
import { everyDayPolicy, startAlertMail, TOMORROW, tomorrowAt } from "./alert-helpers";

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
/** A sweep at the instant, limited to the test's organisation (other files sweep at their own instants). */
const sweep = (org: TestOrg, hhmm: string) => sweepLateJobs(ctx, at(hhmm), undefined, { orgIds: [org.orgId] });
const job = (orgId: string, over: Record<string, unknown>) => insertJob(ctx, orgId, { scheduled_date: DAY, ...over });

const policy = (org: TestOrg, fields: Record<string, unknown>) => everyDayPolicy(ctx, org, fields);

const alertsOf = (orgId: string) =>
  ctx.db
    .selectFrom("alerts")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("occurred_at")
    .orderBy("policy_name")
    .execute();
const noticesOf = async (alertId: string) =>
  (await ctx.db.selectFrom("alert_notifications").select("user_id").where("alert_id", "=", alertId).execute())
    .map((n) => n.user_id)
    .sort();

describe("late and missed jobs through the alert policies (real PostgreSQL, SMTP and mail worker)", () => {
  it("gives the policy's recipients the alert in the app and by e-mail in their language, and not the dispatchers outside it", async () => {
    const org = await createOrganisation(ctx);
    const albanian = await createUser(ctx, { org, role: "viewer", language: "al" });
    const dispatcher = await createUser(ctx, { org, role: "dispatcher" });
    const driver = await createDriver(ctx, { org });
    const v = await createVehicle(ctx, { org });
    const p = await policy(org, {
      name: "Late deliveries",
      alert_type: "job_late",
      vehicle_ids: [v.id],
      recipient_ids: [albanian.id],
      notify_email: "on",
      emails: "ops@example.test",
    });
    const visit = await job(org.orgId, {
      name: "Delivery Kombinat",
      vehicle_id: v.id,
      driver_id: driver.id,
      scheduled_arrival: "09:00",
      scheduled_departure: "10:00",
    });
    await sweep(org, "09:10");
    expect(await alertsOf(org.orgId)).toEqual([]);
    await sweep(org, "09:20");
    const [a] = await alertsOf(org.orgId);
    expect(a).toMatchObject({
      alert_type: "job_late",
      policy_id: p.id,
      policy_name: "Late deliveries",
      vehicle_id: v.id,
      driver_id: driver.id,
      email_status: expect.any(String),
    });
    expect(a.details).toMatchObject({ job_id: visit.id, job_name: "Delivery Kombinat", scheduled_arrival: "09:00" });
    // the policy's recipient only: neither the administrator nor the dispatcher (the default without a policy)
    expect(await noticesOf(a.id)).toEqual([albanian.id]);
    expect(await noticesOf(a.id)).not.toContain(dispatcher.id);
    // the alert log filters by the type
    const admin = await principalFor(ctx, org.adminId);
    const log = await listAlerts(ctx, admin, logFilterSchema.parse({ from: DAY, to: DAY, type: "job_late" }), {
      page: 1,
      size: 50,
    });
    expect(log.items.map((i) => i.id)).toEqual([a.id]);

    const al = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(albanian.email!))).raw);
    expect(al).toContain("Punë në itinerar me vonesë");
    expect(al).toContain("Delivery Kombinat pa mbërritur deri në 09:00 plus marzhin");
    // a typed address gets the language of the policy's author (the administrator: English)
    const typed = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes("ops@example.test"))).raw);
    expect(typed).toContain("Route job late");
    expect(typed).toContain("Delivery Kombinat not reached by 09:00 plus the margin");
    await waitFor(
      async () =>
        (await ctx.db.selectFrom("alerts").select("email_status").where("id", "=", a.id).executeTakeFirstOrThrow())
          .email_status === "sent",
      20_000,
    );
    expect(smtp.messages.filter((m) => m.to.includes(org.adminEmail) || m.to.includes(dispatcher.email!))).toEqual([]);
  });

  it("does not raise it for a vehicle outside the policy; a type without any policy keeps the dispatchers' default", async () => {
    const org = await createOrganisation(ctx);
    const dispatcher = await createUser(ctx, { org, role: "dispatcher" });
    const covered = await createVehicle(ctx, { org });
    const outside = await createVehicle(ctx, { org });
    await policy(org, { name: "Covered only", alert_type: "job_late", vehicle_ids: [covered.id] });
    await job(org.orgId, {
      name: "Outside",
      vehicle_id: outside.id,
      scheduled_arrival: "09:00",
      scheduled_departure: "10:00",
    });
    await sweep(org, "09:20");
    expect(await alertsOf(org.orgId)).toEqual([]);
    // no job_missed policy at all: the default (every dispatcher, in the app, no policy)
    await sweep(org, "10:05");
    const rows = await alertsOf(org.orgId);
    expect(rows.map((r) => [r.alert_type, r.policy_id, r.policy_name])).toEqual([["job_missed", null, "Outside"]]);
    expect(await noticesOf(rows[0].id)).toEqual([org.adminId, dispatcher.id].sort());
  });

  it("a policy switched off is a choice: no alert, and no default either", async () => {
    const org = await createOrganisation(ctx);
    const v = await createVehicle(ctx, { org });
    await policy(org, { name: "Off", alert_type: "job_late", all_vehicles: "on", active: "false" });
    await job(org.orgId, { vehicle_id: v.id, scheduled_arrival: "09:00", scheduled_departure: "10:00" });
    await sweep(org, "09:20");
    expect(await alertsOf(org.orgId)).toEqual([]);
  });

  it("respects the daily limit per vehicle, the limit per driver and the time range", async () => {
    const org = await createOrganisation(ctx);
    const v = await createVehicle(ctx, { org });
    const w = await createVehicle(ctx, { org });
    const driver = await createDriver(ctx, { org });
    const limited = await policy(org, {
      name: "Two a day",
      alert_type: "job_late",
      vehicle_ids: [v.id],
      daily_limit: "2",
    });
    const perDriver = await policy(org, {
      name: "One per driver",
      alert_type: "job_late",
      vehicle_ids: [w.id],
      driver_limit: "1",
    });
    await policy(org, {
      name: "Afternoons",
      alert_type: "job_late",
      all_vehicles: "on",
      time_from: "12:00",
      time_to: "18:00",
    });
    for (const name of ["A", "B", "C"])
      await job(org.orgId, { name, vehicle_id: v.id, scheduled_arrival: "09:00", scheduled_departure: "10:00" });
    for (const name of ["D", "E"])
      await job(org.orgId, {
        name,
        vehicle_id: w.id,
        driver_id: driver.id,
        scheduled_arrival: "09:00",
        scheduled_departure: "10:00",
      });
    await sweep(org, "09:20");
    await sweep(org, "09:25");
    const rows = await alertsOf(org.orgId);
    expect(rows.filter((r) => r.policy_id === limited.id)).toHaveLength(2);
    expect(rows.filter((r) => r.policy_id === perDriver.id)).toHaveLength(1);
    // 09:20 is outside 12:00–18:00: the afternoon policy raised nothing, and the stage is passed for good
    expect(rows).toHaveLength(3);
    await sweep(org, "13:00");
    expect((await alertsOf(org.orgId)).filter((r) => r.alert_type === "job_late")).toHaveLength(3);
  });

  it("raises each stage once per job visit, even with two sweeps at the same time", async () => {
    const org = await createOrganisation(ctx);
    const v = await createVehicle(ctx, { org });
    await policy(org, { name: "Late", alert_type: "job_late", vehicle_ids: [v.id] });
    await policy(org, { name: "Missed", alert_type: "job_missed", vehicle_ids: [v.id] });
    const visit = await job(org.orgId, { vehicle_id: v.id, scheduled_arrival: "09:00", scheduled_departure: "10:00" });
    await Promise.all([sweep(org, "09:20"), sweep(org, "09:20")]);
    await sweep(org, "09:30");
    expect((await alertsOf(org.orgId)).map((r) => r.alert_type)).toEqual(["job_late"]);
    await Promise.all([sweep(org, "10:05"), sweep(org, "10:05")]);
    await sweep(org, "10:30");
    expect((await alertsOf(org.orgId)).map((r) => r.alert_type)).toEqual(["job_late", "job_missed"]);
    // another job visit of the same vehicle has its own stages
    const next = await job(org.orgId, { vehicle_id: v.id, scheduled_arrival: "11:00", scheduled_departure: "12:00" });
    await sweep(org, "11:30");
    expect((await alertsOf(org.orgId)).map((r) => (r.details as { job_id: string }).job_id)).toEqual([
      visit.id,
      visit.id,
      next.id,
    ]);
  });
});
