import type { Config } from "../config";
import { startEmbeddedPostgres } from "../db/embedded";

export interface OpenedDatabase {
  url: string;
  /** "DATABASE_URL" or where the embedded cluster lives */
  label: string;
  /** true when the embedded server was already running (a Flota process started it) */
  alreadyRunning: boolean;
  close(): Promise<void>;
}

/**
 * The configured database: DATABASE_URL, else the embedded PostgreSQL of FLOTA_DATA_DIR. A running embedded server
 * (Flota is up) is only used; one that was not running is started for the command and stopped after it.
 */
export async function openConfiguredDatabase(config: Config, notice: (m: string) => void): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, label: "DATABASE_URL", alreadyRunning: false, close: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ dir: config.dataDir, port: config.FLOTA_DB_PORT, notice });
  return {
    url: embedded.url,
    label: `embedded PostgreSQL in ${embedded.dataDir}`,
    alreadyRunning: embedded.reused,
    close: async () => {
      // never stop the server of a running Flota
      if (!embedded.reused) await embedded.stop();
    },
  };
}
