import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SegmentDetector,
  type Segment,
  type SegmentPoint,
} from "../../server/modules/analytics/segments/segment-detector";
import { DEFAULT_SEGMENT_SETTINGS } from "../../server/modules/analytics/segments/segment-settings";
import { rebuildDirtySegments, rebuildVehicleSegments } from "../../server/modules/analytics/segments/segments.service";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { putVehicleState } from "../support/vehicle-state";
import { driversOf, positionWriter } from "./helpers";

let ctx: TestContext;
let org: TestOrg;
let vehicles: Array<{ id: string; driver_id: string | null }>;
const M_PER_DEG_LON = 111_320 * Math.cos((41.33 * Math.PI) / 180);
const base = Date.parse("2026-11-10T06:00:00Z");

/** A day of one vehicle: parked, driving and idling legs, a point every 10 s. */
function day(legs: Array<[seconds: number, kmh: number, ignition: boolean]>, start = base): SegmentPoint[] {
  const pts: SegmentPoint[] = [];
  let t = start;
  let lon = 19.8;
  let odo = 0;
  for (const [s, kmh, ignition] of legs) {
    for (let e = 0; e < s; e += 10) {
      pts.push({ t, lat: 41.33, lon, speed: kmh, valid: true, ignition, deviceOdometerM: null, odometerM: odo });
      lon += (kmh * 10) / 3.6 / M_PER_DEG_LON;
      odo += (kmh * 10) / 3.6;
      t += 10_000;
    }
  }
  return pts;
}

const { storePositions, ingest } = positionWriter(() => ({ db: ctx.db, orgId: org.orgId }));

const stored = (vehicleId: string) =>
  ctx.db
    .selectFrom("vehicle_segments")
    .selectAll()
    .where("vehicle_id", "=", vehicleId)
    .orderBy("start_time")
    .orderBy("kind")
    .execute();

const shape = (segs: Array<Pick<Segment, "kind" | "start" | "end" | "distanceM">>) =>
  segs.map((s) => `${s.kind}:${(s.start - base) / 1000}-${(s.end - base) / 1000}:${Math.round(s.distanceM)}`).sort();
const shapeRows = (rows: Awaited<ReturnType<typeof stored>>) =>
  shape(
    rows.map((r) => ({
      kind: r.kind,
      start: r.start_time.getTime(),
      end: r.end_time.getTime(),
      distanceM: r.distance_m,
    })),
  );

function derived(pts: SegmentPoint[]) {
  const d = new SegmentDetector(DEFAULT_SEGMENT_SETTINGS);
  const out: Segment[] = [];
  for (const p of [...pts].sort((a, b) => a.t - b.t)) out.push(...d.push(p));
  return out;
}

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  vehicles = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "driver_id"])
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .limit(4)
    .execute();
});
afterAll(async () => ctx?.close());

const legs: Array<[number, number, boolean]> = [
  [900, 0, false],
  [1800, 50, true],
  [600, 0, false],
  [1200, 40, true],
  [300, 0, true],
  [900, 0, false],
];

describe("segments stored as positions arrive (real PostgreSQL)", () => {
  it("stores the same segments batch by batch as one pass over the day, with the vehicle's driver", async () => {
    const v = vehicles[0];
    const pts = day(legs);
    for (let i = 0; i < pts.length; i += 50) await ingest(v.id, pts.slice(i, i + 50));
    const rows = await stored(v.id);
    expect(shapeRows(rows)).toEqual(shape(derived(pts)));
    expect(rows.filter((r) => r.kind === "trip")).toHaveLength(2);
    expect(rows.every((r) => r.driver_id === v.driver_id && r.org_id === org.orgId)).toBe(true);
  });

  it("folds in late positions: a trip inside an earlier stop appears after the sweep, as if they had come in order", async () => {
    const v = vehicles[1];
    const pts = day([
      [900, 0, false],
      [1800, 50, true],
      [2400, 0, false],
      [1200, 40, true],
      [900, 0, false],
    ]);
    // the device held back a 300 s drive in the middle of the long afternoon stop and sends it later
    const later = day([[300, 30, true]], base + (900 + 1800 + 900) * 1000).map((p) => ({ ...p, lon: p.lon + 0.3 }));
    const onTime = pts.filter((p) => !later.some((l) => l.t === p.t));
    await ingest(v.id, onTime);
    expect((await stored(v.id)).filter((r) => r.kind === "trip")).toHaveLength(2);
    await ingest(v.id, later);
    const dirty = await ctx.db
      .selectFrom("vehicle_segment_state")
      .select("dirty_from")
      .where("vehicle_id", "=", v.id)
      .executeTakeFirstOrThrow();
    expect(dirty.dirty_from?.getTime()).toBe(later[0].t);
    expect(await rebuildDirtySegments(ctx.db, driversOf)).toBeGreaterThanOrEqual(1);
    const all = [...onTime, ...later];
    expect(shapeRows(await stored(v.id))).toEqual(shape(derived(all)));
    expect((await stored(v.id)).filter((r) => r.kind === "trip")).toHaveLength(3);
    const after = await ctx.db
      .selectFrom("vehicle_segment_state")
      .select("dirty_from")
      .where("vehicle_id", "=", v.id)
      .executeTakeFirstOrThrow();
    expect(after.dirty_from).toBeNull();
    // new positions continue from the rebuilt state
    await ingest(
      v.id,
      day(
        [
          [1200, 60, true],
          [600, 0, false],
        ],
        pts[pts.length - 1].t + 10_000,
      ),
    );
    expect((await stored(v.id)).filter((r) => r.kind === "trip")).toHaveLength(4);
  });

  it("late positions that fill a short stop join the trips on both sides of it", async () => {
    const v = vehicles[3];
    const pts = day(legs);
    const later = day([[300, 30, true]], base + (900 + 1800 + 60) * 1000).map((p) => ({ ...p, lon: p.lon + 0.3 }));
    const onTime = pts.filter((p) => !later.some((l) => l.t === p.t));
    await ingest(v.id, onTime);
    expect((await stored(v.id)).filter((r) => r.kind === "trip")).toHaveLength(2);
    await ingest(v.id, later);
    await rebuildDirtySegments(ctx.db, driversOf);
    expect(shapeRows(await stored(v.id))).toEqual(shape(derived([...onTime, ...later])));
    expect((await stored(v.id)).filter((r) => r.kind === "trip")).toHaveLength(1);
  });

  it("backfills positions stored before analytics existed, and rebuilds a period on request", async () => {
    const v = vehicles[2];
    const pts = day(legs);
    await storePositions(v.id, pts);
    await putVehicleState(ctx, v.id, org.orgId, { device_id: null, last_fix_time: new Date(pts[pts.length - 1].t) });
    await rebuildDirtySegments(ctx.db, driversOf);
    expect(shapeRows(await stored(v.id))).toEqual(shape(derived(pts)));
    const again = await rebuildVehicleSegments(
      ctx.db,
      driversOf,
      { vehicleId: v.id, orgId: org.orgId },
      base + 3600_000,
    );
    // 3600 s is inside the second trip: re-derivation starts at the stop before it (2700 s)
    expect(again.from).toBe(base + 2700 * 1000);
    expect(shapeRows(await stored(v.id))).toEqual(shape(derived(pts)));
  });
});
