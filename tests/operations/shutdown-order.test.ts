import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopInOrder, type ShutdownStep } from "../../server/shared/shutdown";
import { freePort } from "../support/free-port";
import { NO_GATEWAY_PORTS } from "../support/processes";

/**
 * `npm start` as a new user runs it (embedded PostgreSQL, demo data, the simulator, inline job workers), stopped the
 * ways it is stopped in practice (issue 51 item 10): Ctrl-C in a terminal and a supervisor's stop signal the whole
 * process group, which the embedded PostgreSQL's server used to be in; an orchestrator signals the process alone. Each time
 * the process must exit 0 within the deadline, in order (what takes work in, then the queues, the pools and the
 * database last), with no error or warning in its log and no connection cut by the database stopping under it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const hasBuild = existsSync(path.join(root, "build", "server", "index.js"));
if (!hasBuild) console.log("[operations] no build in ./build: the shutdown order test is skipped (run npm run build)");

const SHUTDOWN_TIMEOUT_MS = 15_000;
const children = new Set<ChildProcess>();
let dataDir: string;
let env: Record<string, string>;

interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** The app in its own process group, as a terminal session or a supervisor starts it. */
async function start(over: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const proc = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts", "--no-build"], {
    cwd: root,
    env: { ...inherited, ...env, ...over },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(proc);
  let out = "";
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    proc.once("exit", (code, signal) => {
      children.delete(proc);
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const deadline = Date.now() + 150_000;
  while (!out.includes("Flota is running at")) {
    if (proc.exitCode !== null) throw new Error(`the app exited with ${proc.exitCode}: ${out}`);
    if (Date.now() > deadline) throw new Error(`the app did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await fetch(`http://127.0.0.1:${env.PORT}/readyz`)).status).toBe(200);
  // the workers poll, the simulator drives, the pools hold connections
  await new Promise((r) => setTimeout(r, 3000));
  return { proc, output: () => out, exited };
}

/** The log's JSON lines from "shutting down" on. */
function shutdownLog(out: string) {
  const lines = out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string; step?: string; pg?: string });
  return lines.slice(lines.findIndex((l) => l.msg === "shutting down"));
}

const postgresRunning = () => existsSync(path.join(dataDir, "postgres", "postmaster.pid"));

async function stopAndCheck(run: Run, signal: NodeJS.Signals, target: "group" | "process") {
  const signalled = Date.now();
  if (target === "group") process.kill(-run.proc.pid!, signal);
  else run.proc.kill(signal);
  const { code, at } = await run.exited;
  const out = run.output();
  expect(code, out).toBe(0);
  expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  console.log(`[operations] ${signal} to the ${target}: exit 0 after ${at - signalled} ms`);
  expect(out).not.toContain("terminating connection due to administrator command");
  expect(out).not.toContain("the database system is shutting down");
  // nothing left connected when the database stops (it would have to cut it)
  expect(out).not.toContain("connections still open at shutdown");
  const log = shutdownLog(out);
  expect(
    log.map((l) => l.msg),
    out,
  ).toContain("shut down");
  expect(
    log.filter((l) => l.level >= 40),
    out,
  ).toEqual([]);
  // in order: what takes work in and the workers, then the queues, the pools and the database last
  expect(log.filter((l) => l.msg === "stopped").map((l) => l.step)).toEqual([
    "intake and running jobs",
    "device commands",
    "job queues",
    "live bus",
    "database pool",
    "embedded database",
  ]);
  // the database stopped with Flota, not before it, and not left running
  expect(postgresRunning()).toBe(false);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "flota-shutdown-"));
  env = {
    ...NO_GATEWAY_PORTS,
    FLOTA_DATA_DIR: dataDir,
    FLOTA_DB_PORT: String(await freePort()),
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    GATEWAY_HOST: "127.0.0.1",
    NODE_ENV: "production",
    // debug: the embedded server's own log lines are in the output too
    LOG_LEVEL: "debug",
    FLOTA_ADMIN_PASSWORD: "shutdown-test-password",
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  };
});
afterAll(async () => {
  for (const p of children) {
    try {
      process.kill(-p.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (postgresRunning()) {
    const pid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    try {
      process.kill(pid, "SIGQUIT");
    } catch {
      // already gone
    }
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!hasBuild)("stopping npm start on the embedded PostgreSQL", () => {
  it("Ctrl-C in a terminal (SIGINT to the process group)", async () => {
    await stopAndCheck(await start(), "SIGINT", "group");
  }, 240_000);

  it("a supervisor's stop (SIGTERM to the process group, as scripts/smoke-start.sh stops it)", async () => {
    const run = await start();
    // the first stop left no database behind to be taken over
    expect(run.output()).not.toContain("from an earlier run is still running");
    await stopAndCheck(run, "SIGTERM", "group");
  }, 240_000);

  it("an orchestrator's stop (SIGTERM to the process alone)", async () => {
    await stopAndCheck(await start(), "SIGTERM", "process");
  }, 240_000);

  it("a shutdown past its deadline exits 1 and still leaves the database stopping by itself", async () => {
    const run = await start({ SHUTDOWN_TIMEOUT_MS: "1" });
    run.proc.kill("SIGTERM");
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain("shutdown did not finish in time");
    const deadline = Date.now() + 30_000;
    while (postgresRunning() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(postgresRunning()).toBe(false);
  }, 240_000);
});

describe("the steps of a shutdown", () => {
  const log = pino({ level: "silent" });

  it("run one after another; a step that fails is reported once the later ones have run", async () => {
    const done: string[] = [];
    const step = (name: string, ms: number, fail = false): ShutdownStep => [
      name,
      async () => {
        await new Promise((r) => setTimeout(r, ms));
        done.push(name);
        if (fail) throw new Error(`${name} failed`);
      },
    ];
    await expect(
      stopInOrder(log, [step("intake", 30), step("queues", 0, true), step("pools", 10), step("database", 0)]),
    ).rejects.toThrow("queues failed");
    expect(done).toEqual(["intake", "queues", "pools", "database"]);
  });
});
