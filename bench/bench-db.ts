import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../server/db/embedded";

/** A fresh database on DATABASE_URL's server (dropped by cleanup) or an embedded PostgreSQL in a temporary folder. */
export async function openDatabase(): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const admin = process.env.DATABASE_URL;
    const name = `flota_bench_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async cleanup() {
        const d = new pg.Client({ connectionString: admin });
        await d.connect();
        await d.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [name],
        );
        await d.query(`DROP DATABASE IF EXISTS ${name}`);
        await d.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "flota-bench-"));
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
    dir,
    port: 56000 + Math.floor(Math.random() * 3000),
  });
  return {
    url: embedded.url,
    async cleanup() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
