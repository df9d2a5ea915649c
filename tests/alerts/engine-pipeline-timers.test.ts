import { describe, expect, it } from "vitest";
import { runAlertTimers } from "../../server/modules/alerts/alert-timers";
import { createGeofence } from "../../server/modules/places/places.service";
import { MIN } from "./engine-pipeline-suite";
import { alertPipelineSuite } from "./engine-pipeline-suite";

/** The alert engine in the position pipeline and its timer sweep: dwell, idling, a vehicle unseen, dwell while silent. */

const s = alertPipelineSuite(2);
const { policy, feed, alertsOf } = s;

describe("alert engine in the position pipeline (real PostgreSQL, SMTP and job worker)", () => {
  it("dwell and idling through the pipeline; a vehicle unseen for longer than N minutes through the timer sweep", async () => {
    const d = s.devices[0];
    await createGeofence(s.ctx, s.admin, {
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
      { t: s.base, latitude: 41.1, longitude: 19.6, ignition: true, speed: 40 },
      { t: s.base + MIN, ...inYard, ignition: true, speed: 0 },
      { t: s.base + 6 * MIN, ...inYard, ignition: true, speed: 0 },
      { t: s.base + 6 * MIN + 1000, ...inYard, ignition: true, speed: 0 },
      { t: s.base + 16 * MIN, ...inYard, ignition: false, speed: 0 },
      { t: s.base + 16 * MIN + 1000, ...inYard, ignition: false, speed: 0 },
    ]);
    expect((await alertsOf(d.id, idle.id)).map((a) => new Date(a.occurred_at).getTime() - s.base)).toEqual([
      6 * MIN + 1000,
    ]);
    expect(
      (await alertsOf(d.id, dwell.id)).map((a) => [a.place_name, new Date(a.occurred_at).getTime() - s.base]),
    ).toEqual([["Client yard", 16 * MIN + 1000]]);

    const heard = (
      await s.ctx.db
        .selectFrom("vehicle_state")
        .select("last_server_time")
        .where("vehicle_id", "=", d.id)
        .executeTakeFirstOrThrow()
    ).last_server_time!.getTime();
    await runAlertTimers(s.ctx, new Date(heard + 30 * MIN - 1000));
    expect(await alertsOf(d.id, unseen.id)).toHaveLength(0);
    await runAlertTimers(s.ctx, new Date(heard + 31 * MIN));
    await runAlertTimers(s.ctx, new Date(heard + 40 * MIN));
    const rows = await alertsOf(d.id, unseen.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toMatchObject({ minutes: 30 });
  });

  it("dwell while the device is silent inside a geofence fires from the timer sweep, once", async () => {
    const d = s.devices[1];
    const yard = await createGeofence(s.ctx, s.admin, {
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
      { t: s.base, latitude: 41.2, longitude: 19.7, ignition: true, speed: 30 },
      { t: s.base + MIN, latitude: 41.25, longitude: 19.75, ignition: false, speed: 0 },
    ]);
    const entered = s.base + MIN;
    await runAlertTimers(s.ctx, new Date(entered + 120 * MIN));
    expect(await alertsOf(d.id, p.id)).toHaveLength(0);
    await runAlertTimers(s.ctx, new Date(entered + 121 * MIN));
    await runAlertTimers(s.ctx, new Date(entered + 180 * MIN));
    const rows = await alertsOf(d.id, p.id);
    expect(rows.map((r) => [r.place_name, r.details])).toEqual([
      ["Night parking", expect.objectContaining({ minutes: 120 })],
    ]);
  });
});
