import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkers } from "../../jobs/workers";
import { maintenanceJobs } from "../../server/modules/maintenance/maintenance.jobs";
import { REMINDER_MAIL_JOB } from "../../server/modules/maintenance/reminder-events";
import type { Principal } from "../../server/modules/access/principal";
import * as records from "../../server/modules/maintenance/records.service";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import * as reminders from "../../server/modules/maintenance/reminders.service";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";
import { outcome } from "../support/outcome";
import { putVehicleState } from "../support/vehicle-state";

let ctx: TestContext;
let stopWorkers: (() => Promise<void>) | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let org: TestOrg;
let admin: Principal;
let today: string;

/** Puts a vehicle's telematics engine hours (and odometer) where the position pipeline keeps them. */
async function setTelematics(vehicleId: string, hours: number, km = 0) {
  await putVehicleState(ctx, vehicleId, org.orgId, { odometer_m: km * 1000, engine_hours_s: Math.round(hours * 3600) });
}

const terms = (vehicleId: string, over: Record<string, unknown> = {}) => ({
  vehicle_ids: [vehicleId],
  name: "Hydraulic oil",
  kind: "regular",
  repeat: "on",
  active: "on",
  base_date: today,
  ...over,
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = createTestContext({ config: { SMTP_URL: smtp.url } });
  // the reminders\' e-mails are jobs queued by their reader of the outbox
  stopWorkers = await startWorkers(
    ctx,
    maintenanceJobs.filter((d) => d.name === REMINDER_MAIL_JOB),
  );
  org = await createTestOrg(ctx);
  admin = await principalFor(ctx, org.adminId);
  today = await orgToday(ctx, org.orgId);
});
afterAll(async () => {
  await stopWorkers?.();
  await ctx?.close();
  await smtp?.close();
});

describe("reminders by engine hours", () => {
  it("counts from the telematics engine hours and turns due soon, due and overdue by hours (the list's state filter too)", async () => {
    const tractor = await createVehicle(ctx, { org, category: "Truck", device: true });
    await setTelematics(tractor.id, 1_200);
    const [r] = await reminders.createReminders(
      ctx,
      admin,
      terms(tractor.id, { interval_hours: "250", before_hours: "25" }),
    );
    expect(Number(r.base_engine_hours)).toBe(1_200);
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "ok",
      due_hours: 1_450,
      hours_left: 250,
      engine_hours: 1_200,
      due_date: null,
      due_km: null,
    });
    const at = async (hours: number) => {
      await setTelematics(tractor.id, hours);
      return reminders.getReminder(ctx, admin, r.id);
    };
    expect(await at(1_424.9)).toMatchObject({ status: "ok", hours_left: 25.1 });
    expect(await at(1_425)).toMatchObject({ status: "due_soon", hours_left: 25 });
    expect(await at(1_450)).toMatchObject({ status: "due", hours_left: 0 });
    expect(await at(1_451)).toMatchObject({ status: "due", hours_left: -1 });
    expect(await at(1_451.2)).toMatchObject({ status: "overdue", hours_left: -1.2 });
    const overdue = await reminders.listReminders(
      ctx,
      admin,
      { status: "overdue" },
      { q: "", page: 1, size: 200, dir: "asc" },
    );
    expect(overdue.items.map((x) => x.id)).toContain(r.id);
    expect(overdue.counts.overdue).toBeGreaterThanOrEqual(1);
  });

  it("with km: whichever comes first", async () => {
    const truck = await createVehicle(ctx, { org, category: "Truck", device: true });
    await setTelematics(truck.id, 0, 0);
    const [r] = await reminders.createReminders(
      ctx,
      admin,
      terms(truck.id, { interval_km: "15000", before_km: "1000", interval_hours: "500", before_hours: "50" }),
    );
    await setTelematics(truck.id, 460, 2_000); // hours inside the warning, km far
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "due_soon",
      km_left: 13_000,
      hours_left: 40,
    });
    await setTelematics(truck.id, 100, 15_500); // km overdue, hours far
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "overdue",
      km_left: -500,
      hours_left: 400,
    });
    await setTelematics(truck.id, 100, 2_000);
    expect((await reminders.getReminder(ctx, admin, r.id)).status).toBe("ok");
  });

  it("repeats from the completion's engine hours: the entered reading, else the current one", async () => {
    const forklift = await createVehicle(ctx, { org, category: "Truck", device: true });
    await setTelematics(forklift.id, 990);
    const [r] = await reminders.createReminders(
      ctx,
      admin,
      terms(forklift.id, { interval_hours: "1000", before_hours: "100", base_engine_hours: "0" }),
    );
    expect((await reminders.getReminder(ctx, admin, r.id)).status).toBe("due_soon");
    const done = await reminders.completeReminder(ctx, admin, r.id, { completed_on: today, engine_hours: "985" });
    expect(done.reminder).toMatchObject({ base_engine_hours: "985.0", cycle: 1 });
    expect(Number(done.service.engine_hours)).toBe(985);
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "ok",
      due_hours: 1_985,
      hours_left: 995,
    });
    await setTelematics(forklift.id, 2_000);
    expect((await reminders.getReminder(ctx, admin, r.id)).status).toBe("overdue");
    const again = await reminders.completeReminder(ctx, admin, r.id, { completed_on: today });
    expect(again.reminder).toMatchObject({ base_engine_hours: "2000.0", cycle: 2 });
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({ status: "ok", due_hours: 3_000 });
  });

  it("a vehicle without a device takes its engine hours from the last reading entered with a service", async () => {
    const generator = await createVehicle(ctx, { org, category: "Truck" });
    const [r] = await reminders.createReminders(
      ctx,
      admin,
      terms(generator.id, { interval_hours: "200", before_hours: "20" }),
    );
    expect(Number(r.base_engine_hours)).toBe(0);
    expect((await reminders.getReminder(ctx, admin, r.id)).engine_hours).toBeNull();
    await records.createService(ctx, admin, {
      vehicle_id: generator.id,
      service_type: "Check",
      completed_on: today,
      engine_hours: "185",
    });
    expect(await reminders.getReminder(ctx, admin, r.id)).toMatchObject({
      status: "due_soon",
      engine_hours: 185,
      hours_left: 15,
    });
    expect((await records.currentReadings(ctx, admin)).get(generator.id)?.engine_hours).toBe(185);
    // a service without a reading takes the current one, so the next form is prefilled like the odometer
    const blank = await records.createService(ctx, admin, {
      vehicle_id: generator.id,
      service_type: "Filter",
      completed_on: today,
    });
    expect(Number(blank.engine_hours)).toBe(185);
  });

  it("an hours interval alone is enough; none at all, or hours out of range, is refused", async () => {
    const van = await createVehicle(ctx, { org });
    expect(await outcome(reminders.createReminders(ctx, admin, terms(van.id, { interval_hours: "100" })))).toBe("OK");
    expect(await outcome(reminders.createReminders(ctx, admin, terms(van.id)))).toMatch(/^interval_days:/);
    expect(await outcome(reminders.createReminders(ctx, admin, terms(van.id, { interval_hours: "0" })))).toMatch(
      /^interval_hours:errors\./,
    );
    expect(
      await outcome(reminders.createReminders(ctx, admin, terms(van.id, { interval_hours: "10", before_hours: "-1" }))),
    ).toMatch(/^before_hours:/);
  });

  it("e-mails the due engine hours in the user's language", async () => {
    const mechanic = await createUser(ctx, { org, language: "en" });
    const email = (
      await ctx.db.selectFrom("users").select("email").where("id", "=", mechanic.id).executeTakeFirstOrThrow()
    ).email!;
    const pto = await createVehicle(ctx, { org, registration: "PTO 1", device: true });
    await setTelematics(pto.id, 700);
    await reminders.createReminders(
      ctx,
      admin,
      terms(pto.id, {
        name: "PTO service",
        interval_hours: "300",
        before_hours: "30",
        base_engine_hours: "400",
        responsible_user_id: mechanic.id,
      }),
    );
    await runReminderNotices(ctx);
    const mail = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(email))).raw);
    expect(mail).toContain("PTO service");
    expect(mail).toContain("Due at: 700 engine hours (now 700 h)");
    expect(mail).not.toContain(" km (now");
  });
});
