import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { vehicleStateRepo } from "../../server/modules/positions";
import { positionsRepo } from "../../server/modules/positions/positions.repo";
import { createPositionPipeline, type PositionPipeline } from "../../server/modules/positions/positions.service";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { position, stateOf, storeOutsidePipeline } from "../support/positions";
import { attachDevices } from "../support/factories";

// The pipeline keeps the states it committed and skips reading them back while the row is still at the version
// it wrote. These tests pin that a state written by anyone else (another gateway process, the alert timers) or
// by a transaction that failed is read again.

let ctx: TestContext;
let org: TestOrg;
let devices: Awaited<ReturnType<typeof attachDevices>>;
let a: PositionPipeline;
let b: PositionPipeline;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 7);
  const byImei = new Map(devices.map((d) => [d.imei, { vehicleId: d.id, orgId: org.orgId }]));
  const make = () =>
    createPositionPipeline({
      db: ctx.db,
      log: pino({ level: "silent" }),
      lookup: async (id) => byImei.get(id) ?? null,
      concurrency: 1,
    });
  a = make();
  b = make();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await ctx?.close();
});

const base = () => Date.now() - 2 * 3600_000;
const fix = (imei: string, t: number, i: number) =>
  position(imei, { fixTime: new Date(t + i * 10_000), latitude: 41.3 + i * 1e-3, ignition: true, speed: 40 });

describe("states held by the position pipeline between transactions", () => {
  it("continues from the other process's state when two pipelines write one vehicle in turn", async () => {
    const [d, reference] = devices;
    const t = base();
    for (let i = 0; i < 6; i++) {
      await (i % 2 ? b : a).onPositions(d.imei, [fix(d.imei, t, i)]);
      await a.onPositions(reference.imei, [fix(reference.imei, t, i)]);
    }
    const s = (await stateOf(ctx, d.id))!;
    const r = (await stateOf(ctx, reference.id))!;
    expect(s.recent_count).toBe(6);
    expect(s.odometer_m).toBeGreaterThan(500);
    expect(s.odometer_m).toBeCloseTo(r.odometer_m, 6);
    expect(s.engine_hours_s).toBe(50);
    expect(new Date(s.last_fix_time!).getTime()).toBe(t + 50_000);
  });

  it("reads nothing back while the row is at the version the pipeline wrote", async () => {
    const d = devices[4];
    const t = base();
    await a.onPositions(d.imei, [fix(d.imei, t, 0)]);
    const read = vi.spyOn(positionsRepo, "readStates");
    try {
      for (let i = 1; i <= 3; i++) await a.onPositions(d.imei, [fix(d.imei, t, i)]);
      expect(read).not.toHaveBeenCalled();
      await b.onPositions(d.imei, [fix(d.imei, t, 4)]);
      await a.onPositions(d.imei, [fix(d.imei, t, 5)]);
      expect(read.mock.calls.flatMap(([, ids]) => ids)).toEqual([d.id, d.id]);
    } finally {
      read.mockRestore();
    }
    expect((await stateOf(ctx, d.id))!.recent_count).toBe(6);
  });

  it("updates a held state without locking it, and locks it again once someone else wrote it", async () => {
    const d = devices[5];
    const t = base();
    await a.onPositions(d.imei, [fix(d.imei, t, 0)]);
    const lock = vi.spyOn(positionsRepo, "lockStates");
    try {
      for (let i = 1; i <= 3; i++) await a.onPositions(d.imei, [fix(d.imei, t, i)]);
      expect(lock).not.toHaveBeenCalled();
      await b.onPositions(d.imei, [fix(d.imei, t, 4)]);
      lock.mockClear();
      // a still holds the state it wrote: its unlocked update finds b's version and the group is stored again, locked
      await a.onPositions(d.imei, [fix(d.imei, t, 5)]);
      expect(lock).toHaveBeenCalledTimes(1);
    } finally {
      lock.mockRestore();
    }
    const s = (await stateOf(ctx, d.id))!;
    expect(new Date(s.last_fix_time!).getTime()).toBe(t + 50_000);
    expect(s.engine_hours_s).toBe(50);
  });

  it("waits for a concurrent writer of a held state and keeps what it wrote", async () => {
    const d = devices[6];
    const t = base();
    await a.onPositions(d.imei, [fix(d.imei, t, 0)]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const writer = ctx.db.transaction().execute(async (trx) => {
      await vehicleStateRepo.saveAlertState(trx, d.id, { concurrent: { since: 2 } });
      locked();
      await held;
    });
    await isLocked;
    const stored = a.onPositions(d.imei, [fix(d.imei, t, 1)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await writer;
    await stored;
    const s = (await stateOf(ctx, d.id))!;
    expect(s.alert_state).toEqual({ concurrent: { since: 2 } });
    expect(new Date(s.last_fix_time!).getTime()).toBe(t + 10_000);
  });

  it("keeps what the alert timers wrote between two packets", async () => {
    const d = devices[2];
    const t = base();
    await a.onPositions(d.imei, [fix(d.imei, t, 0)]);
    await ctx.db.transaction().execute((trx) => vehicleStateRepo.saveAlertState(trx, d.id, { timer: { since: 1 } }));
    await a.onPositions(d.imei, [fix(d.imei, t, 1)]);
    const s = (await stateOf(ctx, d.id))!;
    expect(s.alert_state).toEqual({ timer: { since: 1 } });
    expect(s.recent_count).toBe(2);
  });

  it("reads the state again after a transaction that changed it in memory failed", async () => {
    const d = devices[3];
    const t = base();
    await a.onPositions(d.imei, [fix(d.imei, t, 0)]);
    // stored behind the pipeline's back: the COPY of the next packet fails and the group is stored again
    await storeOutsidePipeline(ctx, org.orgId, d, new Date(t + 20_000));
    await a.onPositions(
      d.imei,
      [1, 2, 3].map((i) => fix(d.imei, t, i)),
    );
    const s = (await stateOf(ctx, d.id))!;
    expect(s.recent_count).toBe(4);
    expect(s.engine_hours_s).toBe(30);
    expect(new Date(s.last_fix_time!).getTime()).toBe(t + 30_000);
  });
});
