import { createHash } from "node:crypto";
import { existsSync, realpathSync, statSync } from "node:fs";
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the embedded PostgreSQL lives when Flota runs as root. PostgreSQL refuses to run as root, so the
 * server runs as the `postgres` system user, which must be able to enter every directory on the way to
 * its binaries and its data folder. A checkout under a private home directory (/root is mode 700 on most
 * servers and containers) is out of its reach: then the binaries are copied and the cluster is kept under
 * /var/lib/flota, with a pointer in the data folder. See docs/decisions.md ("Embedded database as root").
 */

export interface PathStat {
  mode: number;
  uid: number;
  gid: number;
}

/** The account the database server runs as (its primary group only: see `mayAccess`). */
export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

const SEARCH = 1;
const READ = 4;

/**
 * Whether `user` has the `want` permission bits (1 = search/execute, 4 = read) on a file: the owner's bits
 * for its owner, else the group's for its group, else the others'. Supplementary groups are not counted:
 * Node drops them (setgroups(0)) when it spawns a process with another uid/gid. ACLs are not read; a
 * directory opened to the user by an ACL only is treated as closed, which costs a relocation, never a failure.
 */
export function mayAccess(st: PathStat, user: Pick<OsUser, "uid" | "gid">, want: number): boolean {
  if (user.uid === 0) return true;
  const bits = st.uid === user.uid ? (st.mode >> 6) & 7 : st.gid === user.gid ? (st.mode >> 3) & 7 : st.mode & 7;
  return (bits & want) === want;
}

export interface Blocked {
  /** the first directory on the way that the user cannot enter */
  dir: string;
  stat: PathStat;
}

/**
 * The first directory on the way to `target` (from the root, `target` included) that `user` cannot enter,
 * or null. A directory that does not exist yet ends the walk: the ones below it are created by Flota,
 * open to the user.
 */
export function firstBlockedDirectory(
  target: string,
  user: Pick<OsUser, "uid" | "gid">,
  statOf: (p: string) => PathStat | null,
): Blocked | null {
  const abs = path.resolve(target);
  const { root } = path.parse(abs);
  let dir = root;
  const chain = [
    root,
    ...abs
      .slice(root.length)
      .split(path.sep)
      .filter(Boolean)
      .map((part) => (dir = path.join(dir, part))),
  ];
  for (const d of chain) {
    const st = statOf(d);
    if (!st) return null;
    if (!mayAccess(st, user, SEARCH)) return { dir: d, stat: st };
  }
  return null;
}

/** `firstBlockedDirectory` on the real file system, along the path as given and along its resolved form (symbolic links). */
export function blockedOnDisk(target: string, user: Pick<OsUser, "uid" | "gid">): Blocked | null {
  const statOf = (p: string): PathStat | null => {
    try {
      const s = statSync(p);
      return { mode: s.mode, uid: s.uid, gid: s.gid };
    } catch {
      return null;
    }
  };
  return firstBlockedDirectory(target, user, statOf) ?? firstBlockedDirectory(resolveExisting(target), user, statOf);
}

/** The path with its existing part resolved (symbolic links) and the rest appended. */
function resolveExisting(p: string): string {
  const abs = path.resolve(p);
  const rest: string[] = [];
  let head = abs;
  while (!existsSync(head)) {
    rest.unshift(path.basename(head));
    const up = path.dirname(head);
    if (up === head) return abs;
    head = up;
  }
  return path.join(realpathSync(head), ...rest);
}

export const describeBlocked = (b: Blocked) =>
  `${b.dir} (mode ${(b.stat.mode & 0o7777).toString(8).padStart(3, "0")}, owner uid ${b.stat.uid}, group gid ${b.stat.gid})`;

// ---------------------------------------------------------------- the cluster's folder

/** The pointer kept in the data folder when the cluster lives elsewhere. */
export const POINTER_FILE = "postgres-location.json";

export interface ClusterPointer {
  /** the cluster's data directory */
  cluster: string;
  /** the data folder (FLOTA_DATA_DIR) it was created for */
  dataFolder: string;
  reason: string;
  created: string;
}

export type ClusterPlan =
  | { kind: "here"; cluster: string }
  | { kind: "recorded"; cluster: string; pointer: ClusterPointer }
  | { kind: "relocate"; cluster: string; pointer: ClusterPointer }
  | { kind: "refuse"; message: string };

/** Stable name of a data folder under /var/lib/flota: the checkout's folder name and a hash of the data folder's real path. */
export function checkoutId(dataFolder: string): string {
  const name =
    path
      .basename(path.dirname(dataFolder))
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+/, "")
      .slice(0, 40) || "flota";
  return `${name}-${createHash("sha256").update(dataFolder).digest("hex").slice(0, 12)}`;
}

/**
 * Decides where the cluster of `dataFolder` lives: a pointer written by an earlier start wins; else the
 * usual `<dataFolder>/postgres` when the server's user can reach it; else a new cluster under
 * `relocateRoot`/<checkout id>. An existing cluster in an unreachable folder is not moved behind the
 * user's back: the start stops and says how to move it.
 */
export function planCluster(input: {
  dataFolder: string;
  pointer: ClusterPointer | null;
  clusterHere: boolean;
  blockedHere: Blocked | null;
  relocateRoot: string;
  blockedRelocateRoot: Blocked | null;
  user: OsUser;
  now?: Date;
}): ClusterPlan {
  const here = path.join(input.dataFolder, "postgres");
  if (input.pointer) return { kind: "recorded", cluster: input.pointer.cluster, pointer: input.pointer };
  if (!input.blockedHere) return { kind: "here", cluster: here };
  const why = `the ${input.user.name} system user, which runs the embedded PostgreSQL when Flota runs as root, cannot enter ${describeBlocked(input.blockedHere)}`;
  if (input.clusterHere) {
    return {
      kind: "refuse",
      message:
        `The embedded database in ${here} cannot be started: ${why}. Flota does not move an existing database by itself. ` +
        `Stop Flota, move the folder to a place that user can reach and point FLOTA_DATA_DIR there ` +
        `(mkdir -p /srv/flota-data && mv ${here} /srv/flota-data/ && FLOTA_DATA_DIR=/srv/flota-data npm start), ` +
        `or run Flota as an ordinary user, or use an external database (DATABASE_URL).`,
    };
  }
  if (input.blockedRelocateRoot) {
    return {
      kind: "refuse",
      message:
        `The embedded database cannot be created: ${why}, and it cannot enter ${describeBlocked(input.blockedRelocateRoot)} either. ` +
        `Set FLOTA_DATA_DIR to a folder that user can reach (e.g. /srv/flota-data), run Flota as an ordinary user, or use an external database (DATABASE_URL).`,
    };
  }
  const cluster = path.join(input.relocateRoot, checkoutId(input.dataFolder), "postgres");
  return {
    kind: "relocate",
    cluster,
    pointer: { cluster, dataFolder: input.dataFolder, reason: why, created: (input.now ?? new Date()).toISOString() },
  };
}

export async function readPointer(dataFolder: string): Promise<ClusterPointer | null> {
  const file = path.join(dataFolder, POINTER_FILE);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<ClusterPointer>;
  if (typeof parsed.cluster !== "string" || !path.isAbsolute(parsed.cluster))
    throw new Error(`${file} does not name the database folder ("cluster"): fix or remove it`);
  return {
    cluster: parsed.cluster,
    dataFolder: parsed.dataFolder ?? dataFolder,
    reason: parsed.reason ?? "",
    created: parsed.created ?? "",
  };
}

export async function writePointer(dataFolder: string, pointer: ClusterPointer): Promise<void> {
  const note = "The embedded PostgreSQL of this data folder lives in `cluster` (see README, Backups).";
  await writeFile(path.join(dataFolder, POINTER_FILE), JSON.stringify({ note, ...pointer }, null, 2) + "\n", {
    mode: 0o644,
  });
}

/** Makes a folder and its missing parents, each open to every user (755, whatever the umask). */
export async function mkdirOpen(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = path.resolve(dir); !existsSync(d); d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) {
    await mkdir(d).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== "EEXIST") throw e;
    });
    await chmod(d, 0o755);
  }
}

// ---------------------------------------------------------------- the binaries

/** Whether `user` can run the PostgreSQL binaries in `nativeDir` (bin/, lib/, share/) where they are. */
export function binariesReachable(nativeDir: string, user: OsUser): Blocked | null {
  for (const sub of ["bin", "lib", "share"]) {
    const blocked = blockedOnDisk(path.join(nativeDir, sub), user);
    if (blocked) return blocked;
  }
  for (const exe of ["bin/postgres", "bin/initdb"]) {
    const file = path.join(nativeDir, exe);
    const s = statSync(file);
    if (!mayAccess(s, user, SEARCH | READ)) return { dir: file, stat: { mode: s.mode, uid: s.uid, gid: s.gid } };
  }
  return null;
}

/**
 * A copy of the binaries in `<relocateRoot>/pgsql-<version>` (shared by every checkout with that version),
 * readable by everyone; made once, atomically (copied beside, then renamed).
 */
export async function copyBinaries(
  nativeDir: string,
  relocateRoot: string,
  version: string,
): Promise<{ dir: string; copied: boolean }> {
  const dest = path.join(relocateRoot, `pgsql-${version.replace(/[^A-Za-z0-9._-]+/g, "-")}`);
  if (existsSync(path.join(dest, ".complete"))) return { dir: dest, copied: false };
  await mkdirOpen(relocateRoot);
  const tmp = `${dest}.partial-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await cp(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
  await openTree(tmp);
  await writeFile(path.join(tmp, ".complete"), `${nativeDir}\n`);
  await rm(dest, { recursive: true, force: true });
  await rename(tmp, dest);
  return { dir: dest, copied: true };
}

/** chmod a+rX, recursively (symbolic links left alone). */
async function openTree(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await openTree(p);
    else if (entry.isFile()) {
      const { mode } = await stat(p);
      await chmod(p, mode & 0o100 ? mode | 0o555 : mode | 0o444);
    }
  }
}
