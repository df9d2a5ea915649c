import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driversOf } from "../../server/modules/analytics/analytics.jobs";
import { SegmentQueue } from "../../server/modules/analytics/segments/segment-queue";
import { createSegmentsHook } from "../../server/modules/analytics/segments/segments.hook";
import {
  DERIVATION_GRACE_S,
  rebuildDirtySegments,
  rebuildVehicleSegments,
} from "../../server/modules/analytics/segments/segments.service";
import { DeviceRegistry } from "../../server/modules/devices/device-registry";
import { createPositionPipeline, type PositionPipeline } from "../../server/modules/positions/positions.service";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { position } from "../support/positions";
import { attachDevices } from "../support/factories";
import { utcDayFromToday } from "../support/days";

let ctx: TestContext;
let org: TestOrg;
let devices: Awaited<ReturnType<typeof attachDevices>>;
const pipelines: PositionPipeline[] = [];
// 06:00 UTC three days ago: inside the positions' retention whatever the day the tests run
const base = utcDayFromToday(-3, 6);
const M_PER_DEG_LON = 111_320 * Math.cos((41.33 * Math.PI) / 180);

/** parked 10 min, a 20-minute drive at 50 km/h, parked 10 min: a fix every 10 s, as 20-fix packets */
function packets(imei: string, startMs: number) {
  const fixes = [];
  let lon = 19.8;
  let t = startMs;
  for (const [s, kmh, ign] of [
    [600, 0, false],
    [1200, 50, true],
    [600, 0, false],
  ] as const) {
    for (let e = 0; e < s; e += 10) {
      fixes.push(position(imei, { fixTime: new Date(t), latitude: 41.33, longitude: lon, speed: kmh, ignition: ign }));
      lon += (kmh * 10) / 3.6 / M_PER_DEG_LON;
      t += 10_000;
    }
  }
  const out = [];
  for (let i = 0; i < fixes.length; i += 20) out.push(fixes.slice(i, i + 20));
  return out;
}

/** A position pipeline whose derivation waits an hour unless settled: what a process that dies leaves behind. */
function slowPipeline() {
  const registry = new DeviceRegistry(ctx.db);
  const p = createPositionPipeline({
    db: ctx.db,
    log: ctx.log,
    lookup: (id) => registry.lookup(id),
    hooks: [createSegmentsHook(ctx, { intervalMs: 3600_000 })],
  });
  pipelines.push(p);
  return p;
}

const trips = async (vehicleId: string) =>
  (
    await ctx.db
      .selectFrom("vehicle_segments")
      .select("start_time")
      .where("vehicle_id", "=", vehicleId)
      .where("kind", "=", "trip")
      .orderBy("start_time")
      .execute()
  ).map((r) => r.start_time.getTime());
const dirtyFrom = async (vehicleId: string) =>
  (
    await ctx.db
      .selectFrom("vehicle_segment_state")
      .select("dirty_from")
      .where("vehicle_id", "=", vehicleId)
      .executeTakeFirst()
  )?.dirty_from?.getTime() ?? null;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 4);
});
afterAll(async () => {
  for (const p of pipelines) await p.close();
  await ctx?.close();
});

describe("segment derivation after the commit (real PostgreSQL)", () => {
  it("acknowledges positions before deriving them, and one flush derives what many transactions committed", async () => {
    const d = devices[0];
    const p = slowPipeline();
    for (const packet of packets(d.imei, base)) await p.onPositions(d.imei, packet);
    expect(p.stats.transactions).toBe(12);
    expect(await trips(d.id)).toEqual([]);
    await p.settle();
    expect(await trips(d.id)).toEqual([base + 590_000]);
    expect(await dirtyFrom(d.id)).toBeNull();
  });

  it("re-derives, once the vehicle is quiet past the grace period, fixes that a stopped process never derived", async () => {
    const d = devices[1];
    const all = packets(d.imei, base);
    const p = slowPipeline();
    // the first half is derived; the process then stops with the rest committed but not derived
    for (const packet of all.slice(0, 6)) await p.onPositions(d.imei, packet);
    await p.settle();
    const crashed = slowPipeline();
    for (const packet of all.slice(6)) await crashed.onPositions(d.imei, packet);
    expect(await trips(d.id)).toEqual([]);

    // within the grace period a live process may still hold them: the sweep leaves the vehicle alone
    await rebuildDirtySegments(ctx.db, driversOf);
    expect(await trips(d.id)).toEqual([]);

    await ctx.db
      .updateTable("vehicle_state")
      .set({ updated_at: new Date(Date.now() - (DERIVATION_GRACE_S + 5) * 1000) })
      .where("vehicle_id", "=", d.id)
      .execute();
    await rebuildDirtySegments(ctx.db, driversOf);
    expect(await trips(d.id)).toEqual([base + 590_000]);
    expect(await dirtyFrom(d.id)).toBeNull();

    // the "dead" process's fixes, derived after all, are recognised as read by that rebuild: no second rebuild
    await crashed.settle();
    expect(await dirtyFrom(d.id)).toBeNull();
    expect(await trips(d.id)).toEqual([base + 590_000]);
  });

  it("skips waiting fixes that a rebuild already read, but marks a fix newer than the rebuild yet older than the detector", async () => {
    const d = devices[2];
    const all = packets(d.imei, base);
    const p = slowPipeline();
    for (const packet of all.slice(0, 10)) await p.onPositions(d.imei, packet);
    // a rebuild (late data elsewhere, a backfill) runs while those fixes wait: it reads them from the positions table
    await rebuildVehicleSegments(ctx.db, driversOf, { vehicleId: d.id, orgId: org.orgId }, 0);
    await p.settle();
    expect(await dirtyFrom(d.id)).toBeNull();
    for (const packet of all.slice(10)) await p.onPositions(d.imei, packet);
    await p.settle();
    expect(await trips(d.id)).toEqual([base + 590_000]);
    expect(await dirtyFrom(d.id)).toBeNull();

    // a fix handed over late by another queue, older than the detector's last but newer than anything the
    // rebuild read (which ended at the tenth packet's last fix, base + 1990 s): re-derive from it
    const q = new SegmentQueue(ctx.db, ctx.log, async () => new Map());
    const stray = base + 2_000_005;
    await q.add([
      {
        vehicleId: d.id,
        orgId: org.orgId,
        point: {
          t: stray,
          lat: 41.33,
          lon: 19.8,
          speed: 0,
          valid: true,
          ignition: false,
          deviceOdometerM: null,
          odometerM: 0,
          alarm: null,
        },
      },
    ]);
    expect(await dirtyFrom(d.id)).toBe(stray);
  });

  it("marks its vehicles dirty from their first waiting fix when a derivation fails", async () => {
    const d = devices[3];
    const q = new SegmentQueue(ctx.db, ctx.log, async () => {
      throw new Error("geofences unavailable");
    });
    const point = (t: number) => ({
      t,
      lat: 41.33,
      lon: 19.8,
      speed: 0,
      valid: true,
      ignition: false,
      deviceOdometerM: null,
      odometerM: 0,
      alarm: null,
    });
    await q.add([
      { vehicleId: d.id, orgId: org.orgId, point: point(base + 20_000) },
      { vehicleId: d.id, orgId: org.orgId, point: point(base + 10_000) },
    ]);
    expect(await dirtyFrom(d.id)).toBe(base + 10_000);
  });
});
