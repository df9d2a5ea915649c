import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPositionPipeline, type PositionPipeline } from "../../server/modules/positions/positions.service";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { countPositions, position, stateOf, storeOutsidePipeline } from "../support/positions";
import { attachDevices } from "../support/factories";

// The pipeline stores records newer than the vehicle's state by COPY and the rest by INSERT … ON CONFLICT:
// these tests pin what that split must not lose (dedup across packets of one group, text escaping, and the
// fallback when a row the state does not know about is already stored).

let ctx: TestContext;
let org: TestOrg;
let devices: Awaited<ReturnType<typeof attachDevices>>;
let pipeline: PositionPipeline;
const warnings: string[] = [];

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 5);
  const byImei = new Map(devices.map((d) => [d.imei, { vehicleId: d.id, orgId: org.orgId }]));
  const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
  // one transaction at a time: packets sent while it runs are committed together in the next one
  pipeline = createPositionPipeline({ db: ctx.db, log, lookup: async (id) => byImei.get(id) ?? null, concurrency: 1 });
});
afterAll(async () => {
  await pipeline?.close();
  await ctx?.close();
});

const base = () => Date.now() - 2 * 3600_000;

describe("bulk insert of positions (COPY for new records, INSERT … ON CONFLICT for the rest)", () => {
  it("stores a record resent in two packets of the same group once, and an older one out of order", async () => {
    const d = devices[0];
    const t = base();
    const fix = (i: number) => position(d.imei, { fixTime: new Date(t + i * 10_000), latitude: 41.3 + i * 1e-4 });
    const before = pipeline.stats.transactions;
    const stored = pipeline.stats.stored;
    await Promise.all([
      pipeline.onPositions(d.imei, [fix(0)]), // runs alone while the next three queue up
      pipeline.onPositions(d.imei, [fix(2), fix(3)]),
      pipeline.onPositions(d.imei, [fix(2), fix(3), fix(4)]), // resent: 2 and 3 again, same group
      pipeline.onPositions(d.imei, [fix(1)]), // buffered, older than 2–4
    ]);
    expect(pipeline.stats.transactions - before).toBe(2);
    expect(pipeline.stats.stored - stored).toBe(5);
    expect(await countPositions(ctx, d.id)).toBe(5);
    const s = (await stateOf(ctx, d.id))!;
    expect(new Date(s.last_fix_time!).getTime()).toBe(t + 40_000);
    expect(warnings).toEqual([]); // the resent pair never reached the COPY (it would have failed and been retried)
  });

  it("keeps text, JSON attributes and missing values intact through COPY's binary format", async () => {
    const d = devices[1];
    const attributes = { note: 'tab\there, newline\nthere, back\\slash, "quoted", ë ç 🚚', n: 1.5e-7, flag: true };
    await pipeline.onPositions(d.imei, [
      position(d.imei, {
        fixTime: new Date(base()),
        latitude: -12.3456789,
        longitude: 0.000001,
        speed: 12.5,
        altitude: -3,
        attributes,
      }),
    ]);
    const row = await ctx.db
      .selectFrom("positions")
      .selectAll()
      .where("vehicle_id", "=", d.id)
      .executeTakeFirstOrThrow();
    expect(row.device_id).toBe(d.imei);
    expect(row.lat).toBe(-12.3456789);
    expect(row.lon).toBe(0.000001);
    expect(row.speed_kmh).toBe(12.5);
    expect(row.altitude).toBe(-3);
    expect(row.ignition).toBeNull();
    expect(row.attributes).toEqual(attributes);
  });

  it("writes times to the millisecond, numbers, booleans and the device's own values as the columns and attributes", async () => {
    const d = devices[3];
    // the last millisecond but 12 of the month before last (a month's last second, far from a round value), one to
    // two months ago: inside the retention whatever the day the tests run
    const now = new Date();
    const fixTime = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1) - 13);
    await pipeline.onPositions(d.imei, [
      position(d.imei, {
        fixTime,
        latitude: 89.999999,
        longitude: -179.123456789,
        speed: 1499.5,
        course: 359.75,
        altitude: -99_999.5,
        satellites: 32_767,
        valid: false,
        ignition: false,
        motion: true,
        power: 12.34,
        alarm: "sos",
        odometer: 123_456_789.5,
        attributes: { io239: 1, motion: false },
      }),
    ]);
    const row = await ctx.db
      .selectFrom("positions")
      .selectAll()
      .where("vehicle_id", "=", d.id)
      .executeTakeFirstOrThrow();
    expect(row.fix_time.getTime()).toBe(fixTime.getTime());
    expect(row.lat).toBe(89.999999);
    expect(row.lon).toBe(-179.123456789);
    expect([row.speed_kmh, row.course, row.altitude]).toEqual([1499.5, 359.75, -99_999.5]);
    expect(row.satellites).toBe(32_767);
    expect([row.valid, row.ignition]).toEqual([false, false]);
    // the first record of a vehicle counts no distance: the pipeline's odometer starts at 0
    expect(row.odometer_m).toBe(0);
    // the device's values join its attributes; a device attribute of the same name gives way to the decoded value
    expect(row.attributes).toEqual({
      io239: 1,
      motion: true,
      power: 12.34,
      alarm: "sos",
      deviceOdometer: 123_456_789.5,
    });
  });

  it("falls back to INSERT … ON CONFLICT when a newer record was stored outside the pipeline, losing nothing", async () => {
    const d = devices[2];
    const t = base();
    await pipeline.onPositions(d.imei, [position(d.imei, { fixTime: new Date(t) })]);
    // stored behind the pipeline's back: newer than the vehicle's state
    await storeOutsidePipeline(ctx, org.orgId, d, new Date(t + 20_000));
    const stored = pipeline.stats.stored;
    const duplicates = pipeline.stats.duplicates;
    await pipeline.onPositions(
      d.imei,
      [10_000, 20_000, 30_000].map((dt) => position(d.imei, { fixTime: new Date(t + dt), latitude: 41.31 })),
    );
    expect(pipeline.stats.stored - stored).toBe(2);
    expect(pipeline.stats.duplicates - duplicates).toBe(1);
    expect(await countPositions(ctx, d.id)).toBe(4);
    expect(new Date((await stateOf(ctx, d.id))!.last_fix_time!).getTime()).toBe(t + 30_000);
    expect(warnings.some((w) => w.includes("retrying without COPY"))).toBe(true);
  });

  it("stores a packet's records in time order, a time repeated inside the packet once (its first copy)", async () => {
    const d = devices[4];
    const t = base();
    const at = (i: number, latitude: number) => position(d.imei, { fixTime: new Date(t + i * 10_000), latitude });
    const duplicates = pipeline.stats.duplicates;
    await pipeline.onPositions(d.imei, [at(2, 41.32), at(0, 41.3), at(2, 41.99), at(1, 41.31), at(0, 41.98)]);
    expect(pipeline.stats.duplicates - duplicates).toBe(2);
    const rows = await ctx.db
      .selectFrom("positions")
      .select(["fix_time", "lat"])
      .where("vehicle_id", "=", d.id)
      .orderBy("fix_time")
      .execute();
    expect(rows.map((r) => [new Date(r.fix_time).getTime() - t, r.lat])).toEqual([
      [0, 41.3],
      [10_000, 41.31],
      [20_000, 41.32],
    ]);
    expect(new Date((await stateOf(ctx, d.id))!.last_fix_time!).getTime()).toBe(t + 20_000);
  });
});
