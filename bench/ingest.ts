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
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pino from "pino";
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
import { POS } from "../server/shared/live-position";
import { openDatabase } from "./bench-db";
import { startGatewayWorkers, type GatewayWorkers } from "./ingest-gateway";
import { decoderBench } from "./ingest-decoders";
import { pipelineBench } from "./ingest-pipeline";
import { loadProcess, type LoadJob } from "./ingest-load";
import { copyCeiling, postmasterPid, serverCpuMs } from "./ingest-postgres";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

// ---------------------------------------------------------------- server process

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
      for (const p of m.p) if (p[POS.fixTime] >= phase2From.t) busLatencies.push(now - p[POS.fixTime]);
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
      postmaster: number | null;
      /** the whole PostgreSQL server's CPU (ms) so far */
      pg: number | null;
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
          othersAtStart = Promise.all([gateways?.cpuMs() ?? 0, postmasterPid(handle.pool)]).then(([g, postmaster]) => ({
            gateways: g,
            postmaster,
            pg: serverCpuMs(postmaster),
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
            const g = await (gateways?.cpuMs() ?? 0);
            const pgMs = serverCpuMs(start.postmaster);
            cpu.gatewaysMs = gateways ? g - start.gateways : null;
            cpu.pgMs = pgMs === null || start.pg === null ? null : pgMs - start.pg;
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
      `bench: CPU per stored position in phase 1: ${node}, PostgreSQL server ${us(cpu.pgMs)}, load process ${us(cpu.loadMs)}; ` +
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
