/**
 * One gateway process (`npm run gateway`, Teltonika only) under a fleet of simulated devices: positions per
 * second it stores and acknowledges, and what they cost in CPU, for docs/scaling.md's sizing figures.
 *
 *   npm run bench:gateway -- [--devices 200] [--records 10] [--seconds 20] [--processes 1]
 *
 * Each device sends packets of `records` positions as fast as they are acknowledged (stored, then acked).
 * CPU time is read from /proc (Linux): the gateway process (its cluster workers with --processes N), and the whole
 * PostgreSQL server (backends, WAL writer, checkpointer, autovacuum; run it on a quiet server).
 * The live bus is Redis when REDIS_URL is set, PostgreSQL NOTIFY otherwise. Uses a fresh database on
 * DATABASE_URL's server (dropped at the end). Prints, last:
 *   N positions/s; gateway X cores (P positions per core-second); PostgreSQL Y cores (Q per core-second); load L
 */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import pino from "pino";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { TeltonikaClient } from "../server/telematics/simulator";
import { freePort } from "../tests/support/free-port";
import { NO_GATEWAY_PORTS } from "../tests/support/processes";
import { openDatabase } from "./bench-db";
import { makeBenchOrg } from "./bench-fleet";
import { postmasterPid, serverCpuMs } from "./ingest-postgres";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DEVICES = arg("devices", 200);
const RECORDS = arg("records", 10);
const SECONDS = arg("seconds", 20);
const PROCESSES = arg("processes", 1);
const TICK = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, 0 when it is gone */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

/** the process and its descendants (cluster workers) */
function family(pid: number): number[] {
  const out = [pid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(...family(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function main() {
  const db = await openDatabase();
  const log = pino({ level: "silent" });
  const handle = connectDatabase(db.url, 2);
  try {
    await migrate(handle.pool);
    const org = await makeBenchOrg({ db: handle.db, log } as unknown as AppContext, "Gateway bench", DEVICES, "357");
    const port = await freePort();
    const proc = spawn(process.execPath, ["--max-semi-space-size=128", "--import", "tsx", "server/cli/gateway.ts"], {
      env: {
        ...process.env,
        ...NO_GATEWAY_PORTS,
        DATABASE_URL: db.url,
        TELTONIKA_PORT: String(port),
        GATEWAY_HOST: "127.0.0.1",
        GATEWAY_PROCESSES: String(PROCESSES),
        FLOTA_DEMO: "false",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    // the gateway goes with the bench, whatever happens
    process.once("exit", () => proc.kill("SIGKILL"));
    let out = "";
    proc.stdout!.on("data", (c) => (out += c));
    while ((out.match(/gateway is running/g) ?? []).length < PROCESSES) {
      if (proc.exitCode !== null) throw new Error(`gateway exited: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const clients = await Promise.all(
      org.imeis.map(async (imei) => {
        const c = await TeltonikaClient.connect(port);
        if (!(await c.handshake(imei, 10_000))) throw new Error(`refused ${imei}`);
        return c;
      }),
    );
    let acked = 0;
    let counting = false;
    let stop = false;
    const base = Date.now() - 24 * 3600_000;
    const runs = clients.map(async (c, d) => {
      for (let packet = 0; !stop; packet++) {
        const records = Array.from({ length: RECORDS }, (_, i) => ({
          fixTime: new Date(base + (packet * RECORDS + i) * 1000 + d),
          latitude: 41.3 + ((packet * RECORDS + i) % 1000) * 1e-4,
          longitude: 19.8 + d * 1e-4,
          speed: 40,
          satellites: 9,
          ignition: true,
        }));
        const n = await c.sendRecords(records, undefined, 30_000);
        if (counting) acked += n;
      }
    });

    await new Promise((r) => setTimeout(r, 3000)); // warm-up: connections, caches, JIT
    const gatewayPids = family(proc.pid!);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const postmaster = await postmasterPid(pool);
    await pool.end();
    const pgSeconds = () => (serverCpuMs(postmaster) ?? 0) / 1000;
    const sum = (pids: number[]) => pids.reduce((s, p) => s + cpuSeconds(p), 0);
    const load0 = loadavg()[0];
    const [g0, p0, t0] = [sum(gatewayPids), pgSeconds(), Date.now()];
    counting = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    counting = false;
    const [g1, p1, t1] = [sum(gatewayPids), pgSeconds(), Date.now()];
    const load1 = loadavg()[0];
    stop = true;
    await Promise.all(runs).catch(() => {});
    for (const c of clients) c.close();
    proc.kill("SIGTERM");
    await new Promise((r) => proc.once("exit", r));

    const secs = (t1 - t0) / 1000;
    const rate = acked / secs;
    const gatewayCores = (g1 - g0) / secs;
    const pgCores = (p1 - p0) / secs;
    console.log(
      JSON.stringify({
        devices: DEVICES,
        recordsPerPacket: RECORDS,
        processes: PROCESSES,
        bus: process.env.REDIS_URL ? "redis" : "postgres",
        seconds: secs,
        positions: acked,
      }),
    );
    console.log(
      `${Math.round(rate)} positions/s; gateway ${gatewayCores.toFixed(2)} cores (${Math.round(rate / gatewayCores)} positions per core-second); ` +
        `PostgreSQL ${pgCores.toFixed(2)} cores (${Math.round(rate / pgCores)} per core-second); load ${load0.toFixed(1)}→${load1.toFixed(1)}`,
    );
  } finally {
    await handle.close();
    await db.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
