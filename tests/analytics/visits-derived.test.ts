import { describe, expect, it } from "vitest";
import type { SegmentPoint } from "../../server/modules/analytics/segments/segment-detector";
import { rebuildDirtySegments, rebuildVehicleSegments } from "../../server/modules/analytics/segments/segments.service";
import { createPlace } from "../support/factories";
import { driversOf, positionWriter } from "./helpers";
import { at, LAT, LON, visitsSuite } from "./visits-helpers";

/** Geofence visits derived with the segments from stored positions (real PostgreSQL). */

const s = visitsSuite();
const base = Date.parse("2026-11-10T06:00:00Z");

/** Legs along the east–west line through the fence's centre (x metres east of it), a point every 10 s. */
function track(
  x0: number,
  legs: Array<[seconds: number, kmh: number, ignition: boolean, direction?: 1 | -1]>,
  start = base,
): SegmentPoint[] {
  const pts: SegmentPoint[] = [];
  let t = start;
  let x = x0;
  let odo = 0;
  for (const [s, kmh, ignition, dir = 1] of legs) {
    for (let e = 0; e < s; e += 10) {
      pts.push({ t, ...at(x), speed: kmh, valid: true, ignition, deviceOdometerM: null, odometerM: odo });
      x += (dir * kmh * 10) / 3.6;
      odo += (kmh * 10) / 3.6;
      t += 10_000;
    }
  }
  return pts;
}

const { ingest } = positionWriter(() => ({ db: s.ctx.db, orgId: s.org.orgId }));

const visitsOf = async (vehicleId: string) =>
  (
    await s.ctx.db
      .selectFrom("geofence_visits")
      .selectAll()
      .where("vehicle_id", "=", vehicleId)
      .orderBy("enter_time")
      .execute()
  ).map((v) => ({
    enter: (v.enter_time.getTime() - base) / 1000,
    exit: v.exit_time ? (v.exit_time.getTime() - base) / 1000 : null,
    driver: v.driver_id,
    odo: v.exit_odometer_m === null ? null : Math.round(v.exit_odometer_m - v.enter_odometer_m),
  }));

// Parked 600 s at 1550 m west, drives in (inside from 740 s), parks 600 s inside, drives out and back in, parks, leaves.
const LEGS: Array<[number, number, boolean, (1 | -1)?]> = [
  [600, 0, false],
  [150, 36, true],
  [600, 0, false],
  [80, 36, true],
  [80, 36, true, -1],
  [600, 0, false],
  [300, 36, true],
];

describe("geofence visits derived with the segments (real PostgreSQL)", () => {
  it("opens a visit when the vehicle enters, closes it when it leaves, batch by batch, with the driver and the distance inside", async () => {
    const v = s.vehicles[0];
    await createPlace(s.ctx, { org: s.org, kind: "geofence", lat: LAT, lon: LON, radiusM: 200, name: "Depo" });
    const pts = track(-1550, LEGS);
    await ingest(
      v.id,
      pts.filter((p) => p.t < base + 1000_000),
    );
    expect(await visitsOf(v.id)).toEqual([{ enter: 740, exit: null, driver: v.driver_id, odo: null }]);
    for (let i = 0; i < pts.length; i += 25)
      await ingest(
        v.id,
        pts.slice(i, i + 25).filter((p) => p.t >= base + 1000_000),
      );
    // out at 1380 s (x = 250 m), back in at 1490 s (x = 150 m), out for good at 2140 s
    expect(await visitsOf(v.id)).toEqual([
      { enter: 740, exit: 1380, driver: v.driver_id, odo: 400 },
      { enter: 1490, exit: 2140, driver: v.driver_id, odo: 500 },
    ]);
    // re-deriving from inside the first visit (the stop in the fence began after the entry) keeps its entry time
    const again = await rebuildVehicleSegments(
      s.ctx.db,
      driversOf,
      { vehicleId: v.id, orgId: s.org.orgId },
      base + 1360_000,
    );
    expect(again.from).toBe(base + 750_000);
    expect(await visitsOf(v.id)).toEqual([
      { enter: 740, exit: 1380, driver: v.driver_id, odo: 400 },
      { enter: 1490, exit: 2140, driver: v.driver_id, odo: 500 },
    ]);
  });

  it("folds in late positions: a drive out of the fence sent late splits the visit in two after the sweep", async () => {
    const v = s.vehicles[1];
    const pts = track(-1550, LEGS);
    const later = pts.filter((p) => p.t >= base + 1350_000 && p.t < base + 1510_000);
    const onTime = pts.filter((p) => !later.includes(p));
    await ingest(v.id, onTime);
    expect(await visitsOf(v.id)).toEqual([{ enter: 740, exit: 2140, driver: v.driver_id, odo: expect.any(Number) }]);
    await ingest(v.id, later);
    await rebuildDirtySegments(s.ctx.db, driversOf);
    expect((await visitsOf(v.id)).map((x) => [x.enter, x.exit])).toEqual([
      [740, 1380],
      [1490, 2140],
    ]);
  });

  it("deleting the geofence deletes its visits, and the vehicle's next positions go on without it", async () => {
    const v = s.vehicles[2];
    const fence = await createPlace(s.ctx, {
      org: s.org,
      kind: "geofence",
      lat: LAT + 0.1,
      lon: LON,
      radiusM: 300,
      name: "Temporary",
    });
    const pts = track(-1000, [[200, 36, true]]).map((p) => ({ ...p, lat: p.lat + 0.1 }));
    await ingest(v.id, pts.slice(0, 10));
    expect(
      (await s.ctx.db.selectFrom("geofence_visits").select("place_id").where("vehicle_id", "=", v.id).execute()).map(
        (r) => r.place_id,
      ),
    ).toEqual([fence.id]);
    await s.ctx.db.deleteFrom("places").where("id", "=", fence.id).execute();
    await ingest(v.id, pts.slice(10));
    expect(
      await s.ctx.db.selectFrom("geofence_visits").select("place_id").where("vehicle_id", "=", v.id).execute(),
    ).toEqual([]);
  });
});
