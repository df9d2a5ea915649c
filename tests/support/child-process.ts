import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(import.meta.dirname, "child-server.ts");

export interface Child<T> {
  proc: ChildProcess;
  info: T;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Spawns the fixture server as a separate Node process (no tsx wrapper, so SIGKILL hits the server itself). */
export async function spawnChild<T>(
  mode: "live" | "gateway",
  env: Record<string, string | undefined>,
): Promise<Child<T>> {
  const proc = spawn(process.execPath, ["--import", "tsx", script, mode], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr!.on("data", (c) => (stderr += c));
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start: ${stderr}`)), 30_000);
    createInterface({ input: proc.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as T);
    });
    proc.once("exit", (code) => reject(new Error(`child exited with ${code}: ${stderr}`)));
  });
  return {
    proc,
    info,
    kill: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode) return resolve();
        proc.once("exit", () => resolve());
        proc.kill(signal);
      }),
  };
}
