import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { openRuntime, createLogger } from "../bootstrap";
import { requirePorts } from "../context";
import { ConfigError, loadConfig } from "../config";
import { EmbeddedDatabaseError } from "../db/embedded";
import { DEMO_PASSWORD, ensureInitialData } from "../seed/seed";
import { createHttpApp } from "../http/app";
import { startWorkers } from "../../jobs/workers";
import { buildIfNeeded } from "./build-if-needed";
import { exitOnTerminate, stopInOrder } from "../shared/shutdown";
import { closeHttpGracefully } from "../shared/close-http";
import { createCommandRelay } from "../modules/immobilization";
import { startLive } from "../modules/live";
import { startTelematics } from "../runtime";
import { startDemoSimulator } from "../simulator";
import { vapidKeys } from "../modules/push";

const root = process.cwd();

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config);
  // FLOTA_BUILD_DIR: the web build's folder (react-router.config.ts), so parallel runs can build side by side
  const buildDir = path.resolve(root, process.env.FLOTA_BUILD_DIR ?? "build");
  if (!process.argv.includes("--no-build")) buildIfNeeded(root, buildDir, (m) => log.info(m));
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const runtime = await openRuntime(config, log, { buildId: build.assets.version });
  const { ctx } = runtime;

  const seeded = await ensureInitialData(ctx.db, {
    adminEmail: config.FLOTA_ADMIN_EMAIL,
    adminPassword: config.FLOTA_ADMIN_PASSWORD,
    demo: config.FLOTA_DEMO,
  });
  if (seeded.created) log.info({ demo: config.FLOTA_DEMO }, "created the first organisation");
  // Web Push's VAPID key pair: generated on the first start, read from the database on every later one
  await vapidKeys(ctx.db);

  const stopWorkers = config.FLOTA_WORKER === "inline" ? await startWorkers(ctx) : async () => {};
  const app = createHttpApp(ctx, { build, clientDir: path.join(buildDir, "client") });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const web = requirePorts(ctx, "live", "devices");
  const hub = startLive(web, server);
  // FLOTA_GATEWAYS=off: the devices connect to `npm run gateway` processes (docs/scaling.md)
  const telematics = config.FLOTA_GATEWAYS === "on" ? await startTelematics(web) : null;
  // Block/unblock reaches the device wherever its connection lives: here, or another process over the bus.
  const commands = createCommandRelay({ bus: web.live, local: telematics?.commands ?? null, log });
  ctx.commands = commands;
  const simulator =
    telematics && config.FLOTA_DEMO && config.simulator ? await startDemoSimulator(ctx, telematics.ports) : null;

  const lines = [
    "",
    `  Flota is running at ${url}`,
    `  Sign in as ${config.FLOTA_ADMIN_EMAIL} with password ${config.usingDefaultAdminPassword ? config.FLOTA_ADMIN_PASSWORD : "(from FLOTA_ADMIN_PASSWORD)"}`,
    config.FLOTA_DEMO
      ? `  Demo users manager@, dispatcher@, viewer@, driver@flota.local use password ${DEMO_PASSWORD}`
      : "",
    telematics ? "" : "  Device gateways: off here (FLOTA_GATEWAYS=off; npm run gateway)",
    `  Database: ${runtime.embedded ? `embedded PostgreSQL in ${runtime.embedded.dataDir}` : "DATABASE_URL"}; jobs: ${config.REDIS_URL ? "Redis" : "PostgreSQL"}`,
    "",
  ].filter((l, i, a) => l !== "" || i === 0 || i === a.length - 1);
  console.log(lines.join("\n"));
  if (config.usingDefaultAdminPassword) {
    log.warn(
      "The administrator uses the default password. Set FLOTA_ADMIN_PASSWORD or change it under Configuration > Profile.",
    );
  }

  // One step after another (docs/operations.md, "Shutdown"): first everything stops taking new work and finishes
  // what it holds (requests, frames being committed, running jobs: none needs another), then the command relay,
  // then the queues' connections, the live bus, the database pool and, last, the embedded database.
  exitOnTerminate(
    log,
    config.SHUTDOWN_TIMEOUT_MS,
    () =>
      stopInOrder(log, [
        [
          "intake and running jobs",
          () =>
            Promise.all([
              // slow requests are cut a little before the deadline, so the rest still closes cleanly
              closeHttpGracefully(server, Math.max(1000, config.SHUTDOWN_TIMEOUT_MS - 5000)),
              hub.close(),
              (async () => {
                await simulator?.stop();
                await telematics?.close();
              })(),
              stopWorkers(),
            ]),
        ],
        ["device commands", () => commands.close()],
        ...runtime.shutdownSteps,
      ]),
    { lastResort: () => runtime.embedded?.requestStop() },
  );
}

main().catch((err) => {
  if (err instanceof EmbeddedDatabaseError) {
    // says why and what to do; a stack trace would only hide that
    console.error(`\n  ${err.message}\n`);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
