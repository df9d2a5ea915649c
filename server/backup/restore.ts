import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Config } from "../config";
import { migrate, migrationNames } from "../db/migrate";
import { mediaStore } from "../modules/video";
import { listMedia } from "./backup";
import { tablesWithRows } from "./catalog";
import { openConfiguredDatabase } from "./database-target";
import {
  DATABASE_PREFIX,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  formatBytes,
  ident,
  manifestSchema,
  percentReporter,
  type Manifest,
} from "./manifest";
import { hashTap, readArchive } from "./tar";

export class RestoreRefused extends Error {}

/**
 * Reads the whole archive once and checks it before anything is touched: the manifest is valid, every entry it lists
 * is there with its size and SHA-256, nothing else is, and its migration level is one this version of Flota knows.
 */
export async function verifyArchive(file: string, progress: (m: string) => void): Promise<Manifest> {
  const { size: archiveSize } = await fs.stat(file).catch(() => {
    throw new RestoreRefused(`${file}: no such file`);
  });
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  let read = 0;
  const report = percentReporter(archiveSize, (pct) => progress(`verifying: ${pct}%`));
  await readArchive(file, async (name, _size, stream) => {
    if (name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      manifestText = Buffer.concat(chunks).toString("utf8");
      return;
    }
    const tap = hashTap();
    tap.stream.on("data", () => {});
    await pipeline(stream, tap.stream);
    const r = tap.result();
    seen.set(name, r);
    read += r.size;
    report(read);
  }).catch((e: Error) => {
    throw new RestoreRefused(`${file} is not a readable Flota backup: ${e.message}`);
  });
  report(archiveSize);
  if (manifestText === null) throw new RestoreRefused(`${file} has no ${MANIFEST_ENTRY}: not a Flota backup`);
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch {
    throw new RestoreRefused(`${MANIFEST_ENTRY} in ${file} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new RestoreRefused(`${MANIFEST_ENTRY} in ${file} is not a Flota backup manifest: ${parsed.error.message}`);
  }
  const manifest = parsed.data;
  const bad: string[] = [];
  for (const e of manifest.entries) {
    const got = seen.get(e.name);
    if (!got) bad.push(`${e.name} is missing`);
    else if (got.size !== e.size || got.sha256 !== e.sha256) bad.push(`${e.name} does not match its checksum`);
    seen.delete(e.name);
  }
  for (const extra of seen.keys()) bad.push(`${extra} is not in the manifest`);
  if (bad.length) {
    const list = bad.slice(0, 10).join("; ") + (bad.length > 10 ? `; and ${bad.length - 10} more` : "");
    throw new RestoreRefused(`checksum verification failed, nothing was restored: ${list}`);
  }
  const known = new Set(await migrationNames());
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new RestoreRefused(
      `the archive comes from a newer version of Flota (${manifest.app.version}, migration level ${manifest.migrationLevel}; ` +
        `unknown here: ${unknown.join(", ")}). Install that version or a later one, then restore.`,
    );
  }
  progress(
    `verified: ${manifest.entries.length} entries, checksums match (Flota ${manifest.app.version}, migration level ${manifest.migrationLevel}, made ${manifest.createdAt})`,
  );
  return manifest;
}

export interface RestoreOptions {
  config: Config;
  file: string;
  force: boolean;
  progress: (m: string) => void;
}

/**
 * Restores an archive into the configured database and storage folder: verifies it, refuses a database or media
 * folder holding data unless `force` (which empties them first), rebuilds the schema at the archive's migration level,
 * loads every table in one transaction, then writes the media files. The next start of Flota migrates onwards.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const { config, progress } = opts;
  const file = path.resolve(opts.file);
  const manifest = await verifyArchive(file, progress);
  const storage = mediaStore(config).root;
  const db = await openConfiguredDatabase(config, progress);
  try {
    if (db.alreadyRunning) {
      throw new RestoreRefused(
        `the embedded database of ${config.dataDir} is running: Flota seems to be running on it. Stop Flota, then restore.`,
      );
    }
    progress(`restoring into: ${db.label}; media into ${storage}`);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    // pool.end() resolves before its last connection has closed: stopping the embedded server right after must not
    // turn into an unhandled error
    pool.on("error", () => {});
    try {
      const client = await pool.connect();
      try {
        const full = await tablesWithRows(client);
        const media = await listMedia(storage);
        if (!opts.force && (full.length || media.length)) {
          const what = [
            full.length
              ? `the database holds data (${full.slice(0, 5).join(", ")}${full.length > 5 ? ", …" : ""})`
              : "",
            media.length ? `${path.join(storage, "media")} holds ${media.length} files` : "",
          ].filter(Boolean);
          throw new RestoreRefused(`${what.join(" and ")}: refusing to overwrite. Add --force to replace them.`);
        }
        if (opts.force) {
          progress("--force: emptying the database and the media folder");
          await client.query("DROP SCHEMA IF EXISTS public CASCADE");
          await client.query("CREATE SCHEMA public");
          await fs.rm(path.join(storage, "media"), { recursive: true, force: true });
        }
      } finally {
        client.release();
      }
      progress(`schema: migrating to ${manifest.migrationLevel}`);
      await migrate(pool, (m) => progress(`schema: ${m}`), { until: manifest.migrationLevel });
      await loadArchive(pool, file, manifest, storage, progress);
    } finally {
      await pool.end();
    }
  } finally {
    await db.close();
  }
  progress(
    `restored ${manifest.database.tables.length} tables and ${manifest.totals.mediaFiles} media files (${formatBytes(manifest.totals.mediaBytes)}); ` +
      "the next start of Flota applies any newer migrations",
  );
  return manifest;
}

async function loadArchive(
  pool: pg.Pool,
  file: string,
  manifest: Manifest,
  storage: string,
  progress: (m: string) => void,
) {
  const client = await pool.connect();
  const tables = new Map(manifest.database.tables.map((t) => [t.entry, t]));
  let loaded = 0;
  let inTransaction = false;
  const finishDatabase = async () => {
    if (!inTransaction) return;
    for (const s of manifest.database.sequences) {
      const seq = `'${ident(s.name).replace(/'/g, "''")}'`;
      await client.query(
        s.value === null ? `SELECT setval(${seq}, 1, false)` : `SELECT setval(${seq}, $1::bigint, true)`,
        s.value === null ? [] : [s.value],
      );
    }
    await client.query("COMMIT");
    inTransaction = false;
    progress("database: committed");
  };
  const reportMedia = percentReporter(manifest.totals.mediaBytes, (pct) => progress(`media: ${pct}% written`));
  let mediaBytes = 0;
  try {
    await client.query("BEGIN");
    inTransaction = true;
    const su = await client.query<{ rolsuper: boolean }>("SELECT rolsuper FROM pg_roles WHERE rolname = current_user");
    // as superuser: no triggers and no foreign-key checks while the rows go in (they were valid when dumped);
    // otherwise the archive's order (referenced tables first) keeps the checks happy
    if (su.rows[0]?.rolsuper) await client.query("SET LOCAL session_replication_role = replica");
    for (const p of manifest.database.partitions) {
      await client.query(`CREATE TABLE IF NOT EXISTS ${ident(p.name)} PARTITION OF ${ident(p.parent)} ${p.bound}`);
    }
    // migrations may have filled tables (the migration list itself): the archive's rows replace them
    const names = manifest.database.tables.map((t) => ident(t.name)).join(", ");
    if (names) await client.query(`TRUNCATE ${names}`);
    await readArchive(file, async (name, size, stream) => {
      if (name.startsWith(DATABASE_PREFIX)) {
        const t = tables.get(name);
        if (!t) return;
        const sql = `COPY ${ident(t.name)} (${t.columns.map(ident).join(", ")}) FROM STDIN`;
        await pipeline(stream, createGunzip(), client.query(copyFrom(sql)));
        loaded++;
        progress(
          `database: ${loaded}/${tables.size} tables (${Math.round((loaded / tables.size) * 100)}%) ${t.name}: ${t.rows} rows`,
        );
      } else if (name.startsWith(MEDIA_PREFIX)) {
        await finishDatabase();
        const target = path.join(storage, "media", ...name.slice(MEDIA_PREFIX.length).split("/"));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await pipeline(stream, createWriteStream(`${target}.restoring`));
        await fs.rename(`${target}.restoring`, target);
        mediaBytes += size;
        reportMedia(mediaBytes);
      }
    });
    await finishDatabase();
  } catch (e) {
    if (inTransaction) await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
