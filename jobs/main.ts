import { createLogger, openRuntime } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { exitOnTerminate, stopInOrder } from "../server/shared/shutdown";
import { startMetricsServer } from "../server/metrics/server";
import { startWorkers } from "./workers";

/** `npm run worker`: the job worker as its own process (uses DATABASE_URL, and REDIS_URL when set). */
async function main() {
  const config = loadConfig();
  const log = createLogger(config).child({ process: "worker" });
  if (!config.DATABASE_URL) log.warn("DATABASE_URL is not set; the worker starts the embedded PostgreSQL itself");
  const runtime = await openRuntime(config, log, { poolSize: 4, role: "worker" });
  const stop = await startWorkers(runtime.ctx);
  const metrics =
    config.WORKER_METRICS_PORT === undefined
      ? null
      : await startMetricsServer({ port: config.WORKER_METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN });
  // running jobs finish; past the deadline BullMQ hands them to another worker as stalled
  exitOnTerminate(
    log,
    config.SHUTDOWN_TIMEOUT_MS,
    () =>
      stopInOrder(log, [
        [
          "running jobs",
          async () => {
            metrics?.close();
            await stop();
          },
        ],
        ...runtime.shutdownSteps,
      ]),
    { lastResort: () => runtime.embedded?.requestStop() },
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
