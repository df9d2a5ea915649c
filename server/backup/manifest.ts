import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The archive layout (docs/decisions.md "Backup archive"): one tar with these entries, manifest.json last. */
export const ARCHIVE_FORMAT = "flota-backup/1";
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_PREFIX = "database/";
export const MEDIA_PREFIX = "media/";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
// a path below media/ or database/: no absolute path, no "..", no empty segment
const entryName = z
  .string()
  .regex(/^(media|database)\/[A-Za-z0-9_.\-/]+$/)
  .refine((n) => n.split("/").every((s) => s !== "" && s !== "." && s !== ".."), "unsafe path");

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  app: z.object({ name: z.literal("flota"), version: z.string() }),
  createdAt: z.string(),
  /** the migrations applied to the database that was backed up, in order; the last is its migration level */
  migrations: z.array(z.string()).min(1),
  migrationLevel: z.string(),
  database: z.object({
    serverVersion: z.string(),
    /** in restore order (referenced tables first) */
    tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number(), entry: entryName })),
    /** partitions made at run time (monthly positions), created again before the data goes in */
    partitions: z.array(z.object({ name: z.string(), parent: z.string(), bound: z.string() })),
    sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  }),
  /** every entry of the archive but the manifest, with its size and SHA-256 as stored */
  entries: z.array(z.object({ name: entryName, size: z.number().int().nonnegative(), sha256 })),
  totals: z.object({
    databaseBytes: z.number(),
    mediaFiles: z.number(),
    mediaBytes: z.number(),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Flota's version: from the package.json above this module (server/backup/ in a checkout, dist/ in the image). */
export function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version: string;
      };
      if (pkg.name === "flota") return pkg.version;
    } catch {}
    const up = path.dirname(dir);
    if (up === dir) return "unknown";
    dir = up;
  }
}

/** A quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/** Reports progress as a percentage of `total`, at most once per `step` percent. */
export function percentReporter(total: number, report: (pct: number) => void, step = 10) {
  let next = step;
  return (done: number) => {
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (pct >= next || (done === total && next <= 100)) {
      report(Math.min(pct, 100));
      next = Math.floor(pct / step) * step + step;
    }
  };
}
