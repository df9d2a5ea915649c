import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { metricSources } from "../metrics";
import { enableWireShortcuts } from "./wire-shortcuts";
import type { Database } from "./schema";

// Dates stay as strings (YYYY-MM-DD) and bigint counts as numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function connectDatabase(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {}); // idle client errors (server restart) surface on next query instead
  // BEGIN with the first statement, COMMIT with the last where asked, COPY … FROM STDIN through Kysely
  pool.on("connect", enableWireShortcuts);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const unregister = metricSources.pool(() => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  return {
    db,
    pool,
    url,
    close: async () => {
      unregister();
      await db.destroy();
    },
  };
}
