/**
 * npm run bench:forwarding: what position forwarding costs the position pipeline, and how fast one target's sender
 * empties its queue to an HTTP receiver on loopback. Prints Markdown rows for docs/performance.md.
 *
 * 1. The hook alone, per fix: `begin` for a group, `onFix` for each fix, `afterCommit` (the queue push), for a group
 *    of an organisation without targets and one with a target (the sender is held back by a long batch time).
 * 2. Delivery: 100 000 positions pushed at once, batches of FORWARDING_BATCH_SIZE to a receiver that answers 200.
 *
 * The database (DATABASE_URL, default local PostgreSQL) is only asked for registrations and to record deliveries;
 * without Flota's tables those calls fail and are skipped, which the figures do not depend on.
 */
import { createServer } from "node:http";
import os from "node:os";
import pino from "pino";
import { loadConfig } from "../server/config";
import { connectDatabase } from "../server/db/database";
import { createForwarder } from "../server/modules/forwarding";
import { type HookFix, emptyTrackState } from "../server/modules/positions";

const GROUP = 100;
const GROUPS = 5000;
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const handle = connectDatabase(url, 2);
const log = pino({ level: "silent" });

let received = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received += (JSON.parse(Buffer.concat(chunks).toString()) as { positions: unknown[] }).positions.length;
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const receiver = `http://127.0.0.1:${(server.address() as { port: number }).port}/in`;

const withTarget = "00000000-0000-4000-8000-000000000001";
const without = "00000000-0000-4000-8000-000000000002";
const target = { id: "00000000-0000-4000-8000-0000000000aa", org_id: withTarget, kind: "http" as const };

const fix = (i: number): HookFix => ({
  fixTime: 1_700_000_000_000 + i * 1000,
  lat: 41.3,
  lon: 19.8,
  speed: 30,
  course: 90,
  altitude: 100,
  satellites: 9,
  valid: true,
  ignition: true,
  odometer: null,
  alarm: null,
});
const fixes = Array.from({ length: GROUP }, (_, i) => fix(i));
const state = { ...emptyTrackState(), deviceId: "356307042441013" };

async function hookCost(orgId: string, batchMs: number, queue: number): Promise<number> {
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: url,
    OUTBOUND_ALLOW_PRIVATE: "true",
    FORWARDING_BATCH_MS: String(batchMs),
    FORWARDING_BATCH_SIZE: "5000",
    FORWARDING_QUEUE_SIZE: String(queue),
  });
  const fwd = createForwarder(
    { db: handle.db, log, config },
    { loadTargets: async () => [{ ...target, url: receiver, topic: null, secret: "bench-secret-0123456789" }] },
  );
  const device = { orgId, vehicleId: "00000000-0000-4000-8000-0000000000bb" };
  const before = { lastFixTime: null, faults: [] };
  const start = process.hrtime.bigint();
  for (let g = 0; g < GROUPS; g++) {
    const run = await fwd.hook.begin([orgId]);
    if (run.onFix) for (const f of fixes) run.onFix(device, state, before, f);
    await run.afterCommit?.();
  }
  const ns = Number(process.hrtime.bigint() - start) / (GROUPS * GROUP);
  await fwd.close(0);
  return ns;
}

// the sender must not run during the measurement: a batch time of an hour and a queue (4000) below the batch size
// (5000), so the batch never fills; beyond 4000 the oldest are dropped, as with a receiver that is away
await hookCost(withTarget, 3_600_000, 4000); // warm-up
const noTargets = Math.min(await hookCost(without, 3_600_000, 10), await hookCost(without, 3_600_000, 10));
const oneTarget = Math.min(await hookCost(withTarget, 3_600_000, 4000), await hookCost(withTarget, 3_600_000, 4000));

// delivery throughput: 100 000 positions, 200 per batch
const config = loadConfig({
  NODE_ENV: "production",
  DATABASE_URL: url,
  OUTBOUND_ALLOW_PRIVATE: "true",
  FORWARDING_BATCH_MS: "0",
  FORWARDING_QUEUE_SIZE: "100000",
});
const fwd = createForwarder(
  { db: handle.db, log, config },
  { loadTargets: async () => [{ ...target, url: receiver, topic: null, secret: "bench-secret-0123456789" }] },
);
const device = { orgId: withTarget, vehicleId: "00000000-0000-4000-8000-0000000000bb" };
const run = await fwd.hook.begin([withTarget]);
for (let i = 0; i < 100_000; i++) run.onFix!(device, state, { lastFixTime: null, faults: [] }, fix(i));
const t0 = process.hrtime.bigint();
await run.afterCommit?.();
while (received < 100_000) await new Promise((r) => setTimeout(r, 5));
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
await fwd.close(0);

console.log(
  "| hook per fix, organisation without targets | hook per fix, one HTTP target | delivery to loopback (200 per batch) | load (1 min) |",
);
console.log("|---:|---:|---:|---:|");
console.log(
  `| ${noTargets.toFixed(0)} ns | ${oneTarget.toFixed(0)} ns | ${Math.round(100_000 / seconds).toLocaleString("en")} positions/s | ${os.loadavg()[0].toFixed(2)} |`,
);
server.closeAllConnections();
server.close();
await handle.close();
