import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedReadTables, tableOwners, type TableName } from "../../server/db/table-owners";
import { tableReferenceExceptions } from "./table-ownership.exceptions";
import { sourceFiles, tableReferences } from "./table-references";

/**
 * A module reads and writes only its own tables (docs/architecture.md, "Tables have one owner"): the SQL of every
 * file under server/modules/<m>/ is read for table names and checked against server/db/table-owners.ts. The shared
 * core tables may be read by anyone; nothing but the owner writes a table. The exceptions list holds what is still
 * to move, each with its reason, and fails when an entry no longer happens.
 */
const ROOT = path.resolve(__dirname, "../..");
const tables = new Set(Object.keys(tableOwners));

function crossings(): string[] {
  const out = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, "server/modules"))) {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    const module = rel.split("/")[2];
    for (const ref of tableReferences(file, rel, tables)) {
      const table = ref.table as TableName;
      if (tableOwners[table] === module) continue;
      if (!ref.write && sharedReadTables.has(table)) continue;
      out.add(`${rel} ${ref.write ? "writes" : "reads"} ${table}`);
    }
  }
  return [...out].sort();
}

describe("tables have one owner", () => {
  const found = crossings();
  const allowed = new Set(tableReferenceExceptions.map((e) => `${e.file} ${e.use} ${e.table}`));

  it("no module touches another module's tables, beyond reading the shared core tables", () => {
    console.info(`[table-ownership] ${found.length} crossing(s) still listed as exceptions`);
    expect(found.filter((c) => !allowed.has(c))).toEqual([]);
  });

  it("every listed exception still happens (a fixed one leaves the list)", () => {
    expect([...allowed].filter((c) => !found.includes(c))).toEqual([]);
  });

  it("no module writes another module's table, even as an exception", () => {
    expect(tableReferenceExceptions.filter((e) => e.use === "writes").map((e) => `${e.file} ${e.table}`)).toEqual([]);
  });

  it("SQL lives only in repositories (*.repo.ts), beside the vehicle-scope primitive every module builds on", () => {
    const outside = new Set<string>();
    // the modules and the adapters above them (HTTP routes, gateways, CLI, jobs)
    const dirs = ["server/modules", "server/http", "server/telematics", "server/cli", "jobs"];
    for (const file of dirs.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      if (rel.endsWith(".repo.ts") || rel === "server/modules/access/vehicle-scope.ts") continue;
      for (const ref of tableReferences(file, rel, tables)) outside.add(`${rel} ${ref.table}`);
    }
    expect([...outside].sort()).toEqual([]);
  });

  it("the scanner sees a write, a join and raw SQL (a probe of its own)", () => {
    const probe = path.join(__dirname, "table-references.probe.ts");
    const refs = tableReferences(probe, "probe", tables).map((r) => `${r.table}:${r.write ? "w" : "r"}`);
    expect(refs).toEqual(["alerts:w", "vehicles:r", "vehicle_state:r", "positions:r", "bookings:w"]);
  });
});
