import type { Logger } from "pino";

/**
 * SIGTERM and SIGINT run `stop` once, then exit 0; if it fails, or has not finished after `timeoutMs`, the process
 * runs `lastResort` (the embedded database is told to stop by itself) and exits 1 (an orchestrator's kill would come
 * next). What `stop` does not finish in time is safe by construction: a device is acknowledged only
 * after its commit and resends the rest, and a job whose worker vanished is returned to its queue by BullMQ's
 * stalled-job check.
 */
export function exitOnTerminate(
  log: Logger,
  timeoutMs: number,
  stop: () => Promise<void>,
  opts: { lastResort?: () => void } = {},
): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal, timeoutMs }, "shutting down");
    setTimeout(() => {
      log.error({ timeoutMs }, "shutdown did not finish in time; exiting");
      opts.lastResort?.();
      process.exit(1);
    }, timeoutMs).unref();
    stop().then(
      () => {
        log.info({ ms: Date.now() - started }, "shut down");
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, "shutdown failed");
        opts.lastResort?.();
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
}

/** One step of a shutdown: its name in the log, and what it stops (waiting for what it holds to finish). */
export type ShutdownStep = readonly [name: string, stop: () => unknown];

/**
 * Runs the steps one after another, each once the one before has finished, so nothing is closed under a part that
 * still uses it (the order: what takes work in, then the queues, the pools, the database). A step that fails is
 * logged and the later ones still run (a database is never left running because a queue would not close); the
 * first failure is thrown at the end. Each step logs "stopped" with its time (debug).
 */
export async function stopInOrder(log: Logger, steps: readonly ShutdownStep[]): Promise<void> {
  const failures: unknown[] = [];
  for (const [step, stop] of steps) {
    const started = Date.now();
    try {
      await stop();
    } catch (err) {
      log.warn({ err, step }, "a shutdown step failed");
      failures.push(err);
    }
    log.debug({ step, ms: Date.now() - started }, "stopped");
  }
  if (failures.length) throw failures[0];
}
