import cluster from "node:cluster";
import type { Logger } from "pino";
import { createLogger, openRuntime } from "../bootstrap";
import { requirePorts } from "../context";
import { ConfigError, loadConfig, type Config } from "../config";
import { startMetricsServer } from "../metrics/server";
import { createCommandRelay } from "../modules/immobilization";
import { startDemoSimulator } from "../simulator";
import { sharePorts } from "../telematics/gateway/port-sharing";
import { startTelematics } from "../runtime";
import { exitOnTerminate, stopInOrder } from "../shared/shutdown";

/**
 * `npm run gateway`: the device gateways (every protocol and the camera server) without the web app or the
 * jobs. Positions go through the same pipeline as in `npm start` (stored, then acknowledged, then published
 * on the live bus, where every web process picks them up); device commands asked for on any web process
 * come over the bus to the process holding the device's connection (docs/scaling.md).
 * With GATEWAY_PROCESSES=N the process forks N cluster workers that share the listening sockets.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config).child({ process: "gateway" });
  if (config.GATEWAY_PROCESSES > 1 && cluster.isPrimary) return supervise(config, log);
  await serve(config, cluster.isWorker ? log.child({ worker: cluster.worker?.id }) : log);
}

/** The cluster primary: holds no database connection, keeps N gateway workers running and stops them on SIGTERM. */
function supervise(config: Config, log: Logger) {
  if (!config.DATABASE_URL) {
    console.error("GATEWAY_PROCESSES above 1 needs DATABASE_URL (the embedded PostgreSQL belongs to one process)");
    process.exit(2);
  }
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    log.error({ worker: worker.id, code, signal }, "gateway worker died; starting another");
    // a worker that dies at once (bad configuration) is not restarted in a tight loop
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < config.GATEWAY_PROCESSES; i++) fork();
  log.info({ processes: config.GATEWAY_PROCESSES }, "gateway workers started");
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    const deadline = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 2000);
    deadline.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

async function serve(config: Config, log: Logger) {
  if (!config.DATABASE_URL) log.warn("DATABASE_URL is not set; the gateway starts the embedded PostgreSQL itself");
  sharePorts(config.GATEWAY_REUSE_PORT);
  const runtime = await openRuntime(config, log, { role: "gateway" });
  const ctx = requirePorts(runtime.ctx, "live", "devices");
  const telematics = await startTelematics(ctx);
  // commands from the web processes arrive on the bus; this process answers for the devices it holds
  const commands = createCommandRelay({ bus: ctx.live, local: telematics.commands, log });
  ctx.commands = commands;
  const first = !cluster.isWorker || cluster.worker?.id === 1;
  const simulator =
    first && config.FLOTA_DEMO && config.simulator ? await startDemoSimulator(ctx, telematics.ports) : null;
  const metrics =
    config.GATEWAY_METRICS_PORT === undefined || cluster.isWorker
      ? null
      : await startMetricsServer({ port: config.GATEWAY_METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN });
  const listening = Object.entries(telematics.ports)
    .map(([protocol, port]) => `${protocol} ${port}`)
    .join(", ");
  console.log(`  Flota gateway is running: ${listening}; bus: ${ctx.live.kind}`);

  exitOnTerminate(
    log,
    config.SHUTDOWN_TIMEOUT_MS,
    () =>
      stopInOrder(log, [
        [
          "intake",
          async () => {
            metrics?.close();
            await simulator?.stop();
            // stops accepting, lets the frames in progress commit and be acknowledged
            await telematics.close();
          },
        ],
        ["device commands", () => commands.close()],
        ...runtime.shutdownSteps,
      ]),
    { lastResort: () => runtime.embedded?.requestStop() },
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
