import { createLogger, openRuntime } from "../bootstrap";
import { loadConfig } from "../config";

/** `npm run migrate`: applies pending migrations (openRuntime migrates) and exits. */
const config = loadConfig();
const log = createLogger(config);
const runtime = await openRuntime(config, log, { poolSize: 1 });
await runtime.shutdown();
log.info("database is up to date");
