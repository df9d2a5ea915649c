import type { Logger } from "pino";
import type { Config } from "./config";
import type { DB } from "./db/database";
import type { JobQueue } from "./queue/job-queue";

/** Everything a service needs, created once by the process and handed to loaders, actions and /api handlers. */
export interface AppContext {
  config: Config;
  db: DB;
  log: Logger;
  jobs: JobQueue;
  buildId: string;
}
