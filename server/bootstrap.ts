import pino, { type Logger } from "pino";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { connectDatabase, type DatabaseHandle } from "./db/database";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded";
import { migrate } from "./db/migrate";
import { DeviceRegistry, sharedDeviceRegistry } from "./modules/devices";
import { createLiveBus } from "./modules/live";
import { JobQueue } from "./queue/job-queue";
import { attachEventReaders } from "./event-readers";
import { stopInOrder, type ShutdownStep } from "./shared/shutdown";
import "./report-catalogue";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { app: "flota" },
    redact: ["req.headers.authorization", "req.headers.cookie"],
  });
}

export interface Runtime {
  ctx: AppContext;
  database: DatabaseHandle;
  embedded: EmbeddedDatabase | null;
  /**
   * The runtime's part of a shutdown, once what uses it (HTTP, gateways, workers) has stopped: the job queues'
   * connections, the live bus, the database pool, then the embedded database.
   */
  shutdownSteps: readonly ShutdownStep[];
  /** `shutdownSteps` in order (docs/operations.md, "Shutdown") */
  shutdown(): Promise<void>;
}

export interface RuntimeOptions {
  buildId?: string;
  poolSize?: number;
  /**
   * "web" and "gateway": the live bus listens (hub, command relay) and the gateways' device registry is
   * built, its invalidations shared over the bus; "worker": the live bus only publishes (alert notices),
   * no device registry.
   */
  role?: "web" | "gateway" | "worker";
}

/**
 * Opens the database (embedded when DATABASE_URL is unset), migrates it and builds the shared context
 * with its process-wide ports (live bus, device registry). The command relay needs the gateways, so
 * server/cli/start.ts adds it once they run.
 */
export async function openRuntime(config: Config, log: Logger, opts: RuntimeOptions = {}): Promise<Runtime> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    log.info({ dir: config.dataDir, port: config.FLOTA_DB_PORT }, "starting embedded PostgreSQL");
    embedded = await startEmbeddedPostgres({
      dir: config.dataDir,
      port: config.FLOTA_DB_PORT,
      // stopped by this process, after its pools, not by the signal that stops this process
      ownProcessGroup: true,
      log: (m) => log.debug({ pg: m }),
      notice: (m) => log.info(m),
    });
    url = embedded.url;
  }
  const database = connectDatabase(url, opts.poolSize ?? 10);
  await migrate(database.pool, (m) => log.info(m));
  const jobs = new JobQueue(
    config.REDIS_URL ? { kind: "redis", url: config.REDIS_URL } : { kind: "postgres", url },
    log,
    config.QUEUE_PREFIX,
    config.JOB_LOCK_MS,
  );
  const web = (opts.role ?? "web") !== "worker";
  const live = await createLiveBus({ redisUrl: config.REDIS_URL, databaseUrl: url, log, listen: web });
  const devices = web ? sharedDeviceRegistry(new DeviceRegistry(database.db), live) : undefined;
  const ctx: AppContext = {
    config,
    db: database.db,
    log,
    jobs,
    buildId: opts.buildId ?? "dev",
    live,
    devices,
  };
  attachEventReaders(ctx);
  const db = embedded;
  const shutdownSteps: ShutdownStep[] = [
    ["job queues", () => jobs.close()],
    [
      "live bus",
      () => {
        devices?.close();
        return live.close();
      },
    ],
    ["database pool", () => database.close()],
    ...(db ? [["embedded database", () => db.stop()] as const] : []),
  ];
  return { ctx, database, embedded, shutdownSteps, shutdown: () => stopInOrder(log, shutdownSteps) };
}
