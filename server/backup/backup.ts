import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import type { Config } from "../config";
import { mediaStore } from "../modules/video";
import { appliedMigrations, listPartitions, listSequences, listTables } from "./catalog";
import { openConfiguredDatabase } from "./database-target";
import {
  ARCHIVE_FORMAT,
  DATABASE_PREFIX,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  appVersion,
  formatBytes,
  ident,
  percentReporter,
  type Manifest,
} from "./manifest";
import { addEntry } from "./tar";

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

/**
 * Writes one archive of the installation: every table of the application's schema (COPY text, gzip), as one
 * consistent snapshot, then the media files, then the manifest. Written to `<out>.partial` and renamed at the end,
 * so a file named `out` is always complete.
 */
export async function createBackup(opts: {
  config: Config;
  out: string;
  progress: (m: string) => void;
}): Promise<BackupResult> {
  const { config, progress } = opts;
  const out = path.resolve(opts.out);
  await fs.mkdir(path.dirname(out), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(out), ".flota-backup-"));
  const partial = `${out}.partial`;
  const db = await openConfiguredDatabase(config, progress);
  try {
    progress(`database: ${db.label}`);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    let database: Manifest["database"];
    let migrations: string[];
    const staged: Array<{ name: string; file: string }> = [];
    try {
      // one snapshot for every table: rows written while the backup runs are either all in or all out
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      migrations = await appliedMigrations(client);
      if (migrations.length === 0) throw new Error(`the database (${db.label}) has no Flota schema to back up`);
      const server = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
      const tables = await listTables(client);
      const out: Manifest["database"]["tables"] = [];
      let i = 0;
      for (const t of tables) {
        i++;
        const entry = `${DATABASE_PREFIX}${t.name}.copy.gz`;
        const file = path.join(staging, `${t.name}.copy.gz`);
        const columns = t.columns.map(ident).join(", ");
        const sql = `COPY (SELECT ${columns} FROM ${ident(t.name)}) TO STDOUT`;
        const stream = client.query(copyTo(sql));
        await pipeline(stream, createGzip({ level: 6 }), createWriteStream(file));
        out.push({ name: t.name, columns: t.columns, rows: stream.rowCount, entry });
        staged.push({ name: entry, file });
        progress(
          `database: ${i}/${tables.length} tables (${Math.round((i / tables.length) * 100)}%) ${t.name}: ${stream.rowCount} rows`,
        );
      }
      database = {
        serverVersion: server.rows[0].v,
        tables: out,
        partitions: await listPartitions(client),
        sequences: await listSequences(client),
      };
      await client.query("COMMIT");
    } finally {
      await client.end().catch(() => {});
    }

    const listed = await listMedia(mediaStore(config).root);
    // Flota names its files <org>/<yyyy-mm>/<id>.<ext>; anything else there is not its own
    const media = listed.filter((m) => /^[A-Za-z0-9_.\-/]+$/.test(m.key) && !m.key.split("/").includes(".."));
    for (const m of listed) if (!media.includes(m)) progress(`media: skipped ${m.file} (not a name Flota gives)`);
    const mediaBytes = media.reduce((s, m) => s + m.size, 0);
    progress(`media: ${media.length} files, ${formatBytes(mediaBytes)} in ${mediaStore(config).root}`);

    const pack = tar.pack();
    const writing = pipeline(pack, createWriteStream(partial));
    const entries: Manifest["entries"] = [];
    let databaseBytes = 0;
    for (const s of staged) {
      const { size } = await fs.stat(s.file);
      const r = await addEntry(pack, s.name, size, createReadStream(s.file));
      entries.push({ name: s.name, ...r });
      databaseBytes += r.size;
    }
    const report = percentReporter(mediaBytes, (pct) => progress(`media: ${pct}% written`));
    let written = 0;
    let mediaFiles = 0;
    for (const m of media) {
      // a file the retention sweep removed since it was listed is left out
      const stat = await fs.stat(m.file).catch(() => null);
      if (!stat) continue;
      const r = await addEntry(pack, `${MEDIA_PREFIX}${m.key}`, stat.size, createReadStream(m.file));
      entries.push({ name: `${MEDIA_PREFIX}${m.key}`, ...r });
      written += r.size;
      mediaFiles++;
      report(written);
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      app: { name: "flota", version: appVersion() },
      createdAt: new Date().toISOString(),
      migrations,
      migrationLevel: migrations[migrations.length - 1],
      database,
      entries,
      totals: { databaseBytes, mediaFiles, mediaBytes: written },
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_ENTRY, size: json.length, mode: 0o644 }, json);
    pack.finalize();
    await writing;
    await fs.rename(partial, out);
    const { size } = await fs.stat(out);
    progress(`wrote ${out} (${formatBytes(size)}; migration level ${manifest.migrationLevel})`);
    return { file: out, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(partial, { force: true });
    await db.close();
  }
}

/** Committed media files under `<storage>/media` (unfinished transfers in `partial/` are not backed up). */
export async function listMedia(root: string): Promise<Array<{ key: string; file: string; size: number }>> {
  const base = path.join(root, "media");
  const found: Array<{ key: string; file: string; size: number }> = [];
  const walk = async (dir: string) => {
    const items = await fs.readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return [];
      throw e;
    });
    for (const it of items.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, it.name);
      if (it.isDirectory()) await walk(full);
      else if (it.isFile()) {
        const key = path.relative(base, full).split(path.sep).join("/");
        found.push({ key, file: full, size: (await fs.stat(full)).size });
      }
    }
  };
  await walk(base);
  return found;
}
