import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TeltonikaClient, type SimPosition } from "../../server/telematics/simulator";
import { createTestContext, createTestOrg, type TestContext } from "../support/context";
import { spawnChild, type Child } from "../support/child-process";
import { attachDevices } from "../support/factories";

let ctx: TestContext;
let devices: Awaited<ReturnType<typeof attachDevices>>;
let child: Child<{ teltonika: number }> | null = null;

beforeAll(async () => {
  ctx = createTestContext();
  const org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 3);
});
afterAll(async () => {
  await child?.kill("SIGKILL");
  await ctx?.close();
});

const start = () => spawnChild<{ teltonika: number }>("gateway", { DATABASE_URL: inject("databaseUrl") });

/** A device that sends 5-record packets until its connection breaks; remembers what was acknowledged. */
async function runDevice(port: number, imei: string, base: number, acked: number[], unacked: SimPosition[][]) {
  const client = await TeltonikaClient.connect(port);
  if (!(await client.handshake(imei))) throw new Error("refused");
  for (let packet = 0; ; packet++) {
    const records = Array.from({ length: 5 }, (_, i) => ({
      fixTime: new Date(base + (packet * 5 + i) * 1000),
      latitude: 41.32 + packet * 1e-4,
      longitude: 19.81,
      speed: 30,
      satellites: 8,
      ignition: true,
    }));
    try {
      const n = await client.sendRecords(records, undefined, 3000);
      if (n !== records.length) throw new Error(`acked ${n}`);
      acked.push(...records.map((r) => r.fixTime.getTime()));
    } catch {
      unacked.push(records); // the device keeps it and resends after reconnecting
      client.close();
      return;
    }
  }
}

describe("crash safety", () => {
  it("keeps every acknowledged record when the server is killed with SIGKILL mid-stream", async () => {
    child = await start();
    const base = Date.now() - 3600_000;
    const acked = devices.map(() => [] as number[]);
    const unacked = devices.map(() => [] as SimPosition[][]);
    const running = devices.map((d, i) => runDevice(child!.info.teltonika, d.imei, base, acked[i], unacked[i]));
    while (acked.reduce((n, a) => n + a.length, 0) < 300) await new Promise((r) => setTimeout(r, 5));
    await child.kill("SIGKILL");
    await Promise.all(running);
    const total = acked.reduce((n, a) => n + a.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);

    child = await start();
    for (const [i, d] of devices.entries()) {
      const rows = await ctx.db.selectFrom("positions").select("fix_time").where("vehicle_id", "=", d.id).execute();
      const stored = new Set(rows.map((r) => new Date(r.fix_time).getTime()));
      const missing = acked[i].filter((t) => !stored.has(t));
      expect(missing).toEqual([]);
      // Resending the unacknowledged packet after the restart stores it once, without duplicates.
      const client = await TeltonikaClient.connect(child.info.teltonika);
      expect(await client.handshake(d.imei)).toBe(true);
      for (const packet of unacked[i]) expect(await client.sendRecords(packet)).toBe(packet.length);
      client.close();
      const after = await ctx.db
        .selectFrom("positions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("vehicle_id", "=", d.id)
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(acked[i].length + unacked[i].flat().length);
    }
    await child.kill("SIGKILL");
    child = null;
  });
});
