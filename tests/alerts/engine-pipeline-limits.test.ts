import { describe, expect, it } from "vitest";
import { pruneAlertHistory } from "../../server/modules/alerts/alert-timers";
import { addDays, localDay, zonedMidnight } from "../../server/shared/local-time";
import { MIN, TZ } from "./engine-pipeline-suite";
import { alertPipelineSuite } from "./engine-pipeline-suite";

/** The alert engine in the position pipeline: the daily and per-driver limits, and how long alerts and counters are kept. */

const s = alertPipelineSuite(5);
const { policy, feed, alertsOf } = s;

describe("alert engine in the position pipeline (real PostgreSQL, SMTP and job worker)", () => {
  it("daily limit per vehicle and per local day", async () => {
    const d = s.devices[0];
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
    await feed(d, [
      ...cycle(s.base),
      ...cycle(s.base + 10 * MIN),
      ...cycle(s.base + 20 * MIN),
      ...cycle(s.base + 30 * MIN),
    ]);
    expect(await alertsOf(d.id, p.id)).toHaveLength(2);
    const nextDay = zonedMidnight(addDays(localDay(s.base, TZ), 1), TZ).getTime() + 60_000;
    await feed(d, cycle(nextDay));
    expect(await alertsOf(d.id, p.id)).toHaveLength(3);
  });

  it("limit per driver counts the driver's alerts across vehicles; vehicles without a driver are not limited by it", async () => {
    const [a, b, c] = [s.devices[1], s.devices[2], s.devices[3]];
    const driver = await s.ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .where("is_driver", "=", true)
      .orderBy("email")
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .updateTable("vehicles")
      .set({ driver_id: null })
      .where("org_id", "=", s.org.orgId)
      .where("driver_id", "=", driver.id)
      .execute();
    await s.ctx.db.updateTable("vehicles").set({ driver_id: driver.id }).where("id", "in", [a.id, b.id]).execute();
    await s.ctx.db.updateTable("vehicles").set({ driver_id: null }).where("id", "=", c.id).execute();
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
    await feed(a, [...cycle(s.base), ...cycle(s.base + 10 * MIN)]);
    await feed(b, cycle(s.base + 20 * MIN));
    await feed(c, [...cycle(s.base), ...cycle(s.base + 10 * MIN)]);
    const rows = await s.ctx.db
      .selectFrom("alerts")
      .select(["vehicle_id", "driver_id"])
      .where("policy_id", "=", p.id)
      .execute();
    expect(rows.filter((r) => r.driver_id === driver.id)).toHaveLength(1);
    expect(rows.filter((r) => r.vehicle_id === c.id)).toHaveLength(2);
  });

  it("alerts are kept one year, like positions; old limit counters go", async () => {
    const d = s.devices[4];
    const p = await policy({ name: "Old and new", alert_type: "ignition_on", vehicle_ids: [d.id], daily_limit: "5" });
    await feed(d, [
      { t: s.base, ignition: false },
      { t: s.base + MIN, ignition: true },
    ]);
    const [recent] = await alertsOf(d.id, p.id);
    const old = await s.ctx.db
      .insertInto("alerts")
      .values({
        org_id: s.org.orgId,
        policy_id: p.id,
        policy_name: p.name,
        alert_type: "ignition_on",
        vehicle_id: d.id,
        occurred_at: new Date(Date.now() - 367 * 86_400_000),
        details: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .insertInto("alert_counters")
      .values({ policy_id: p.id, subject: `v:${d.id}`, day: "2020-01-01", count: 1 })
      .execute();
    const pruned = await pruneAlertHistory(s.ctx);
    expect(pruned.alerts).toBeGreaterThanOrEqual(1);
    expect((await alertsOf(d.id, p.id)).map((a) => a.id)).toEqual([recent.id]);
    expect(
      await s.ctx.db.selectFrom("alerts").select("id").where("id", "=", old.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await s.ctx.db
        .selectFrom("alert_counters")
        .select("day")
        .where("policy_id", "=", p.id)
        .where("day", "=", "2020-01-01")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await s.ctx.db
        .selectFrom("alert_counters")
        .select("count")
        .where("policy_id", "=", p.id)
        .where("subject", "=", `v:${d.id}`)
        .execute(),
    ).toHaveLength(1);
  });
});
