import { describe, expect, it } from "vitest";
import type { BusMessage } from "../../server/modules/live/live-bus";
import { setPolicyActive } from "../../server/modules/alerts/alerts.service";
import { createGeofence } from "../../server/modules/places/places.service";
import { destination } from "../../server/shared/geometry";
import { attachTestLive } from "../support/context";
import { decodeQuotedPrintable } from "../support/smtp";
import { waitFor } from "../support/wait";
import { CENTRE } from "./engine-pipeline-suite";
import { alertPipelineSuite } from "./engine-pipeline-suite";

/** The alert engine in the position pipeline: one alert per episode, its notifications and e-mails, across a restart, a resent record, a switched-off policy. */

const s = alertPipelineSuite(4);
const { policy, feed, alertsOf } = s;

describe("alert engine in the position pipeline (real PostgreSQL, SMTP and job worker)", () => {
  it("speeding: one alert per crossing, in-app notifications, and e-mail in each recipient's language", async () => {
    const d = s.devices[0];
    const p = await policy({
      name: "Highway limit",
      alert_type: "speeding",
      speed_limit_kmh: "90",
      vehicle_ids: [d.id],
      recipient_ids: [s.org.adminId, s.albanianUser.id],
      notify_email: "on",
      emails: "dispatch@example.test",
    });
    const { live: bus } = await attachTestLive(s.ctx);
    const notices: BusMessage[] = [];
    bus.onMessage((m) => m.k === "alert" && m.o === s.org.orgId && notices.push(m));
    await feed(d, [
      { t: s.base, speed: 80 },
      { t: s.base + 10_000, speed: 90 },
      { t: s.base + 20_000, speed: 97 },
      { t: s.base + 30_000, speed: 120 },
      { t: s.base + 40_000, speed: 70 },
      { t: s.base + 50_000, speed: 91 },
    ]);
    // the in-app notices went out on the live bus, to both recipients, after the commit
    await waitFor(() => notices.length === 2, 10_000);
    s.ctx.live = undefined;
    await bus.close();
    expect(notices[0]).toMatchObject({
      u: expect.arrayContaining([s.org.adminId, s.albanianUser.id]),
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
      ["speeding", { speed: 97, limit: 90 }, s.base + 20_000],
      ["speeding", { speed: 91, limit: 90 }, s.base + 50_000],
    ]);
    const notes = await s.ctx.db
      .selectFrom("alert_notifications")
      .select(["user_id", "read_at"])
      .where("alert_id", "=", rows[0].id)
      .execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual([s.org.adminId, s.albanianUser.id].sort());
    expect(notes.every((n) => n.read_at === null)).toBe(true);

    const al = await s.smtp.waitFor(
      (m) => m.to.includes(s.albanianUser.email) && decodeQuotedPrintable(m.raw).includes("97 km/h"),
    );
    expect(al.raw).toMatch(/Subject: =\?UTF-8\?|Subject: Alarm Flota/);
    expect(decodeQuotedPrintable(al.raw)).toContain("Tejkalim shpejtësie");
    expect(decodeQuotedPrintable(al.raw)).toContain("97 km/h, kufiri 90 km/h");
    const en = await s.smtp.waitFor(
      (m) => m.to.includes(s.org.adminEmail) && decodeQuotedPrintable(m.raw).includes("97 km/h"),
    );
    expect(decodeQuotedPrintable(en.raw)).toContain("97 km/h, limit 90 km/h");
    expect(decodeQuotedPrintable(en.raw)).toContain(`https://flota.example.test/replay?vehicle=${d.id}`);
    // typed addresses get the language of the policy's author (the s.admin: English)
    const typed = await s.smtp.waitFor((m) => m.to.includes("dispatch@example.test"));
    expect(decodeQuotedPrintable(typed.raw)).toContain("Highway limit");
    await waitFor(async () => (await alertsOf(d.id, p.id)).every((r) => r.email_status === "sent"), 20_000);
  });

  it("keeps its state across a restart: no repeat inside an episode, the next crossing still fires", async () => {
    const d = s.devices[1];
    const fence = await createGeofence(s.ctx, s.admin, {
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
      { t: s.base, latitude: far[1], longitude: far[0], speed: 40 },
      { t: s.base + 60_000, latitude: CENTRE[1], longitude: CENTRE[0], speed: 60 },
    ]);
    expect((await alertsOf(d.id)).map((a) => a.policy_id).sort()).toEqual([speeding.id, entry.id].sort());

    await s.restartRuntime();
    await feed(d, [
      { t: s.base + 120_000, latitude: CENTRE[1], longitude: CENTRE[0], speed: 65 },
      { t: s.base + 180_000, latitude: far[1], longitude: far[0], speed: 30 },
      { t: s.base + 240_000, latitude: far[1], longitude: far[0], speed: 55 },
    ]);
    const after = await alertsOf(d.id);
    const seen = after
      .map((a) => [new Date(a.occurred_at).getTime() - s.base, a.policy_name] as const)
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
    const d = s.devices[2];
    const p = await policy({ name: "Ignition on", alert_type: "ignition_on", vehicle_ids: [d.id] });
    const steps = [
      { t: s.base, ignition: false },
      { t: s.base + 60_000, ignition: true },
    ];
    await feed(d, steps);
    await feed(d, steps);
    await feed(d, [
      { t: s.base + 30_000, ignition: false },
      { t: s.base + 90_000, ignition: true },
    ]);
    expect(await alertsOf(d.id, p.id)).toHaveLength(1);
  });

  it("a switched-off policy raises nothing; device alarms fire once per alarm", async () => {
    const d = s.devices[3];
    const p = await policy({ name: "SOS", alert_type: "device_alarm", alarm_kinds: ["sos"], vehicle_ids: [d.id] });
    await feed(d, [
      { t: s.base, alarm: "sos" },
      { t: s.base + 5000, alarm: "sos" },
      { t: s.base + 10_000, alarm: "powerCut" },
    ]);
    expect((await alertsOf(d.id, p.id)).map((a) => a.details)).toEqual([{ alarm: "sos" }]);
    await setPolicyActive(s.ctx, s.admin, p.id, false);
    await feed(d, [{ t: s.base + 20_000 }, { t: s.base + 30_000, alarm: "sos" }]);
    expect(await alertsOf(d.id, p.id)).toHaveLength(1);
  });
});
