import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkers } from "../../jobs/workers";
import type { BusMessage } from "../../server/modules/live/live-bus";
import { pruneAlertHistory, runAlertTimers } from "../../server/modules/alerts/alert-timers";
import { createPolicy, setPolicyActive } from "../../server/modules/alerts/alerts.service";
import { parsePolicyInput } from "../../server/modules/alerts/alerts.service";
import { addDays, localDay, zonedMidnight } from "../../server/shared/local-time";
import { createGeofence } from "../../server/modules/places/places.service";
import { destination, type LonLat } from "../../server/shared/geometry";
import type { TelematicsRuntime } from "../../server/runtime";
import { startTestTelematics } from "../support/telematics";
import type { DevicePosition } from "../../server/shared/device-contract";
import {
  attachTestLive,
  createTestContext,
  createTestOrg,
  principalFor,
  type TestContext,
  type TestOrg,
} from "../support/context";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp";
import { position } from "../support/positions";
import { attachDevices } from "../support/factories";
import { waitFor } from "../support/wait";

const TZ = "Europe/Tirane";
const MIN = 60_000;
const CENTRE: LonLat = [19.8187, 41.3275];

let ctx: TestContext;
let org: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
let rt: TelematicsRuntime;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stopWorkers: () => Promise<void>;
let devices: Awaited<ReturnType<typeof attachDevices>>;
let albanianUser: { id: string; email: string };
/** 02:00 local time, yesterday: every sequence below stays inside one local day. */
let base: number;

const startRuntime = () => startTestTelematics(ctx, { alertRulesCheckMs: 0 });

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: "https://flota.example.test" } });
  org = await createTestOrg(ctx, { demo: true });
  admin = await principalFor(ctx, org.adminId);
  devices = await attachDevices(ctx, org.orgId, 11);
  const u = await ctx.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("org_id", "=", org.orgId)
    .where("id", "!=", org.adminId)
    .where("email", "is not", null)
    .orderBy("email")
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable("users").set({ default_language: "al" }).where("id", "=", u.id).execute();
  albanianUser = { id: u.id, email: u.email! };
  base = zonedMidnight(localDay(Date.now() - 26 * 3600_000, TZ), TZ).getTime() + 2 * 3600_000;
  rt = await startRuntime();
  stopWorkers = await startWorkers(ctx);
});
afterAll(async () => {
  await rt?.close();
  await stopWorkers?.();
  await ctx?.close();
  await smtp?.close();
});

const policy = (fields: Record<string, unknown>) =>
  createPolicy(
    ctx,
    admin,
    parsePolicyInput({
      days: ["0", "1", "2", "3", "4", "5", "6"],
      notify_in_app: "on",
      recipient_ids: [org.adminId],
      ...fields,
    }),
  );

const feed = (d: { imei: string }, steps: Array<Partial<DevicePosition> & { t: number }>) =>
  rt.pipeline.onPositions(
    d.imei,
    steps.map(({ t, ...rest }) => position(d.imei, { fixTime: new Date(t), ...rest })),
  );

const alertsOf = (vehicleId: string, policyId?: string) => {
  let q = ctx.db.selectFrom("alerts").selectAll().where("vehicle_id", "=", vehicleId).orderBy("occurred_at");
  if (policyId) q = q.where("policy_id", "=", policyId);
  return q.execute();
};

describe("alert engine in the position pipeline (real PostgreSQL, SMTP and job worker)", () => {
  it("speeding: one alert per crossing, in-app notifications, and e-mail in each recipient's language", async () => {
    const d = devices[0];
    const p = await policy({
      name: "Highway limit",
      alert_type: "speeding",
      speed_limit_kmh: "90",
      vehicle_ids: [d.id],
      recipient_ids: [org.adminId, albanianUser.id],
      notify_email: "on",
      emails: "dispatch@example.test",
    });
    const { live: bus } = await attachTestLive(ctx);
    const notices: BusMessage[] = [];
    bus.onMessage((m) => m.k === "alert" && m.o === org.orgId && notices.push(m));
    await feed(d, [
      { t: base, speed: 80 },
      { t: base + 10_000, speed: 90 },
      { t: base + 20_000, speed: 97 },
      { t: base + 30_000, speed: 120 },
      { t: base + 40_000, speed: 70 },
      { t: base + 50_000, speed: 91 },
    ]);
    // the in-app notices went out on the live bus, to both recipients, after the commit
    await waitFor(() => notices.length === 2, 10_000);
    ctx.live = undefined;
    await bus.close();
    expect(notices[0]).toMatchObject({
      u: expect.arrayContaining([org.adminId, albanianUser.id]),
      a: {
        alertType: "speeding",
        vehicleId: d.id,
        vehicleName: d.registration,
        policyName: "Highway limit",
        details: { speed: 97, limit: 90 },
      },
    });
    const rows = await alertsOf(d.id, p.id);
    expect(rows.map((r) => [r.alert_type, r.details, new Date(r.occurred_at).getTime()])).toEqual([
      ["speeding", { speed: 97, limit: 90 }, base + 20_000],
      ["speeding", { speed: 91, limit: 90 }, base + 50_000],
    ]);
    const notes = await ctx.db
      .selectFrom("alert_notifications")
      .select(["user_id", "read_at"])
      .where("alert_id", "=", rows[0].id)
      .execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual([org.adminId, albanianUser.id].sort());
    expect(notes.every((n) => n.read_at === null)).toBe(true);

    const al = await smtp.waitFor(
      (m) => m.to.includes(albanianUser.email) && decodeQuotedPrintable(m.raw).includes("97 km/h"),
    );
    expect(al.raw).toMatch(/Subject: =\?UTF-8\?|Subject: Alarm Flota/);
    expect(decodeQuotedPrintable(al.raw)).toContain("Tejkalim shpejtësie");
    expect(decodeQuotedPrintable(al.raw)).toContain("97 km/h, kufiri 90 km/h");
    const en = await smtp.waitFor(
      (m) => m.to.includes(org.adminEmail) && decodeQuotedPrintable(m.raw).includes("97 km/h"),
    );
    expect(decodeQuotedPrintable(en.raw)).toContain("97 km/h, limit 90 km/h");
    expect(decodeQuotedPrintable(en.raw)).toContain(`https://flota.example.test/replay?vehicle=${d.id}`);
    // typed addresses get the language of the policy's author (the admin: English)
    const typed = await smtp.waitFor((m) => m.to.includes("dispatch@example.test"));
    expect(decodeQuotedPrintable(typed.raw)).toContain("Highway limit");
    await waitFor(async () => (await alertsOf(d.id, p.id)).every((r) => r.email_status === "sent"), 20_000);
  });

  it("keeps its state across a restart: no repeat inside an episode, the next crossing still fires", async () => {
    const d = devices[1];
    const fence = await createGeofence(ctx, admin, {
      name: "Depot Kashar",
      category: "Depot",
      shape: "circle",
      latitude: CENTRE[1],
      longitude: CENTRE[0],
      radius_m: 200,
    });
    const speeding = await policy({
      name: "Limit 50",
      alert_type: "speeding",
      speed_limit_kmh: "50",
      vehicle_ids: [d.id],
    });
    const entry = await policy({
      name: "Depot entry",
      alert_type: "geofence_enter",
      geofence_ids: [fence.id],
      vehicle_ids: [d.id],
    });
    const exit = await policy({
      name: "Depot exit",
      alert_type: "geofence_exit",
      all_geofences: "on",
      vehicle_ids: [d.id],
    });
    const far = destination(CENTRE, 90, 3000);
    await feed(d, [
      { t: base, latitude: far[1], longitude: far[0], speed: 40 },
      { t: base + 60_000, latitude: CENTRE[1], longitude: CENTRE[0], speed: 60 },
    ]);
    expect((await alertsOf(d.id)).map((a) => a.policy_id).sort()).toEqual([speeding.id, entry.id].sort());

    await rt.close();
    rt = await startRuntime();
    await feed(d, [
      { t: base + 120_000, latitude: CENTRE[1], longitude: CENTRE[0], speed: 65 },
      { t: base + 180_000, latitude: far[1], longitude: far[0], speed: 30 },
      { t: base + 240_000, latitude: far[1], longitude: far[0], speed: 55 },
    ]);
    const after = await alertsOf(d.id);
    const seen = after
      .map((a) => [new Date(a.occurred_at).getTime() - base, a.policy_name] as const)
      .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    expect(seen).toEqual([
      [60_000, "Depot entry"],
      [60_000, "Limit 50"],
      [180_000, "Depot exit"],
      [240_000, "Limit 50"],
    ]);
    const exitRow = after.find((a) => a.policy_id === exit.id)!;
    expect(exitRow).toMatchObject({ place_id: fence.id, place_name: "Depot Kashar" });
  });

  it("a resent or out-of-order record raises nothing twice", async () => {
    const d = devices[2];
    const p = await policy({ name: "Ignition on", alert_type: "ignition_on", vehicle_ids: [d.id] });
    const steps = [
      { t: base, ignition: false },
      { t: base + 60_000, ignition: true },
    ];
    await feed(d, steps);
    await feed(d, steps);
    await feed(d, [
      { t: base + 30_000, ignition: false },
      { t: base + 90_000, ignition: true },
    ]);
    expect(await alertsOf(d.id, p.id)).toHaveLength(1);
  });

  it("daily limit per vehicle and per local day", async () => {
    const d = devices[3];
    const p = await policy({
      name: "Ignition, 2 a day",
      alert_type: "ignition_on",
      vehicle_ids: [d.id],
      daily_limit: "2",
    });
    const cycle = (t: number) => [
      { t, ignition: false },
      { t: t + MIN, ignition: true },
    ];
    await feed(d, [...cycle(base), ...cycle(base + 10 * MIN), ...cycle(base + 20 * MIN), ...cycle(base + 30 * MIN)]);
    expect(await alertsOf(d.id, p.id)).toHaveLength(2);
    const nextDay = zonedMidnight(addDays(localDay(base, TZ), 1), TZ).getTime() + 60_000;
    await feed(d, cycle(nextDay));
    expect(await alertsOf(d.id, p.id)).toHaveLength(3);
  });

  it("limit per driver counts the driver's alerts across vehicles; vehicles without a driver are not limited by it", async () => {
    const [a, b, c] = [devices[4], devices[5], devices[6]];
    const driver = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where("is_driver", "=", true)
      .orderBy("email")
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable("vehicles")
      .set({ driver_id: null })
      .where("org_id", "=", org.orgId)
      .where("driver_id", "=", driver.id)
      .execute();
    await ctx.db.updateTable("vehicles").set({ driver_id: driver.id }).where("id", "in", [a.id, b.id]).execute();
    await ctx.db.updateTable("vehicles").set({ driver_id: null }).where("id", "=", c.id).execute();
    const p = await policy({
      name: "One per driver",
      alert_type: "ignition_off",
      vehicle_ids: [a.id, b.id, c.id],
      driver_limit: "1",
    });
    const cycle = (t: number) => [
      { t, ignition: true },
      { t: t + MIN, ignition: false },
    ];
    await feed(a, [...cycle(base), ...cycle(base + 10 * MIN)]);
    await feed(b, cycle(base + 20 * MIN));
    await feed(c, [...cycle(base), ...cycle(base + 10 * MIN)]);
    const rows = await ctx.db
      .selectFrom("alerts")
      .select(["vehicle_id", "driver_id"])
      .where("policy_id", "=", p.id)
      .execute();
    expect(rows.filter((r) => r.driver_id === driver.id)).toHaveLength(1);
    expect(rows.filter((r) => r.vehicle_id === c.id)).toHaveLength(2);
  });

  it("a switched-off policy raises nothing; device alarms fire once per alarm", async () => {
    const d = devices[7];
    const p = await policy({ name: "SOS", alert_type: "device_alarm", alarm_kinds: ["sos"], vehicle_ids: [d.id] });
    await feed(d, [
      { t: base, alarm: "sos" },
      { t: base + 5000, alarm: "sos" },
      { t: base + 10_000, alarm: "powerCut" },
    ]);
    expect((await alertsOf(d.id, p.id)).map((a) => a.details)).toEqual([{ alarm: "sos" }]);
    await setPolicyActive(ctx, admin, p.id, false);
    await feed(d, [{ t: base + 20_000 }, { t: base + 30_000, alarm: "sos" }]);
    expect(await alertsOf(d.id, p.id)).toHaveLength(1);
  });

  it("dwell and idling through the pipeline; a vehicle unseen for longer than N minutes through the timer sweep", async () => {
    const d = devices[8];
    await createGeofence(ctx, admin, {
      name: "Client yard",
      category: "Client",
      shape: "polygon",
      polygon: [
        [19.7, 41.2],
        [19.71, 41.2],
        [19.71, 41.21],
        [19.7, 41.21],
      ],
    });
    const dwell = await policy({
      name: "Long stay",
      alert_type: "geofence_dwell",
      all_geofences: "on",
      duration_min: "15",
      vehicle_ids: [d.id],
    });
    const idle = await policy({ name: "Idle 5", alert_type: "idling", duration_min: "5", vehicle_ids: [d.id] });
    const unseen = await policy({ name: "Silent 30", alert_type: "unseen", duration_min: "30", vehicle_ids: [d.id] });
    const inYard = { latitude: 41.205, longitude: 19.705 };
    await feed(d, [
      { t: base, latitude: 41.1, longitude: 19.6, ignition: true, speed: 40 },
      { t: base + MIN, ...inYard, ignition: true, speed: 0 },
      { t: base + 6 * MIN, ...inYard, ignition: true, speed: 0 },
      { t: base + 6 * MIN + 1000, ...inYard, ignition: true, speed: 0 },
      { t: base + 16 * MIN, ...inYard, ignition: false, speed: 0 },
      { t: base + 16 * MIN + 1000, ...inYard, ignition: false, speed: 0 },
    ]);
    expect((await alertsOf(d.id, idle.id)).map((a) => new Date(a.occurred_at).getTime() - base)).toEqual([
      6 * MIN + 1000,
    ]);
    expect(
      (await alertsOf(d.id, dwell.id)).map((a) => [a.place_name, new Date(a.occurred_at).getTime() - base]),
    ).toEqual([["Client yard", 16 * MIN + 1000]]);

    const heard = (
      await ctx.db
        .selectFrom("vehicle_state")
        .select("last_server_time")
        .where("vehicle_id", "=", d.id)
        .executeTakeFirstOrThrow()
    ).last_server_time!.getTime();
    await runAlertTimers(ctx, new Date(heard + 30 * MIN - 1000));
    expect(await alertsOf(d.id, unseen.id)).toHaveLength(0);
    await runAlertTimers(ctx, new Date(heard + 31 * MIN));
    await runAlertTimers(ctx, new Date(heard + 40 * MIN));
    const rows = await alertsOf(d.id, unseen.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toMatchObject({ minutes: 30 });
  });

  it("alerts are kept one year, like positions; old limit counters go", async () => {
    const d = devices[9];
    const p = await policy({ name: "Old and new", alert_type: "ignition_on", vehicle_ids: [d.id], daily_limit: "5" });
    await feed(d, [
      { t: base, ignition: false },
      { t: base + MIN, ignition: true },
    ]);
    const [recent] = await alertsOf(d.id, p.id);
    const old = await ctx.db
      .insertInto("alerts")
      .values({
        org_id: org.orgId,
        policy_id: p.id,
        policy_name: p.name,
        alert_type: "ignition_on",
        vehicle_id: d.id,
        occurred_at: new Date(Date.now() - 367 * 86_400_000),
        details: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("alert_counters")
      .values({ policy_id: p.id, subject: `v:${d.id}`, day: "2020-01-01", count: 1 })
      .execute();
    const pruned = await pruneAlertHistory(ctx);
    expect(pruned.alerts).toBeGreaterThanOrEqual(1);
    expect((await alertsOf(d.id, p.id)).map((a) => a.id)).toEqual([recent.id]);
    expect(await ctx.db.selectFrom("alerts").select("id").where("id", "=", old.id).executeTakeFirst()).toBeUndefined();
    expect(
      await ctx.db
        .selectFrom("alert_counters")
        .select("day")
        .where("policy_id", "=", p.id)
        .where("day", "=", "2020-01-01")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await ctx.db
        .selectFrom("alert_counters")
        .select("count")
        .where("policy_id", "=", p.id)
        .where("subject", "=", `v:${d.id}`)
        .execute(),
    ).toHaveLength(1);
  });

  it("dwell while the device is silent inside a geofence fires from the timer sweep, once", async () => {
    const d = devices[10];
    const yard = await createGeofence(ctx, admin, {
      name: "Night parking",
      category: "Parking",
      shape: "circle",
      latitude: 41.25,
      longitude: 19.75,
      radius_m: 150,
    });
    const p = await policy({
      name: "Parked 2 h",
      alert_type: "geofence_dwell",
      geofence_ids: [yard.id],
      duration_min: "120",
      vehicle_ids: [d.id],
    });
    await feed(d, [
      { t: base, latitude: 41.2, longitude: 19.7, ignition: true, speed: 30 },
      { t: base + MIN, latitude: 41.25, longitude: 19.75, ignition: false, speed: 0 },
    ]);
    const entered = base + MIN;
    await runAlertTimers(ctx, new Date(entered + 120 * MIN));
    expect(await alertsOf(d.id, p.id)).toHaveLength(0);
    await runAlertTimers(ctx, new Date(entered + 121 * MIN));
    await runAlertTimers(ctx, new Date(entered + 180 * MIN));
    const rows = await alertsOf(d.id, p.id);
    expect(rows.map((r) => [r.place_name, r.details])).toEqual([
      ["Night parking", expect.objectContaining({ minutes: 120 })],
    ]);
  });
});
