import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { issueSession } from "../../server/modules/auth/auth.service";
import { createLiveBus, startLive } from "../../server/modules/live";
import type { BusMessage, LiveBus } from "../../server/modules/live/live-bus";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import {
  attachTestLive,
  createTestContext,
  createTestOrg,
  principalFor,
  type TestContext,
  type TestOrg,
} from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { waitFor } from "../support/wait";
import { LiveClient } from "../support/live-client";

// The hourly job pushes each committed notice to its responsible user's open pages, on the Redis bus when the run has one.
const redisUrl = inject("redisUrl");

let ctx: TestContext;
let org: TestOrg;
let server: Server;
let live: ReturnType<typeof startLive>;
let bus: LiveBus;
let port = 0;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx);
  bus = (await attachTestLive(ctx, { redisUrl })).live;
  expect(bus.kind).toBe(redisUrl ? "redis" : "postgres");
  server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
  live = startLive(ctx as Parameters<typeof startLive>[0], server);
});
afterAll(async () => {
  await live?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await bus?.close();
  await ctx?.close();
});

/** A notification socket of the user's page (`/live?alerts=only`), ready to receive. */
async function openPage(userId: string): Promise<LiveClient> {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "org_id", "web_only"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const { socketToken } = await issueSession(ctx, user, "web", { ip: null, userAgent: "reminder-live" });
  const client = await LiveClient.open(
    `ws://127.0.0.1:${port}/live?alerts=only&token=${encodeURIComponent(socketToken)}`,
  );
  await client.waitFor((m) => m.type === "ready");
  return client;
}

/**
 * A yearly date reminder from today: due soon 340 days on, when `later` runs the job for this organisation. Other test
 * files run the job at the same time over the shared database, but at today's date, so these reminders are left to this file.
 */
async function dueSoon(vehicleId: string, name: string, responsible: string) {
  const admin = await principalFor(ctx, org.adminId);
  const today = await orgToday(ctx, org.orgId);
  const [r] = await createReminders(ctx, admin, {
    vehicle_ids: [vehicleId],
    name,
    interval_days: "365",
    before_days: "30",
    active: "on",
    base_date: today,
    responsible_user_id: responsible,
  });
  return r;
}
const later = () => runReminderNotices(ctx, new Date(Date.now() + 340 * 86_400_000), org.orgId);

const noticeRow = (reminderId: string) =>
  ctx.db
    .selectFrom("maintenance_reminder_notices")
    .select(["stage", "user_id", "read_at"])
    .where("reminder_id", "=", reminderId)
    .execute();

describe("reminder notices pushed live", () => {
  it("after the commit, the responsible user's page gets the vehicle, name, stage and link; nobody else's does", async () => {
    const van = await createVehicle(ctx, { org, registration: "LIVE 1", team: "new" });
    const mechanic = await createUser(ctx, { org, language: "en", team: van.team_id! });
    const colleague = await createUser(ctx, { org, language: "en", team: van.team_id! });
    // a driver may open sockets (manage:read) but not read maintenance
    const driver = await createUser(ctx, { org, role: "driver", driver: true, team: van.team_id! });
    const tyres = await dueSoon(van.id, "Tyres", mechanic.id);
    const brakes = await dueSoon(van.id, "Brakes", driver.id);

    const published: Array<{ m: Extract<BusMessage, { k: "reminder" }>; stored: number }> = [];
    const stop = ctx.live!.onMessage((m) => {
      if (m.k !== "reminder" || m.o !== org.orgId) return;
      // read through another connection when the message arrives: the row must already be committed
      void noticeRow(String(m.r.reminderId)).then((rows) => published.push({ m, stored: rows.length }));
    });
    const [mine, theirs, drivers] = await Promise.all([
      openPage(mechanic.id),
      openPage(colleague.id),
      openPage(driver.id),
    ]);
    try {
      await later();
      await waitFor(() => published.length === 2, 10_000);
      const tyresMsg = published.find((p) => p.m.r.reminderId === tyres.id)!;
      expect(tyresMsg.stored).toBe(1);
      expect(tyresMsg.m).toEqual({
        k: "reminder",
        o: org.orgId,
        u: [mechanic.id],
        r: {
          id: `${tyres.id}:${tyres.cycle}:due_soon`,
          reminderId: tyres.id,
          stage: "due_soon",
          name: "Tyres",
          vehicleId: van.id,
          vehicleName: "LIVE 1",
          vehicleTeamId: van.team_id,
          url: `/maintenance/reminders/edit/${tyres.id}`,
        },
      });
      expect(published.find((p) => p.m.r.reminderId === brakes.id)?.m.u).toEqual([driver.id]);

      const got = await mine.waitFor((m) => m.type === "reminder");
      expect(got).toMatchObject({
        reminderId: tyres.id,
        stage: "due_soon",
        name: "Tyres",
        vehicleName: "LIVE 1",
        url: `/maintenance/reminders/edit/${tyres.id}`,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(mine.messages.filter((m) => m.type === "reminder")).toHaveLength(1);
      // the colleague is not responsible; the driver is, but may not read maintenance: their row is stored, nothing is pushed
      expect(theirs.messages.filter((m) => m.type === "reminder")).toEqual([]);
      expect(drivers.messages.filter((m) => m.type === "reminder")).toEqual([]);
      expect(await noticeRow(brakes.id)).toEqual([{ stage: "due_soon", user_id: driver.id, read_at: null }]);

      // a second run claims nothing new and pushes nothing
      await later();
      await new Promise((r) => setTimeout(r, 300));
      expect(published).toHaveLength(2);
    } finally {
      stop();
      for (const c of [mine, theirs, drivers]) c.close();
    }
  });

  it("a responsible user who no longer sees the vehicle gets nothing on their page", async () => {
    const van = await createVehicle(ctx, { org, registration: "LIVE 2", team: "new" });
    const other = await createVehicle(ctx, { org, registration: "LIVE 3", team: "new" });
    const moved = await createUser(ctx, { org, language: "en", team: other.team_id! });
    const r = await dueSoon(van.id, "Battery", moved.id);
    const page = await openPage(moved.id);
    const seen: BusMessage[] = [];
    const stop = ctx.live!.onMessage((m) => m.k === "reminder" && m.r.reminderId === r.id && seen.push(m));
    try {
      await later();
      await waitFor(() => seen.length === 1, 10_000);
      await new Promise((res) => setTimeout(res, 300));
      expect(page.messages.filter((m) => m.type === "reminder")).toEqual([]);
    } finally {
      stop();
      page.close();
    }
  });

  it("a failed publish loses nothing: the notice is stored and a warning logged", async () => {
    const van = await createVehicle(ctx, { org, registration: "LIVE 4" });
    const mechanic = await createUser(ctx, { org, language: "al" });
    const r = await dueSoon(van.id, "Filtri", mechanic.id);
    const working = ctx.live;
    // a real bus whose connections are gone: every publish fails
    const broken = await createLiveBus({
      redisUrl: null,
      databaseUrl: inject("databaseUrl"),
      log: ctx.log,
      listen: false,
    });
    await broken.close();
    const warn = vi.spyOn(ctx.log, "warn");
    ctx.live = broken;
    let warnings: unknown[] = [];
    try {
      await expect(later()).resolves.toBeDefined();
      warnings = warn.mock.calls.map((call) => [(call[0] as { reader?: string }).reader, call[1]]);
    } finally {
      ctx.live = working;
      warn.mockRestore();
    }
    // the reminders' reader of the outbox failed after the commit, and said so
    expect(warnings).toContainEqual(["maintenance-reminders", "an event reader failed"]);
    expect(await noticeRow(r.id)).toEqual([{ stage: "due_soon", user_id: mechanic.id, read_at: null }]);
  });
});
