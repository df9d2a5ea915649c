import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWorkers } from "../../jobs/workers";
import { maintenanceJobs } from "../../server/modules/maintenance/maintenance.jobs";
import { REMINDER_MAIL_JOB } from "../../server/modules/maintenance/reminder-events";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import * as inbox from "../../server/modules/maintenance/reminder-inbox.service";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { addDays } from "../../server/shared/dates";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";
import { putVehicleState } from "../support/vehicle-state";

let ctx: TestContext;
let stopWorkers: (() => Promise<void>) | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let org: TestOrg;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = createTestContext({ config: { SMTP_URL: smtp.url } });
  // the reminders\' e-mails are jobs queued by their reader of the outbox
  stopWorkers = await startWorkers(
    ctx,
    maintenanceJobs.filter((d) => d.name === REMINDER_MAIL_JOB),
  );
  org = await createTestOrg(ctx);
});
afterAll(async () => {
  await stopWorkers?.();
  await ctx?.close();
  await smtp?.close();
});

/** Runs the job (over every organisation in the shared test database) and counts the notices it gave this one. */
async function sentHere(): Promise<number> {
  const count = async () =>
    Number(
      (
        await ctx.db
          .selectFrom("maintenance_reminder_notices")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("org_id", "=", org.orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  await runReminderNotices(ctx);
  return (await count()) - before;
}
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe("reminder e-mails", () => {
  it("the vans' kilometres bring an oil change to due soon, then overdue: one e-mail per stage, in the user's language, never twice", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const mechanic = await createUser(ctx, { org, language: "al" });
    const email = (
      await ctx.db.selectFrom("users").select("email").where("id", "=", mechanic.id).executeTakeFirstOrThrow()
    ).email!;
    const van = await createVehicle(ctx, { org, registration: "VAN 15K", device: true });
    await putVehicleState(ctx, van.id, org.orgId, { odometer_m: 0 });
    const today = await orgToday(ctx, org.orgId);
    await createReminders(ctx, admin, {
      vehicle_ids: [van.id],
      name: "Ndërrim vaji",
      interval_km: "15000",
      before_km: "1000",
      repeat: "on",
      active: "on",
      base_date: today,
      responsible_user_id: mechanic.id,
    });

    expect(await sentHere()).toBe(0);
    await ctx.db
      .updateTable("vehicle_state")
      .set({ odometer_m: 14_200_000 })
      .where("vehicle_id", "=", van.id)
      .execute();
    expect(await sentHere()).toBe(1);
    expect(await sentHere()).toBe(0);
    const first = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(email))).raw);
    expect(first).toContain("Ndërrim vaji");
    expect(first).toContain("VAN 15K");
    expect(first).toContain("afron afati");
    expect(first).toContain("15000 km");

    await ctx.db
      .updateTable("vehicle_state")
      .set({ odometer_m: 15_400_000 })
      .where("vehicle_id", "=", van.id)
      .execute();
    expect(await sentHere()).toBe(1);
    expect(await sentHere()).toBe(0);
    // the e-mails are jobs (the reminders' reader of the outbox queued them): wait for the second
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2), { timeout: 20_000, interval: 100 });
    expect(decodeQuotedPrintable(mailsTo(email)[1].raw)).toContain("me vonesë");
    const stages = await ctx.db
      .selectFrom("maintenance_reminder_notices")
      .select("stage")
      .where("org_id", "=", org.orgId)
      .orderBy("sent_at")
      .execute();
    expect(stages.map((s) => s.stage)).toEqual(["due_soon", "overdue"]);
  });

  it("a date reminder for an English-speaking user, and an inactive one that says nothing", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const manager = await createUser(ctx, { org, language: "en" });
    const email = (
      await ctx.db.selectFrom("users").select("email").where("id", "=", manager.id).executeTakeFirstOrThrow()
    ).email!;
    const car = await createVehicle(ctx, { org, registration: "CAR 365" });
    const today = await orgToday(ctx, org.orgId);
    await createReminders(ctx, admin, {
      vehicle_ids: [car.id],
      name: "Insurance",
      kind: "obligatory",
      interval_days: "365",
      before_days: "30",
      active: "on",
      base_date: addDays(today, -365),
      responsible_user_id: manager.id,
    });
    await createReminders(ctx, admin, {
      vehicle_ids: [car.id],
      name: "Sleeping",
      interval_days: "10",
      base_date: addDays(today, -100),
      responsible_user_id: manager.id,
    });
    await runReminderNotices(ctx);
    const mail = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(email))).raw);
    expect(mail).toContain("Insurance for CAR 365 is due.");
    expect(mail).toContain("Service_due:_Insurance");
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe("reminders in the app", () => {
  it("the responsible user gets one in-app notice per stage, with the e-mail and just as once; opening the reminder reads it", async () => {
    const admin = await principalFor(ctx, org.adminId);
    // a team's van and two viewers of that team (they see its vehicles)
    const van = await createVehicle(ctx, { org, registration: "APP 1", device: true, team: "new" });
    const mechanic = await createUser(ctx, { org, language: "en", team: van.team_id! });
    const colleague = await createUser(ctx, { org, language: "en", team: van.team_id! });
    const [me, them] = await Promise.all([principalFor(ctx, mechanic.id), principalFor(ctx, colleague.id)]);
    await putVehicleState(ctx, van.id, org.orgId, { odometer_m: 0 });
    const today = await orgToday(ctx, org.orgId);
    const [reminder] = await createReminders(ctx, admin, {
      vehicle_ids: [van.id],
      name: "Tyres",
      interval_km: "20000",
      before_km: "1000",
      active: "on",
      base_date: today,
      responsible_user_id: mechanic.id,
    });
    const mine = async (p = me) => (await inbox.reminderNotices(ctx, p)).filter((n) => n.reminder_id === reminder.id);

    await runReminderNotices(ctx);
    expect(await mine()).toEqual([]);
    await ctx.db
      .updateTable("vehicle_state")
      .set({ odometer_m: 19_500_000 })
      .where("vehicle_id", "=", van.id)
      .execute();
    await runReminderNotices(ctx);
    await runReminderNotices(ctx);
    expect((await mine()).map((n) => [n.stage, n.name, n.registration, n.read_at])).toEqual([
      ["due_soon", "Tyres", "APP 1", null],
    ]);
    expect(await inbox.unreadReminderNotices(ctx, me)).toBe(1);
    // nobody else is told
    expect(await mine(them)).toEqual([]);
    expect(await inbox.unreadReminderNotices(ctx, them)).toBe(0);

    await ctx.db
      .updateTable("vehicle_state")
      .set({ odometer_m: 20_000_000 })
      .where("vehicle_id", "=", van.id)
      .execute();
    await runReminderNotices(ctx);
    await ctx.db
      .updateTable("vehicle_state")
      .set({ odometer_m: 20_500_000 })
      .where("vehicle_id", "=", van.id)
      .execute();
    await runReminderNotices(ctx);
    await runReminderNotices(ctx);
    expect((await mine()).map((n) => n.stage)).toEqual(["overdue", "due", "due_soon"]);
    expect(await inbox.unreadReminderNotices(ctx, me)).toBe(3);
    // another user cannot read them away; the responsible one can
    expect(await inbox.readReminderNotices(ctx, them, reminder.id)).toBe(0);
    expect(await inbox.readReminderNotices(ctx, me, reminder.id)).toBe(3);
    expect(await inbox.unreadReminderNotices(ctx, me)).toBe(0);
  });

  it("a reminder without a responsible user is claimed once but shown to nobody", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const car = await createVehicle(ctx, { org });
    const today = await orgToday(ctx, org.orgId);
    const [r] = await createReminders(ctx, admin, {
      vehicle_ids: [car.id],
      name: "Nobody's",
      interval_days: "10",
      active: "on",
      base_date: addDays(today, -20),
    });
    await runReminderNotices(ctx);
    const rows = await ctx.db
      .selectFrom("maintenance_reminder_notices")
      .select(["stage", "user_id"])
      .where("reminder_id", "=", r.id)
      .execute();
    expect(rows).toEqual([{ stage: "overdue", user_id: null }]);
  });
});
