import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { addDays } from "../../server/shared/dates";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let org: TestOrg;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = createTestContext({ config: { SMTP_URL: smtp.url } });
  org = await createTestOrg(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const mailer = () => createMailer(ctx.config, ctx.log);
/** Runs the job (over every organisation in the shared test database) and counts the notices it gave this one. */
async function sentHere(): Promise<number> {
  const count = async () => Number((await ctx.db.selectFrom("maintenance_reminder_notices").select((eb) => eb.fn.countAll().as("n"))
    .where("org_id", "=", org.orgId).executeTakeFirstOrThrow()).n);
  const before = await count();
  await runReminderNotices(ctx, mailer());
  return (await count()) - before;
}
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe("reminder e-mails", () => {
  it("the vans' kilometres bring an oil change to due soon, then overdue: one e-mail per stage, in the user's language, never twice", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const mechanic = await createUser(ctx, { org, language: "al" });
    const email = (await ctx.db.selectFrom("users").select("email").where("id", "=", mechanic.id).executeTakeFirstOrThrow()).email!;
    const van = await createVehicle(ctx, { org, registration: "VAN 15K", device: true });
    await ctx.db.insertInto("vehicle_state").values({ vehicle_id: van.id, org_id: org.orgId, device_id: "d", odometer_m: 0, alert_state: "{}" }).execute();
    const today = await orgToday(ctx, org.orgId);
    await createReminders(ctx, admin, { vehicle_ids: [van.id], name: "Ndërrim vaji", interval_km: "15000", before_km: "1000", repeat: "on", active: "on", base_date: today, responsible_user_id: mechanic.id });

    expect(await sentHere()).toBe(0);
    await ctx.db.updateTable("vehicle_state").set({ odometer_m: 14_200_000 }).where("vehicle_id", "=", van.id).execute();
    expect(await sentHere()).toBe(1);
    expect(await sentHere()).toBe(0);
    const first = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(email))).raw);
    expect(first).toContain("Ndërrim vaji");
    expect(first).toContain("VAN 15K");
    expect(first).toContain("afron afati");
    expect(first).toContain("15000 km");

    await ctx.db.updateTable("vehicle_state").set({ odometer_m: 15_400_000 }).where("vehicle_id", "=", van.id).execute();
    expect(await sentHere()).toBe(1);
    expect(await sentHere()).toBe(0);
    expect(mailsTo(email)).toHaveLength(2);
    expect(decodeQuotedPrintable(mailsTo(email)[1].raw)).toContain("me vonesë");
    const stages = await ctx.db.selectFrom("maintenance_reminder_notices").select("stage").where("org_id", "=", org.orgId).orderBy("sent_at").execute();
    expect(stages.map((s) => s.stage)).toEqual(["due_soon", "overdue"]);
  });

  it("a date reminder for an English-speaking user, and an inactive one that says nothing", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const manager = await createUser(ctx, { org, language: "en" });
    const email = (await ctx.db.selectFrom("users").select("email").where("id", "=", manager.id).executeTakeFirstOrThrow()).email!;
    const car = await createVehicle(ctx, { org, registration: "CAR 365" });
    const today = await orgToday(ctx, org.orgId);
    await createReminders(ctx, admin, { vehicle_ids: [car.id], name: "Insurance", kind: "obligatory", interval_days: "365", before_days: "30", active: "on", base_date: addDays(today, -365), responsible_user_id: manager.id });
    await createReminders(ctx, admin, { vehicle_ids: [car.id], name: "Sleeping", interval_days: "10", base_date: addDays(today, -100), responsible_user_id: manager.id });
    await runReminderNotices(ctx, mailer());
    const mail = decodeQuotedPrintable((await smtp.waitFor((m) => m.to.includes(email))).raw);
    expect(mail).toContain("Insurance for CAR 365 is due.");
    expect(mail).toContain("Service_due:_Insurance");
    expect(mailsTo(email)).toHaveLength(1);
  });
});
