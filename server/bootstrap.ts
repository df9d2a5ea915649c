import pino, { type Logger } from "pino";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { connectDatabase, type DatabaseHandle } from "./db/database";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded";
import { migrate } from "./db/migrate";
import { JobQueue } from "./queue/job-queue";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({ level: config.LOG_LEVEL, base: { app: "flota" }, redact: ["req.headers.authorization", "req.headers.cookie"] });
}

export interface Runtime {
  ctx: AppContext;
  database: DatabaseHandle;
  embedded: EmbeddedDatabase | null;
  shutdown(): Promise<void>;
}

/** Opens the database (embedded when DATABASE_URL is unset), migrates it and builds the shared context. */
export async function openRuntime(config: Config, log: Logger, opts: { buildId?: string; poolSize?: number } = {}): Promise<Runtime> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    log.info({ dir: config.dataDir, port: config.FLOTA_DB_PORT }, "starting embedded PostgreSQL");
    embedded = await startEmbeddedPostgres({ dir: config.dataDir, port: config.FLOTA_DB_PORT, log: (m) => log.debug({ pg: m }), notice: (m) => log.info(m) });
    url = embedded.url;
  }
  const database = connectDatabase(url, opts.poolSize ?? 10);
  await migrate(database.pool, (m) => log.info(m));
  const jobs = new JobQueue(config.REDIS_URL ? { kind: "redis", url: config.REDIS_URL } : { kind: "postgres", url }, log, config.QUEUE_PREFIX);
  const ctx: AppContext = { config, db: database.db, log, jobs, buildId: opts.buildId ?? "dev" };
  return {
    ctx,
    database,
    embedded,
    async shutdown() {
      await jobs.close().catch((err) => log.warn({ err }, "closing job queue"));
      await database.close().catch(() => {});
      if (embedded) await embedded.stop().catch(() => {});
    },
  };
}
