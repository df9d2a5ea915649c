/**
 * Position ingest benchmark: simulated Teltonika devices over real TCP into the gateway, the position
 * pipeline (PostgreSQL) and the live WebSocket hub, with the devices and the WebSocket client in a
 * separate process (their own core, their own clock for latency).
 *
 *   npm run bench:ingest -- [--devices 500] [--records 10] [--seconds 15] [--rate 2000] [--concurrency 2] [--gateways N]
 *   npm run bench:ingest -- --protocol NAME|all [--positions 200000]   (decoder CPU only: bench/ingest-decoders.ts)
 *   npm run bench:ingest -- --pipeline-only [--seconds 6]              (pipeline CPU only: bench/ingest-pipeline.ts)
 *
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL in a
 * temporary folder. Prints, last:
 *   stored N positions/s; live p50 X ms, p99 Y ms; COPY ceiling Z rows/s (stored = R % of it)
 * and, before it, the CPU each process spent per stored position (PostgreSQL's only when its server runs here).
 *
 * `--gateways N` runs the gateway and position pipeline in N processes sharing the device port (bench/ingest-gateway.ts);
 * this process keeps the live hub. Node's CPU is then the gateways' sum plus this process's.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { WebSocket } from "ws";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createOrganization } from "../server/seed/seed";
import { issueSession } from "../server/modules/auth";
import { DeviceRegistry } from "../server/modules/devices";
import { createLiveBus, startLive } from "../server/modules/live";
import type { JobQueue } from "../server/queue/job-queue";
import { startTelematics } from "../server/runtime";
import { crc16Ibm } from "../server/protocols/checksum";
import { encodeTeltonikaAvl, TeltonikaClient } from "../server/telematics/simulator";
import { openDatabase } from "./bench-db";
import { startGatewayWorkers, type GatewayWorkers } from "./ingest-gateway";
import { decoderBench } from "./ingest-decoders";
import { pipelineBench } from "./ingest-pipeline";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

interface LoadJob {
  port: number;
  wsUrl: string;
  imeis: string[];
  records: number;
  seconds: number;
  rate: number;
}

// ---------------------------------------------------------------- load process (devices + WebSocket client)

async function loadProcess(job: LoadJob) {
  const send = (m: unknown) => process.send!(m);
  const clients = await Promise.all(
    job.imeis.map(async (imei) => {
      const c = await TeltonikaClient.connect(job.port);
      if (!(await c.handshake(imei))) throw new Error(`refused ${imei}`);
      return c;
    }),
  );
  const latencies: number[] = [];
  let latencyFrom = Number.POSITIVE_INFINITY;
  const ws = new WebSocket(job.wsUrl);
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.type !== "position") return;
    const sent = Date.parse(m.fixTime);
    if (sent >= latencyFrom) latencies.push(Date.now() - sent);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("message", () => resolve());
    ws.once("error", reject);
  });

  // Phase 1: closed loop, every device sends `records`-record packets as fast as they are acknowledged.
  const base = Date.now() - 20 * 3600_000;
  let acked = 0;
  let stop = false;
  const warmupMs = 3000;
  const started = Date.now();
  let measuredFrom = 0;
  let ackedAtMeasureStart = 0;
  let cpuFrom = process.cpuUsage();
  setTimeout(() => {
    measuredFrom = Date.now();
    ackedAtMeasureStart = acked;
    cpuFrom = process.cpuUsage();
    send({ phase: "measure-start" });
  }, warmupMs);
  setTimeout(() => (stop = true), warmupMs + job.seconds * 1000);
  // Each device's packet is encoded once; per send only the records' timestamps and the CRC are rewritten, so that
  // the simulated devices take as little as possible of the CPU the server shares with them.
  await Promise.all(
    clients.map(async (c, d) => {
      const frame = encodeTeltonikaAvl(
        Array.from({ length: job.records }, (_, i) => ({
          fixTime: new Date(base + i * 50),
          latitude: 41.3 + d * 1e-4,
          longitude: 19.8 + i * 1e-5,
          speed: 40,
          satellites: 9,
          ignition: true,
        })),
      );
      const dataLength = frame.readUInt32BE(4);
      const recordLength = (dataLength - 3) / job.records; // codec id, count … records … count
      for (let seq = 0; !stop; seq++) {
        for (let i = 0; i < job.records; i++)
          frame.writeBigUInt64BE(BigInt(base + (seq * job.records + i) * 50), 10 + i * recordLength);
        frame.writeUInt32BE(crc16Ibm(frame.subarray(8, 8 + dataLength)), 8 + dataLength);
        await c.write(frame);
        const n = (await c.read(4, 30_000)).readUInt32BE(0); // not `acked += await …`: that loses concurrent increments
        acked += n;
      }
    }),
  );
  const measuredS = (Date.now() - measuredFrom) / 1000;
  const cpu = process.cpuUsage(cpuFrom);
  send({
    phase: "throughput",
    acked: acked - ackedAtMeasureStart,
    seconds: measuredS,
    total: acked,
    wall: (Date.now() - started) / 1000,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  });

  // Phase 2: open loop at a fixed rate, one record per packet (live mode); fix time = send time.
  // A short pause first, so that phase 1's write-back (checkpoint, autovacuum) is not billed to phase 2 alone.
  await new Promise((r) => setTimeout(r, 5000));
  const intervalMs = (clients.length * 1000) / job.rate;
  latencyFrom = Date.now() + 2000; // skip the first two seconds
  const until = latencyFrom + job.seconds * 1000;
  let sent = 0;
  await Promise.all(
    clients.map(async (c, d) => {
      await new Promise((r) => setTimeout(r, (d / clients.length) * intervalMs));
      let next = Date.now();
      while (Date.now() < until) {
        const now = Date.now();
        await c.sendRecords(
          [
            {
              fixTime: new Date(now),
              latitude: 41.31 + d * 1e-4,
              longitude: 19.82,
              speed: 35,
              satellites: 9,
              ignition: true,
            },
          ],
          undefined,
          30_000,
        );
        if (now >= latencyFrom) sent++;
        next += intervalMs;
        const wait = next - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  send({
    phase: "latency",
    sent,
    achievedRate: Math.round(sent / job.seconds),
    received: latencies.length,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1),
  });
  for (const c of clients) c.close();
  ws.close();
  process.exit(0);
}

// ---------------------------------------------------------------- server process

/**
 * CPU time (ms) used so far by each PostgreSQL backend, read from /proc: only when the server runs on this machine
 * and its processes are readable (root, or the same user); null otherwise.
 */
function backendCpuMs(pids: number[]): Map<number, number> | null {
  const tick = 10; // USER_HZ is 100 on Linux
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") return null;
    }
  }
  return pids.length && !out.size ? null : out;
}

/** CPU (ms) the database's backends spent since `from` (backends started since count whole; ones that ended are lost). */
async function backendCpuSince(pool: pg.Pool, from: Map<number, number> | null): Promise<number | null> {
  const now = backendCpuMs(await benchBackends(pool));
  if (!from || !now) return null;
  let ms = 0;
  for (const [pid, cpu] of now) ms += cpu - (from.get(pid) ?? 0);
  return ms;
}

async function benchBackends(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  return rows.map((r) => r.pid);
}

/** PostgreSQL's own bulk-load rate into a table shaped like positions, on the same machine. */
async function copyCeiling(
  pool: pg.Pool,
  orgId: string,
  vehicleIds: string[],
  rows = 300_000,
): Promise<{ rate: number; how: string; cpuUsPerRow: number | null }> {
  await pool.query(
    `CREATE TABLE bench_copy (LIKE positions INCLUDING DEFAULTS INCLUDING CONSTRAINTS); ALTER TABLE bench_copy ADD PRIMARY KEY (vehicle_id, fix_time)`,
  );
  const base = Date.now() - 10 * 3600_000;
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const v = vehicleIds[i % vehicleIds.length];
    const t = new Date(base + Math.floor(i / vehicleIds.length) * 1000).toISOString();
    lines.push(`${orgId},${v},imei,${t},${t},41.3,19.8,40,90,110,9,t,t,1000,{}`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), "flota-copy-"));
  const file = path.join(dir, "rows.csv");
  await writeFile(file, lines.join("\n") + "\n");
  await chmod(dir, 0o755);
  await chmod(file, 0o644);
  const client = await pool.connect();
  try {
    const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const cpu0 = backendCpuMs([pid])?.get(pid);
    const t = performance.now();
    await client.query(
      `COPY bench_copy (org_id, vehicle_id, device_id, fix_time, server_time, lat, lon, speed_kmh, course, altitude, satellites, ignition, valid, odometer_m, attributes) FROM '${file}' WITH (FORMAT csv, QUOTE '"')`,
    );
    const rate = rows / ((performance.now() - t) / 1000);
    const cpu1 = backendCpuMs([pid])?.get(pid);
    return {
      rate,
      how: "server-side COPY FROM file",
      cpuUsPerRow: cpu0 === undefined || cpu1 === undefined ? null : ((cpu1 - cpu0) * 1000) / rows,
    };
  } catch (err) {
    return {
      rate: NaN,
      how: `COPY unavailable: ${(err as Error).message}`,
      cpuUsPerRow: null,
    };
  } finally {
    client.release();
    await rm(dir, { recursive: true, force: true });
  }
}

async function serverProcess() {
  const devices = arg("devices", 500);
  const records = arg("records", 10);
  const seconds = arg("seconds", 15);
  const rate = arg("rate", 2000);
  const concurrency = arg("concurrency", 2);
  const gatewayCount = arg("gateways", 0);
  const db = await openDatabase();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
  });
  const handle = connectDatabase(db.url, 12);
  const log = pino({ level: "warn" });
  const ctx: AppContext = {
    config,
    db: handle.db,
    log,
    jobs: null as unknown as JobQueue,
    buildId: "bench",
  };
  try {
    await migrate(handle.pool);
    const { org, adminId } = await createOrganization(ctx.db, {
      name: "Bench",
      admin: { email: "bench@flota.local", password: "bench-password" },
    });
    const imeis = Array.from({ length: devices }, (_, i) => `35900${String(i).padStart(10, "0")}`);
    const vehicles = await ctx.db
      .insertInto("vehicles")
      .values(
        imeis.map((imei, i) => ({
          org_id: org.id,
          registration: `BN ${String(i).padStart(4, "0")}`,
          category: "Car" as const,
          device_imei: imei,
          device_protocol: "teltonika" as const,
        })),
      )
      .returning("id")
      .execute();
    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "org_id", "web_only"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    const { socketToken } = await issueSession(ctx, user, "web", {
      ip: null,
      userAgent: "bench",
    });
    await ctx.db
      .insertInto("live_subscriptions")
      .values(
        vehicles.map((v) => ({
          org_id: org.id,
          user_id: adminId,
          channel: `markers-${adminId}-1700000000`,
          vehicle_id: v.id,
        })),
      )
      .execute();

    const server = createServer((_q, r) => r.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const bus = await createLiveBus({
      redisUrl: null,
      databaseUrl: db.url,
      log,
    });
    const web = { ...ctx, live: bus, devices: new DeviceRegistry(ctx.db) };
    const live = startLive(web, server);
    // in this process, or in `--gateways N` processes sharing one port
    const rt =
      gatewayCount > 0
        ? null
        : await startTelematics(web, {
            ephemeral: true,
            host: "127.0.0.1",
            ports: {
              teltonika: 0,
              gt06: 0,
              h02: 0,
              queclink: 0,
              jt808: 0,
              wialon: 0,
              coban: 0,
              ruptela: 0,
              meitrack: 0,
              suntech: 0,
              galileosky: 0,
              osmand: 0,
            },
            pipeline: { concurrency },
          });
    const gateways: GatewayWorkers | null =
      gatewayCount > 0 ? await startGatewayWorkers(gatewayCount, db.url, concurrency) : null;
    const httpPort = (server.address() as { port: number }).port;
    // Server side of the latency: frame sent (fix time) → position back from the bus in this process.
    const busLatencies: number[] = [];
    const phase2From = { t: Number.POSITIVE_INFINITY };
    bus.onMessage((m) => {
      if (m.k !== "pos") return;
      const now = Date.now();
      for (const p of m.p) if (p[7] >= phase2From.t) busLatencies.push(now - p[7]);
    });
    console.log(
      `bench: ${cpus().length} cores, load average before ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} (other work on the machine skews the figures)`,
    );
    console.log(
      `bench: ${devices} Teltonika devices, ${records} records/packet for throughput; ${rate} positions/s for latency; ${seconds} s each; pipeline concurrency ${concurrency}; ${
        gateways ? `${gatewayCount} gateway processes` : "gateway in the server process"
      }`,
    );

    const job: LoadJob = {
      port: gateways ? gateways.port : rt!.ports.teltonika!,
      wsUrl: `ws://127.0.0.1:${httpPort}/live?token=${encodeURIComponent(socketToken)}`,
      imeis,
      records,
      seconds,
      rate,
    };
    const results: Record<string, Record<string, number>> = {};
    // CPU per stored position in phase 1, per process: where the time goes, whatever else runs on the machine
    let serverAtStart: NodeJS.CpuUsage | null = null;
    let othersAtStart: Promise<{
      gateways: number;
      pg: Map<number, number> | null;
    }> | null = null;
    let cpuDone: Promise<void> = Promise.resolve();
    const cpu: Record<string, number | null> = {};
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--role", "load"], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      child.on("message", (m: Record<string, number> & { phase: string }) => {
        if (m.phase === "measure-start") {
          serverAtStart = process.cpuUsage();
          othersAtStart = Promise.all([gateways?.cpuMs() ?? 0, benchBackends(handle.pool)]).then(([g, pids]) => ({
            gateways: g,
            pg: backendCpuMs(pids),
          }));
          return;
        }
        if (m.phase === "throughput" && serverAtStart && othersAtStart) {
          const s = process.cpuUsage(serverAtStart);
          cpu.serverMs = (s.user + s.system) / 1000;
          cpu.loadMs = m.cpuMs;
          const from = othersAtStart;
          cpuDone = (async () => {
            const start = await from;
            const [g, pgMs] = await Promise.all([gateways?.cpuMs() ?? 0, backendCpuSince(handle.pool, start.pg)]);
            cpu.gatewaysMs = gateways ? g - start.gateways : null;
            cpu.pgMs = pgMs;
          })();
        }
        results[m.phase] = m;
        if (m.phase === "throughput") phase2From.t = Date.now() + 7000; // the load process pauses 5 s, then warms up 2 s
        console.log(`bench: ${m.phase} ${JSON.stringify(m)}`);
      });
      child.once("spawn", () => child.send(job));
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`load process exited with ${code}`))));
    });
    await cpuDone;
    busLatencies.sort((a, b) => a - b);
    const bq = (p: number) => busLatencies[Math.min(busLatencies.length - 1, Math.floor(p * busLatencies.length))];
    console.log(
      `bench: server side (sent → back from the bus, before the WebSocket): p50 ${bq(0.5)} ms, p99 ${bq(0.99)} ms over ${busLatencies.length} positions`,
    );
    const count = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM positions`.execute(ctx.db)).rows[0].n);
    const stats = rt ? rt.pipeline.stats : await gateways!.close();
    console.log(
      `bench: ${count} rows in positions; pipeline ${JSON.stringify(stats)}; live messages delivered ${live.hub.delivered}`,
    );
    await rt?.close();
    await live.close();
    await bus.close();
    server.close();
    const ceiling = await copyCeiling(
      handle.pool,
      org.id,
      vehicles.map((v) => v.id),
    );
    console.log(
      `bench: COPY ceiling via ${ceiling.how}; load average after ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    const stored = Math.round(results.throughput.acked / results.throughput.seconds);
    const us = (ms: number | null | undefined) =>
      ms === null || ms === undefined ? "n/a" : `${((ms * 1000) / results.throughput.acked).toFixed(1)} µs`;
    const node = gateways
      ? `gateway processes ${us(cpu.gatewaysMs)} + server process (live hub) ${us(cpu.serverMs)} = Node ${us(
          cpu.gatewaysMs === null || cpu.serverMs === null ? null : cpu.gatewaysMs + cpu.serverMs,
        )}`
      : `server process ${us(cpu.serverMs)}`;
    console.log(
      `bench: CPU per stored position in phase 1: ${node}, PostgreSQL backends ${us(cpu.pgMs)}, load process ${us(cpu.loadMs)}; ` +
        `COPY ceiling ${ceiling.cpuUsPerRow === null ? "n/a" : `${ceiling.cpuUsPerRow.toFixed(1)} µs`} of PostgreSQL CPU per row`,
    );
    console.log(
      `stored ${stored} positions/s; live p50 ${results.latency.p50} ms, p99 ${results.latency.p99} ms; COPY ceiling ${Math.round(ceiling.rate)} rows/s (stored = ${Math.round((100 * stored) / ceiling.rate)} % of it)`,
    );
  } finally {
    await handle.close();
    await db.cleanup();
  }
}

if (process.argv.includes("--protocol")) {
  decoderBench(process.argv);
} else if (process.argv.includes("--pipeline-only")) {
  pipelineBench(process.argv).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
} else if (process.argv.includes("--role") && process.argv[process.argv.indexOf("--role") + 1] === "load") {
  process.once(
    "message",
    (job) =>
      void loadProcess(job as LoadJob).catch((err) => {
        console.error(err);
        process.exit(1);
      }),
  );
} else {
  serverProcess().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
