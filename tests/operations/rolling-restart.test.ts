import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TeltonikaClient, type SimPosition } from "../../server/telematics/simulator";
import { createTestContext, createTestOrg, type TestContext } from "../support/context";
import { freePort } from "../support/free-port";
import { attachDevices } from "../support/factories";

/**
 * The real server (server/cli/start.ts, as `npm start` runs it) in child processes: devices stream, the
 * server gets SIGTERM, a new one starts on the same ports, the devices reconnect; every record a device
 * saw acknowledged must be in the database.
 */
const root = path.resolve(import.meta.dirname, "../..");
const hasBuild = existsSync(path.join(root, "build", "server", "index.js"));
if (!hasBuild) console.log("[operations] no build in ./build: the rolling restart test is skipped (run npm run build)");

const SHUTDOWN_TIMEOUT_MS = 10_000;
let ctx: TestContext;
let devices: Awaited<ReturnType<typeof attachDevices>>;
const children = new Set<ChildProcess>();

interface Server {
  proc: ChildProcess;
  exited: Promise<{ code: number | null; at: number }>;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts", "--no-build"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(proc);
  let out = "";
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    proc.once("exit", (code) => {
      children.delete(proc);
      resolve({ code, at: Date.now() });
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!out.includes("Flota is running at")) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, exited, output: () => out };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A device that streams 5-record packets, reconnects whenever its connection breaks and resends what was not acknowledged. */
async function runDevice(
  port: number,
  imei: string,
  base: number,
  acked: number[],
  state: { stop: boolean; reconnects: number },
) {
  let packet = 0;
  let pending: SimPosition[] | null = null;
  let connected = false;
  while (!state.stop) {
    let client: TeltonikaClient;
    try {
      client = await TeltonikaClient.connect(port);
      if (!(await client.handshake(imei, 3000))) throw new Error("refused");
    } catch {
      await sleep(50);
      continue;
    }
    if (connected) state.reconnects++;
    connected = true;
    try {
      while (!state.stop) {
        const records: SimPosition[] =
          pending ??
          Array.from({ length: 5 }, (_, i) => ({
            fixTime: new Date(base + (packet * 5 + i) * 1000),
            latitude: 41.32 + packet * 1e-4,
            longitude: 19.81,
            speed: 30,
            satellites: 8,
            ignition: true,
          }));
        if (!pending) packet++;
        pending = records;
        const n = await client.sendRecords(records, undefined, 5000);
        if (n !== records.length) throw new Error(`acked ${n}`);
        acked.push(...records.map((r) => r.fixTime.getTime()));
        pending = null;
      }
    } catch {
      // connection gone: keep `pending` and resend it on the next connection
    } finally {
      client.close();
    }
  }
}

beforeAll(async () => {
  if (!hasBuild) return;
  ctx = createTestContext();
  const org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 3);
});
afterAll(async () => {
  for (const p of children) p.kill("SIGKILL");
  await ctx?.close();
});

describe.skipIf(!hasBuild)("SIGTERM and a rolling restart", () => {
  it("exits in bounded time and loses no acknowledged position while devices stream across the restart", async () => {
    const env = {
      DATABASE_URL: inject("databaseUrl"),
      REDIS_URL: "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      GATEWAY_HOST: "127.0.0.1",
      PORT: String(await freePort()),
      TELTONIKA_PORT: String(await freePort()),
      GT06_PORT: "0",
      H02_PORT: "0",
      OSMAND_PORT: "0",
      CAMERA_PORT: "0",
      FLOTA_DEMO: "false",
      FLOTA_WORKER: "inline",
      QUEUE_PREFIX: `rr${Date.now().toString(36)}-`,
      LOG_LEVEL: "info",
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
    const port = Number(env.TELTONIKA_PORT);
    let server = await startServer(env);
    const state = { stop: false, reconnects: 0 };
    const base = Date.now() - 3600_000;
    const acked = devices.map(() => [] as number[]);
    const running = devices.map((d, i) => runDevice(port, d.imei, base, acked[i], state));
    const total = () => acked.reduce((n, a) => n + a.length, 0);
    while (total() < 300) await sleep(5);

    const signalled = Date.now();
    server.proc.kill("SIGTERM");
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    console.log(`[operations] SIGTERM to exit: ${at - signalled} ms with ${devices.length} devices streaming`);
    expect(server.output()).toContain("shut down");
    const beforeRestart = total();

    server = await startServer(env);
    while (total() < beforeRestart + 300) await sleep(5);
    state.stop = true;
    await Promise.all(running);
    expect(state.reconnects).toBeGreaterThanOrEqual(devices.length);

    for (const [i, d] of devices.entries()) {
      const rows = await ctx.db.selectFrom("positions").select("fix_time").where("vehicle_id", "=", d.id).execute();
      const stored = new Set(rows.map((r) => new Date(r.fix_time).getTime()));
      expect(acked[i].filter((t) => !stored.has(t))).toEqual([]);
      expect(new Set(acked[i]).size).toBe(acked[i].length);
    }
    server.proc.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  }, 180_000);
});
