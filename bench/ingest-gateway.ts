/**
 * `bench:ingest -- --gateways N`: N gateway processes, each running the ingest pipeline of
 * server/runtime.ts (Teltonika TCP gateway → position pipeline → live bus) on the same port through
 * Node's cluster module (the primary, the bench's server process, hands each accepted connection to a worker in
 * turn). The primary keeps the web side: the live hub and its WebSocket. Positions reach it over the live bus
 * (PostgreSQL LISTEN/NOTIFY), as they would from separate gateway processes in production.
 *
 * This file is both the primary's helper (`startGatewayWorkers`) and the workers' entry point.
 */
import cluster, { type Worker } from "node:cluster";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { DeviceRegistry } from "../server/modules/devices";
import { createLiveBus } from "../server/modules/live";
import type { PipelineStats } from "../server/modules/positions";
import type { JobQueue } from "../server/queue/job-queue";
import { startTelematics } from "../server/runtime";

const ROLE_ENV = "FLOTA_BENCH_GATEWAY";

interface WorkerJob {
  databaseUrl: string;
  port: number;
  concurrency: number;
}

type ToWorker = { type: "cpu"; id: number } | { type: "close"; id: number };
type FromWorker =
  | { type: "ready" }
  | { type: "cpu"; id: number; ms: number }
  | { type: "closed"; id: number; stats: PipelineStats };

export interface GatewayWorkers {
  port: number;
  /** CPU time (ms, user + system) each gateway process has used so far, summed */
  cpuMs(): Promise<number>;
  /** Closes the gateways (committing what is in flight) and returns their pipelines' counts, summed. */
  close(): Promise<PipelineStats>;
}

async function freePort(host: string): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, host, resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

export async function startGatewayWorkers(
  n: number,
  databaseUrl: string,
  concurrency: number,
): Promise<GatewayWorkers> {
  const host = "127.0.0.1";
  const port = await freePort(host);
  cluster.setupPrimary({
    exec: fileURLToPath(import.meta.url),
    execArgv: ["--max-semi-space-size=128", "--import", "tsx"], // as `npm run gateway`
    silent: false,
  });
  let nextId = 0;
  const waiting = new Map<number, (m: FromWorker) => void>();
  const workers: Worker[] = [];
  await Promise.all(
    Array.from({ length: n }, () => {
      const w = cluster.fork({
        [ROLE_ENV]: JSON.stringify({
          databaseUrl,
          port,
          concurrency,
        } satisfies WorkerJob),
      });
      workers.push(w);
      return new Promise<void>((resolve, reject) => {
        w.on("message", (m: FromWorker) => {
          if (m.type === "ready") return resolve();
          waiting.get(m.id)?.(m);
          waiting.delete(m.id);
        });
        w.once("exit", (code) => reject(new Error(`gateway process exited with ${code}`)));
      });
    }),
  );
  const ask = (w: Worker, type: ToWorker["type"]) =>
    new Promise<FromWorker>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      w.send({ type, id } satisfies ToWorker);
    });
  return {
    port,
    async cpuMs() {
      const answers = await Promise.all(workers.map((w) => ask(w, "cpu")));
      return answers.reduce((sum, m) => sum + (m.type === "cpu" ? m.ms : 0), 0);
    },
    async close() {
      const answers = await Promise.all(workers.map((w) => ask(w, "close")));
      const total: PipelineStats = {
        stored: 0,
        duplicates: 0,
        rejected: 0,
        transactions: 0,
      };
      for (const m of answers) {
        if (m.type !== "closed") continue;
        for (const k of Object.keys(total) as Array<keyof PipelineStats>) total[k] += m.stats[k];
      }
      return total;
    },
  };
}

async function workerMain(job: WorkerJob): Promise<void> {
  const log = pino({ level: "warn" });
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: job.databaseUrl,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
  });
  const handle = connectDatabase(job.databaseUrl, 8);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log,
    jobs: null as unknown as JobQueue,
    buildId: "bench",
  };
  const bus = await createLiveBus({
    redisUrl: null,
    databaseUrl: job.databaseUrl,
    log,
    listen: false,
  });
  const rt = await startTelematics(
    { ...ctx, live: bus, devices: new DeviceRegistry(ctx.db) },
    {
      host: "127.0.0.1",
      // the Teltonika TCP gateway only: every worker listens on the same port (cluster shares it)
      ports: {
        teltonika: job.port,
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
        camera: 0,
      },
      pipeline: { concurrency: job.concurrency },
    },
  );
  process.on("message", (m: ToWorker) => {
    if (m.type === "cpu") {
      const u = process.cpuUsage();
      process.send!({
        type: "cpu",
        id: m.id,
        ms: (u.user + u.system) / 1000,
      } satisfies FromWorker);
      return;
    }
    void (async () => {
      await rt.close();
      await bus.close();
      await handle.close();
      process.send!(
        {
          type: "closed",
          id: m.id,
          stats: rt.pipeline.stats,
        } satisfies FromWorker,
        () => process.exit(0),
      );
    })();
  });
  process.send!({ type: "ready" } satisfies FromWorker);
}

if (cluster.isWorker && process.env[ROLE_ENV]) {
  workerMain(JSON.parse(process.env[ROLE_ENV]) as WorkerJob).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
