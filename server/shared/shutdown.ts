import type { Logger } from "pino";

/**
 * SIGTERM and SIGINT run `stop` once, then exit 0; if it has not finished after `timeoutMs` the process
 * exits 1 anyway (an orchestrator's kill would come next). What `stop` does not finish in time is safe
 * by construction: a device is acknowledged only after its commit and resends the rest, and a job whose
 * worker vanished is returned to its queue by BullMQ's stalled-job check.
 */
export function exitOnTerminate(log: Logger, timeoutMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal, timeoutMs }, "shutting down");
    setTimeout(() => {
      log.error({ timeoutMs }, "shutdown did not finish in time; exiting");
      process.exit(1);
    }, timeoutMs).unref();
    stop().then(
      () => {
        log.info({ ms: Date.now() - started }, "shut down");
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
}
