import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { PROTOCOL_NAMES, protocolPortVariable } from "../../server/shared/protocols";

const root = path.resolve(import.meta.dirname, "../..");

/** Every gateway port off: a test process turns on only the ones it names, on free ports. */
export const NO_GATEWAY_PORTS: Record<string, string> = {
  ...Object.fromEntries(PROTOCOL_NAMES.map((name) => [protocolPortVariable(name), "0"])),
  CAMERA_PORT: "0",
};

export interface FlotaProcess {
  proc: ChildProcess;
  output(): string;
  /** resolves once the process has exited (SIGTERM by default; SIGKILL for a crash) */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<FlotaProcess>();

/**
 * One of Flota's entry points as its own Node process (`node --import tsx <script>`, no tsx wrapper, so a
 * signal reaches the process itself), started with `env` over this process's environment; resolves once
 * its output contains `ready`.
 */
export async function startFlotaProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs = 150_000,
): Promise<FlotaProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const handle: FlotaProcess = {
    proc,
    output: () => out,
    kill: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        running.delete(handle);
        if (proc.exitCode !== null || proc.signalCode) return resolve();
        proc.once("exit", () => resolve());
        proc.kill(signal);
      }),
  };
  running.add(handle);
  const deadline = Date.now() + timeoutMs;
  while (!out.includes(ready)) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}: ${out}`);
    if (Date.now() > deadline) {
      await handle.kill("SIGKILL");
      throw new Error(`${script} did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return handle;
}

/** Kills what a test file started and left running (afterAll). */
export async function killAllFlotaProcesses(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill("SIGKILL")));
}
