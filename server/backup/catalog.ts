import type pg from "pg";

export interface TableInfo {
  name: string;
  partitioned: boolean;
  columns: string[];
}

/**
 * The application's tables (schema public, made by the migrations), partitions left out (their rows are read and
 * written through the partitioned parent), ordered so that a table comes after the tables it references.
 */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const columns = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const edges = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND NOT ch.relispartition AND NOT pa.relispartition`,
  );
  const cols = new Map<string, string[]>();
  for (const r of columns.rows) cols.set(r.table, [...(cols.get(r.table) ?? []), r.column]);
  const deps = new Map<string, Set<string>>();
  for (const e of edges.rows)
    if (e.child !== e.parent) deps.set(e.child, (deps.get(e.child) ?? new Set()).add(e.parent));

  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) || !byName.has(name)) return; // a cycle is broken where it closes
    state.set(name, "visiting");
    for (const d of [...(deps.get(name) ?? [])].sort()) visit(d);
    state.set(name, "done");
    const t = byName.get(name) as { name: string; kind: string };
    ordered.push({ name: t.name, partitioned: t.kind === "p", columns: cols.get(t.name) ?? [] });
  };
  for (const t of tables.rows) visit(t.name);
  return ordered;
}

export async function listPartitions(client: pg.ClientBase) {
  const r = await client.query<{ name: string; parent: string; bound: string }>(
    `SELECT c.relname AS name, p.relname AS parent, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relispartition AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return r.rows;
}

export async function listSequences(client: pg.ClientBase) {
  const r = await client.query<{ name: string; value: string | null }>(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  return r.rows;
}

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query("SELECT to_regclass('public.schema_migrations') IS NOT NULL AS ok");
  if (!exists.rows[0].ok) return [];
  const r = await client.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
  return r.rows.map((x) => x.name);
}

/** The tables of schema public that hold at least one row (schema_migrations aside). */
export async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const tables = await listTables(client);
  const full: string[] = [];
  for (const t of tables) {
    if (t.name === "schema_migrations") continue;
    const r = await client.query(`SELECT 1 FROM "${t.name.replace(/"/g, '""')}" LIMIT 1`);
    if (r.rowCount) full.push(t.name);
  }
  return full;
}
