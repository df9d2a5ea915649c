import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer";
import {
  archiveFile,
  generateArchive,
  recoverStaleArchives,
  requestArchive,
  retryArchive,
} from "../../server/modules/analytics/archive/archive.service";
import {
  createSchedule,
  emailScheduledArchive,
  runDueSchedules,
} from "../../server/modules/analytics/schedules/schedules.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";

let ctx: TestContext;
let org: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let albanian: { id: string; email: string };
let vehicle: { id: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: "https://flota.example.test" } });
  org = await createTestOrg(ctx, { demo: true });
  admin = await principalFor(ctx, org.adminId);
  const u = await ctx.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("org_id", "=", org.orgId)
    .where("id", "!=", org.adminId)
    .where("email", "is not", null)
    .orderBy("email")
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable("users").set({ default_language: "al" }).where("id", "=", u.id).execute();
  albanian = { id: u.id, email: u.email! };
  vehicle = await ctx.db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  // a trip on Tuesday of the week before Monday 2026-11-23
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh)
    VALUES (${org.orgId}, ${vehicle.id}, 'trip', '2026-11-17T07:00:00Z', '2026-11-17T08:00:00Z', 41.3, 19.8, 41.4, 19.9, 48000, 70)`.execute(
    ctx.db,
  );
  // typed addresses get the organisation's report language
  await sql`INSERT INTO analytics_settings (org_id, report_language) VALUES (${org.orgId}, 'en')`.execute(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const weekly = (over: Record<string, unknown> = {}) => ({
  name: "Weekly trips",
  report_type: "trips",
  hour: "7",
  time_range: "previous_week",
  interval: "weekly",
  weekday: "1",
  user_ids: [albanian.id],
  emails: "fleet-owner@example.test",
  ...over,
});

describe("scheduled report e-mails (real PostgreSQL and SMTP)", () => {
  it("refuses a schedule without any e-mail recipient (spec section 5)", async () => {
    await expect(createSchedule(ctx, admin, weekly({ user_ids: [], emails: "" }))).rejects.toMatchObject({
      code: "VALIDATION",
      details: { fields: { emails: ["errors.EMAIL_RECIPIENT_REQUIRED"] } },
    });
  });

  it("every Monday at 07:00: generated once, e-mailed once to each recipient in their language with PDF and Excel", async () => {
    const s = await createSchedule(ctx, admin, weekly());
    await ctx.db
      .updateTable("report_schedules")
      .set({ created_at: new Date("2026-11-01T00:00:00Z") })
      .where("id", "=", s.id)
      .execute();
    const monday = new Date("2026-11-23T06:00:30Z");
    const created = await runDueSchedules(ctx, monday);
    const mine = await ctx.db.selectFrom("archived_reports").selectAll().where("schedule_id", "=", s.id).execute();
    expect(mine).toHaveLength(1);
    expect(created).toContain(mine[0].id);
    expect(mine[0]).toMatchObject({ period_from: "2026-11-15", period_to: "2026-11-21", status: "RUNNING" });
    // the sweep again at the same hour (a restart) and hours later: no second run of that Monday
    await runDueSchedules(ctx, monday);
    await runDueSchedules(ctx, new Date("2026-11-25T12:00:00Z"));
    expect(
      await ctx.db.selectFrom("archived_reports").select("id").where("schedule_id", "=", s.id).execute(),
    ).toHaveLength(1);

    expect(await generateArchive(ctx, mine[0].id, ["al", "en"])).toBe("COMPLETED");
    const mailer = createMailer(ctx.config, ctx.log);
    expect(await emailScheduledArchive(ctx, mailer, mine[0].id)).toBe(2);
    expect(await emailScheduledArchive(ctx, mailer, mine[0].id)).toBe(0);
    const al = await smtp.waitFor((m) => m.to.includes(albanian.email));
    const en = await smtp.waitFor((m) => m.to.includes("fleet-owner@example.test"));
    expect(decodeQuotedPrintable(al.raw)).toContain("Udhëtimet");
    expect(decodeQuotedPrintable(en.raw)).toContain("Trips");
    expect(en.raw).toContain("trips-2026-11-15-2026-11-21.pdf");
    expect(en.raw).toContain("trips-2026-11-15-2026-11-21.xlsx");
    expect(decodeQuotedPrintable(en.raw)).toContain("48.0");
    expect(smtp.messages.filter((m) => m.to.includes("fleet-owner@example.test"))).toHaveLength(1);
  });

  it("a run missed while the server was down is made once when it comes back", async () => {
    const s = await createSchedule(ctx, admin, weekly({ name: "Catch up" }));
    await ctx.db
      .updateTable("report_schedules")
      .set({ created_at: new Date("2026-11-01T00:00:00Z") })
      .where("id", "=", s.id)
      .execute();
    // down from Sunday to Wednesday: the Monday run is made on Wednesday, for the week it would have covered
    await runDueSchedules(ctx, new Date("2026-11-25T09:00:00Z"));
    const runs = await ctx.db
      .selectFrom("archived_reports")
      .select(["period_from", "run_key"])
      .where("schedule_id", "=", s.id)
      .execute();
    expect(runs).toEqual([{ period_from: "2026-11-15", run_key: `${s.id}:2026-11-23` }]);
  });
});

describe("archived reports", () => {
  it("runs in the background, completes with its files, and downloads in the user's language", async () => {
    const id = await requestArchive(ctx, admin, "trips", { from: "2026-11-17", to: "2026-11-17" });
    expect(
      (await ctx.db.selectFrom("archived_reports").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status,
    ).toBe("RUNNING");
    expect(await generateArchive(ctx, id)).toBe("COMPLETED");
    const f = await archiveFile(ctx, admin, id, "csv", "en");
    expect(f.content.toString("utf8")).toContain("48.0");
    const other = await createTestOrg(ctx);
    await expect(archiveFile(ctx, await principalFor(ctx, other.adminId), id, "csv", "en")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("fails with the reason and can be retried", async () => {
    const id = await requestArchive(ctx, admin, "trips", { from: "2026-11-17", to: "2026-11-17" });
    await ctx.db.updateTable("users").set({ active: false }).where("id", "=", org.adminId).execute();
    expect(await generateArchive(ctx, id)).toBe("FAILED");
    await ctx.db.updateTable("users").set({ active: true }).where("id", "=", org.adminId).execute();
    expect(
      await ctx.db
        .selectFrom("archived_reports")
        .select(["status", "error"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "FAILED", error: "USER_INACTIVE" });
    await retryArchive(ctx, admin, id);
    expect(await generateArchive(ctx, id)).toBe("COMPLETED");
  });

  it("leaves no report RUNNING forever after a restart: retried, then FAILED as interrupted", async () => {
    const id = await requestArchive(ctx, admin, "trips", { from: "2026-11-17", to: "2026-11-17" });
    const later = new Date(Date.now() + 11 * 60_000);
    await recoverStaleArchives(ctx, later);
    expect(
      await ctx.db
        .selectFrom("archived_reports")
        .select(["status", "attempts"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "RUNNING", attempts: 2 });
    await recoverStaleArchives(ctx, new Date(later.getTime() + 11 * 60_000));
    await recoverStaleArchives(ctx, new Date(later.getTime() + 22 * 60_000));
    expect(
      await ctx.db
        .selectFrom("archived_reports")
        .select(["status", "error"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "FAILED", error: "INTERRUPTED" });
  });
});
