import { execFile } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import pg from "pg";
import pino from "pino";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { listMedia } from "../../server/backup/backup";
import { listTables } from "../../server/backup/catalog";
import { RestoreRefused, restoreBackup } from "../../server/backup/restore";
import { openRuntime } from "../../server/bootstrap";
import { loadConfig } from "../../server/config";
import { connectDatabase } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { ensureInitialData } from "../../server/seed/seed";
import { freePort } from "../support/free-port";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");

/** A new database on the test server, dropped in afterAll. */
const created: string[] = [];
async function newDatabase(tag: string): Promise<string> {
  const base = new URL(inject("databaseUrl"));
  const name = `flota_${tag}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  base.pathname = `/${name}`;
  return base.toString();
}

/** Every table's row count and an md5 of its rows, and every sequence's value: equal means the same data. */
async function digest(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const t of await listTables(c)) {
      const r = await c.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text COLLATE "C"), '')) AS h FROM "${t.name}" x`,
      );
      out[t.name] = `${r.rows[0].n}:${r.rows[0].h}`;
    }
    const s = await c.query("SELECT sequencename, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public'");
    for (const row of s.rows) out[`seq:${row.sequencename}`] = row.v;
    return out;
  } finally {
    await c.end();
  }
}

async function countTables(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
  await c.end();
  return r.rows[0].n;
}

/** Copies an archive entry by entry, letting `change` alter an entry's bytes. */
async function rewriteArchive(from: string, to: string, change: (name: string, data: Buffer) => Buffer) {
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack, createWriteStream(to));
  const reading = pipeline(createReadStream(from), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    const data = change(entry.header.name, Buffer.concat(chunks));
    pack.entry({ name: entry.header.name, size: data.length }, data);
  }
  await reading;
  pack.finalize();
  await writing;
}

const quiet = () => {};
let work: string;
let sourceUrl: string;
let sourceStorage: string;
let archive: string;
let sourceDigest: Record<string, string>;
const mediaKeys = ["org-a/2026-11/0001.jpg", "org-a/2026-11/0002.mp4", "org-b/2026-10/0003.jpg"];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "flota-backup-test-"));
  // the installation: demo data in its own database, media files in its storage folder (and an unfinished transfer)
  sourceUrl = await newDatabase("bk_src");
  const handle = connectDatabase(sourceUrl, 2);
  await migrate(handle.pool);
  await ensureInitialData(handle.db, { adminEmail: "admin@flota.local", adminPassword: "flota-admin", demo: true });
  await handle.close();
  sourceStorage = path.join(work, "source-storage");
  for (const [i, key] of mediaKeys.entries()) {
    const file = path.join(sourceStorage, "media", key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.alloc(50_000 + i * 7_000, i + 1));
  }
  await mkdir(path.join(sourceStorage, "partial"), { recursive: true });
  await writeFile(path.join(sourceStorage, "partial", "dev-1.part"), "half a clip");
  sourceDigest = await digest(sourceUrl);

  archive = path.join(work, "flota.tar");
  const { stdout } = await run(tsx, ["server/cli/backup.ts", "--out", archive], {
    env: { ...process.env, DATABASE_URL: sourceUrl, FLOTA_STORAGE_DIR: sourceStorage, LOG_LEVEL: "silent" },
  });
  expect(stdout).toMatch(/backup: database: \d+\/\d+ tables \(100%\)/);
  expect(stdout).toMatch(/backup: media: 100% written/);
}, 240_000);

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject("databaseUrl") });
  await admin.connect();
  for (const name of created) {
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  }
  await admin.end();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round-trips into an empty embedded installation, which Flota then starts on with the same rows and files", async () => {
    expect(Object.keys(sourceDigest).length).toBeGreaterThan(40);
    expect(sourceDigest.organizations).toMatch(/^[1-9]/);
    expect(sourceDigest.positions).toMatch(/^[1-9]/);
    const dataDir = path.join(work, "fresh-data");
    const dbPort = String(await freePort());
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FLOTA_DATA_DIR: dataDir,
      FLOTA_DB_PORT: dbPort,
      LOG_LEVEL: "silent",
    };
    delete env.DATABASE_URL;
    delete env.FLOTA_STORAGE_DIR;
    const { stdout } = await run(tsx, ["server/cli/restore.ts", archive], { env });
    expect(stdout).toMatch(/restore: verified: .* checksums match/);
    expect(stdout).toMatch(/restore: database: committed/);
    expect(stdout).toMatch(/restore: media: 100% written/);

    // Flota's own start path on the restored folder: embedded server, migrations, the data as it was
    const config = loadConfig({
      FLOTA_DATA_DIR: dataDir,
      FLOTA_DB_PORT: dbPort,
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
    });
    const runtime = await openRuntime(config, pino({ level: "silent" }), { poolSize: 2 });
    try {
      expect(await digest(runtime.embedded?.url as string)).toEqual(sourceDigest);
      const seeded = await ensureInitialData(runtime.ctx.db, {
        adminEmail: "admin@flota.local",
        adminPassword: "flota-admin",
        demo: true,
      });
      expect(seeded.created).toBe(false);
    } finally {
      await runtime.shutdown();
    }
    const restored = await listMedia(path.join(dataDir, "storage"));
    expect(restored.map((m) => m.key)).toEqual([...mediaKeys].sort());
    for (const key of mediaKeys) {
      expect(await readFile(path.join(dataDir, "storage", "media", key))).toEqual(
        await readFile(path.join(sourceStorage, "media", key)),
      );
    }
  }, 240_000);

  it("refuses a database that holds data unless --force, then replaces it and the media", async () => {
    // an installation of its own: another organisation, a media file
    const target = await newDatabase("bk_full");
    const handle = connectDatabase(target, 2);
    await migrate(handle.pool);
    await ensureInitialData(handle.db, { adminEmail: "other@example.com", adminPassword: "other-admin", demo: false });
    await handle.close();
    const storage = path.join(work, "full-storage");
    await mkdir(path.join(storage, "media", "other"), { recursive: true });
    await writeFile(path.join(storage, "media", "other", "own.jpg"), "its own photo");
    const before = await digest(target);
    const config = loadConfig({ DATABASE_URL: target, FLOTA_STORAGE_DIR: storage, LOG_LEVEL: "silent" });

    const refused = restoreBackup({ config, file: archive, force: false, progress: quiet });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(
      /the database holds data .* and .*media holds 1 files: refusing to overwrite\. Add --force/,
    );
    expect(await digest(target)).toEqual(before);
    expect((await listMedia(storage)).map((m) => m.key)).toEqual(["other/own.jpg"]);

    await restoreBackup({ config, file: archive, force: true, progress: quiet });
    expect(await digest(target)).toEqual(sourceDigest);
    expect((await listMedia(storage)).map((m) => m.key)).toEqual([...mediaKeys].sort());
  }, 120_000);

  it("refuses an archive from a newer migration level, before touching the database", async () => {
    const newer = path.join(work, "newer.tar");
    await rewriteArchive(archive, newer, (name, data) => {
      if (name !== "manifest.json") return data;
      const m = JSON.parse(data.toString());
      m.migrations.push("9999_from_the_future.sql");
      m.migrationLevel = "9999_from_the_future.sql";
      return Buffer.from(JSON.stringify(m));
    });
    const target = await newDatabase("bk_newer");
    const config = loadConfig({ DATABASE_URL: target, FLOTA_STORAGE_DIR: path.join(work, "newer-storage") });
    const attempt = restoreBackup({ config, file: newer, force: true, progress: quiet });
    await expect(attempt).rejects.toThrow(/newer version of Flota .*9999_from_the_future\.sql/);
    expect(await countTables(target)).toBe(0);
  });

  it("verifies the checksums before touching anything and refuses a corrupted archive", async () => {
    const corrupt = path.join(work, "corrupt.tar");
    await rewriteArchive(archive, corrupt, (name, data) => {
      if (name !== `media/${mediaKeys[1]}`) return data;
      const copy = Buffer.from(data);
      copy[1000] ^= 0xff;
      return copy;
    });
    const target = await newDatabase("bk_corrupt");
    const storage = path.join(work, "corrupt-storage");
    const config = loadConfig({ DATABASE_URL: target, FLOTA_STORAGE_DIR: storage });
    const attempt = restoreBackup({ config, file: corrupt, force: true, progress: quiet });
    await expect(attempt).rejects.toThrow(
      new RegExp(`checksum verification failed, nothing was restored: media/${mediaKeys[1]} does not match`),
    );
    expect(await countTables(target)).toBe(0);
    expect(await listMedia(storage)).toEqual([]);
  });
});
