import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/db/embedded";
import { migrate } from "../../server/db/migrate";
import { freePort } from "../support/free-port";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string | null;
  }
}

/**
 * One fresh database for the whole run: a new database on DATABASE_URL's server when it is set
 * (CI: the machine's PostgreSQL), otherwise an embedded PostgreSQL in a temporary folder.
 * Test files isolate themselves by creating their own organisations.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let tmp: string | null = null;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    tmp = await mkdtemp(path.join(tmpdir(), "flota-test-"));
    const port = await freePort();
    embedded = await startEmbeddedPostgres({ dir: tmp, port });
    adminUrl = embedded.url;
    console.log(`[tests] DATABASE_URL is not set: using an embedded PostgreSQL on port ${port}`);
  }
  const dbName = `flota_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  await migrate(pool);
  await pool.end();
  project.provide("databaseUrl", url.toString());
  project.provide("redisUrl", process.env.REDIS_URL ?? null);
  if (!process.env.REDIS_URL) console.log("[tests] REDIS_URL is not set: Redis-specific tests are skipped");

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [dbName],
    );
    await c.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await c.end();
    if (embedded) await embedded.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}
