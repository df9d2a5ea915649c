import type { Logger } from "pino";
import type { Config } from "./config";
import type { DB } from "./db/database";
import type { JobQueue } from "./queue/job-queue";
import type { CommandPort, DevicePort, EventsPort, LivePort } from "./shared/ports";

/**
 * Everything a service needs, created once by the process and handed to loaders, actions, /api handlers
 * and jobs. The ports are the process-wide services (server/shared/ports.ts); each is absent in a
 * process that has none: the job worker has a publish-only `live` and no `commands` or `devices`.
 */
export interface AppContext {
  config: Config;
  db: DB;
  log: Logger;
  jobs: JobQueue;
  buildId: string;
  /** the fan-out bus between processes (live positions, alert notices, device commands) */
  live?: LivePort;
  /** device commands (immobilisation), relayed to the process that holds the device */
  commands?: CommandPort;
  /** the gateways' device lookups */
  devices?: DevicePort;
  /** hands just-committed outbox events to their readers; absent: the worker's sweep does, later */
  events?: EventsPort;
}

type PortName = "live" | "commands" | "devices";
export type WithPorts<K extends PortName> = AppContext & Required<Pick<AppContext, K>>;

/** The same context, typed as having these ports; throws in a process that lacks one (a wiring mistake). */
export function requirePorts<K extends PortName>(ctx: AppContext, ...names: K[]): WithPorts<K> {
  for (const name of names) if (!ctx[name]) throw new Error(`this process has no "${name}" port on its AppContext`);
  return ctx as WithPorts<K>;
}
