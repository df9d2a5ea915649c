import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildDirtySegments } from "../../server/modules/analytics/segments/segments.service";
import { driversOf } from "../../server/modules/analytics/analytics.jobs";
import type { DevicePosition } from "../../server/shared/device-contract";
import type { TelematicsRuntime } from "../../server/runtime";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { startTestTelematics } from "../support/telematics";
import { position } from "../support/positions";
import { attachDevices } from "../support/factories";
import { utcDayFromToday } from "../support/days";

let ctx: TestContext;
let org: TestOrg;
let rt: TelematicsRuntime;
let devices: Awaited<ReturnType<typeof attachDevices>>;
// 06:00 UTC three days ago: inside the positions' retention whatever the day the tests run
const base = utcDayFromToday(-3, 6);
const M_PER_DEG_LON = 111_320 * Math.cos((41.33 * Math.PI) / 180);

/** parked, a 20-minute drive at 50 km/h, parked: a point every 10 s */
function day(startMs: number, lonShift = 0): Array<Partial<DevicePosition> & { t: number }> {
  const out: Array<Partial<DevicePosition> & { t: number }> = [];
  let lon = 19.8 + lonShift;
  let t = startMs;
  for (const [s, kmh, ign] of [
    [600, 0, false],
    [1200, 50, true],
    [600, 0, false],
  ] as const) {
    for (let e = 0; e < s; e += 10) {
      out.push({ t, latitude: 41.33, longitude: lon, speed: kmh, attributes: { ignition: ign } });
      lon += (kmh * 10) / 3.6 / M_PER_DEG_LON;
      t += 10_000;
    }
  }
  return out;
}

const feed = (imei: string, steps: Array<Partial<DevicePosition> & { t: number }>) =>
  rt.pipeline.onPositions(
    imei,
    steps.map(({ t, ...rest }) =>
      position(imei, {
        fixTime: new Date(t),
        ignition: (rest.attributes as { ignition?: boolean })?.ignition,
        ...rest,
      }),
    ),
  );
/** derivation follows the commits within a second; settle() waits for it */
const fed = async (imei: string, steps: Array<Partial<DevicePosition> & { t: number }>) => {
  await feed(imei, steps);
  await rt.settle();
};

const trips = (vehicleId: string) =>
  ctx.db
    .selectFrom("vehicle_segments")
    .selectAll()
    .where("vehicle_id", "=", vehicleId)
    .where("kind", "=", "trip")
    .orderBy("start_time")
    .execute();

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 2);
  rt = await startTestTelematics(ctx, { alertRulesCheckMs: 0 });
});
afterAll(async () => {
  await rt?.close();
  await ctx?.close();
});

describe("segments from the position pipeline (real PostgreSQL)", () => {
  it("stores a trip once the positions that close it are committed", async () => {
    const d = devices[0];
    const steps = day(base);
    for (let i = 0; i < steps.length; i += 20) await feed(d.imei, steps.slice(i, i + 20));
    await rt.settle();
    const rows = await trips(d.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].distance_m).toBeGreaterThan(16_000);
    expect(rows[0].distance_m).toBeLessThan(17_400);
    expect(rows[0].start_time.getTime()).toBe(base + 590_000);
  });

  it("marks a vehicle for re-derivation when a device sends an older trip late, and the sweep folds it in", async () => {
    const d = devices[1];
    const later = day(base + 86_400_000);
    await fed(d.imei, later);
    expect(await trips(d.id)).toHaveLength(1);
    // the late mark is written with the positions, before any derivation
    await feed(d.imei, day(base, 0.5));
    const state = await ctx.db
      .selectFrom("vehicle_segment_state")
      .select("dirty_from")
      .where("vehicle_id", "=", d.id)
      .executeTakeFirstOrThrow();
    expect(state.dirty_from?.getTime()).toBe(base);
    await rebuildDirtySegments(ctx.db, driversOf);
    expect((await trips(d.id)).map((r) => r.start_time.getTime())).toEqual([
      base + 590_000,
      base + 86_400_000 + 590_000,
    ]);
  });
});
