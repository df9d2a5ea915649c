import type pg from "pg";

/**
 * Puts rows into every table of the public schema, generically from the catalogue: tables in foreign-key
 * order, a value per column from its type, foreign keys pointing at a row of the referenced table,
 * CHECK constraints' quoted literals tried as candidates. Used by the upgrade test on an earlier schema
 * level, which the current code knows nothing about.
 */

interface Column {
  name: string;
  type: string;
  typtype: string;
  notNull: boolean;
  hasDefault: boolean;
  enumLabels: string[] | null;
  checks: string[];
}

interface ForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export async function userTables(client: pg.ClientBase): Promise<string[]> {
  const r = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations' ORDER BY 1`,
  );
  return r.rows.map((x) => x.relname);
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<Column[]> {
  const r = await client.query(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, bt.typtype,
            a.attnotnull AS "notNull", a.atthasdef AS "hasDefault",
            (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = bt.oid) AS "enumLabels",
            coalesce((SELECT array_agg(pg_get_constraintdef(k.oid)) FROM pg_constraint k
               WHERE k.conrelid = a.attrelid AND k.contype = 'c' AND a.attnum = ANY (k.conkey)), '{}') AS checks
       FROM pg_attribute a
       JOIN pg_type t ON t.oid = a.atttypid
       JOIN pg_type bt ON bt.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = '' AND a.attidentity = ''
      ORDER BY a.attnum`,
    [`public.${quote(table)}`],
  );
  return r.rows as Column[];
}

async function foreignKeysOf(client: pg.ClientBase, table: string): Promise<ForeignKey[]> {
  const r = await client.query(
    `SELECT (SELECT array_agg(a.attname::text ORDER BY u.i) FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n) AS columns,
            f.relname AS "refTable",
            (SELECT array_agg(a.attname::text ORDER BY u.i) FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
               JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n) AS "refColumns"
       FROM pg_constraint k JOIN pg_class f ON f.oid = k.confrelid
      WHERE k.conrelid = $1::regclass AND k.contype = 'f'`,
    [`public.${quote(table)}`],
  );
  return r.rows as ForeignKey[];
}

export const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** Candidate SQL expressions for a column, most likely first. */
function candidates(table: string, c: Column, n: number): string[] {
  const fromChecks = [
    ...new Set(c.checks.flatMap((def) => [...def.matchAll(/'((?:[^']|'')*)'::/g)].map((m) => m[1]))),
  ].map((v) => `'${v}'`);
  const t = c.type;
  const base = t.replace(/\(.*\)/, "");
  if (t.endsWith("[]")) return ["'{}'", `ARRAY[${fromChecks[0] ?? "'a'"}]::${t}`];
  if (c.enumLabels) return c.enumLabels.map((l) => `'${l.replace(/'/g, "''")}'::${t}`);
  switch (base) {
    case "uuid":
      return ["gen_random_uuid()"];
    case "text":
    case "character varying":
    case "citext": {
      const len = /\((\d+)\)/.exec(t)?.[1];
      const plain = `'${`${table}.${c.name}.${n}`.slice(0, len ? Number(len) : 200)}'`;
      return [...fromChecks, plain, `'u${n}@example.com'`, "'AB'", "'#336699'", "'Europe/Tirane'", "'en'"];
    }
    case "character":
      return [...fromChecks, `'${"x".repeat(Number(/\((\d+)\)/.exec(t)?.[1] ?? 1))}'`];
    case "smallint":
    case "integer":
    case "bigint":
    case "numeric":
    case "real":
    case "double precision": {
      const numbers = c.checks.flatMap((def) =>
        [...def.matchAll(/(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.])/g)].map((m) => m[1]),
      );
      return [...new Set([...numbers, String(n), "0", "1"])];
    }
    case "boolean":
      return ["true", "false"];
    case "timestamp with time zone":
    case "timestamp without time zone":
      return ["now() - interval '1 hour'", "now() + interval '1 hour'"];
    case "date":
      return ["current_date", "current_date + 1"];
    case "time without time zone":
      return ["'08:00'", "'17:00'"];
    case "interval":
      return ["interval '1 hour'"];
    case "jsonb":
    case "json":
      return ["'{}'", "'[]'", `'{"a":1}'`];
    case "inet":
    case "cidr":
      return ["'127.0.0.1'"];
    case "bytea":
      return ["'\\x00'::bytea"];
    case "tstzrange":
      return ["tstzrange(now(), now() + interval '1 hour')"];
    case "daterange":
      return ["daterange(current_date, current_date + 1)"];
    default:
      return [...fromChecks, `NULL`];
  }
}

/**
 * Inserts `rowsPerTable` rows into every table; returns the tables it could not fill with the last
 * error of each.
 */
export async function fillEveryTable(client: pg.ClientBase, rowsPerTable = 2): Promise<Record<string, string>> {
  const tables = await userTables(client);
  const info = new Map<string, { columns: Column[]; fks: ForeignKey[] }>();
  for (const t of tables) info.set(t, { columns: await columnsOf(client, t), fks: await foreignKeysOf(client, t) });
  const count = async (t: string) => Number((await client.query(`SELECT count(*) AS n FROM ${quote(t)}`)).rows[0].n);
  // `filled`: has rows another table may point at; `done`: got its generated rows (tables with rows get them too)
  const filled = new Set<string>();
  for (const t of tables) if ((await count(t)) > 0) filled.add(t);
  const done = new Set<string>();
  const errors: Record<string, string> = {};
  let progress = true;
  let serial = 1;
  while (progress) {
    progress = false;
    for (const table of tables) {
      if (done.has(table)) continue;
      const { columns, fks } = info.get(table)!;
      const required = fks.filter((fk) => fk.refTable !== table && fk.columns.some((c) => isNotNull(columns, c)));
      if (required.some((fk) => !filled.has(fk.refTable))) continue;
      let inserted = 0;
      for (let i = 0; i < rowsPerTable; i++) {
        // referenced rows are picked at random: another pick may find rows that agree on a shared key (org_id)
        // the earliest referenced rows first (they share one organisation), then random picks (a unique key)
        let error = await insertOne(client, table, columns, fks, filled, serial++, "first");
        for (let retry = 0; error && retry < 8; retry++)
          error = await insertOne(client, table, columns, fks, filled, serial++, "random");
        if (error) errors[table] = error;
        else inserted++;
      }
      if (inserted) {
        filled.add(table);
        done.add(table);
        delete errors[table];
        progress = true;
      }
    }
  }
  for (const t of tables) if (!done.has(t)) errors[t] ??= "a table it depends on stayed empty";
  return errors;
}

const isNotNull = (columns: Column[], name: string) => columns.find((c) => c.name === name)?.notNull ?? false;

async function insertOne(
  client: pg.ClientBase,
  table: string,
  columns: Column[],
  fks: ForeignKey[],
  filled: Set<string>,
  serial: number,
  pick: "first" | "random",
): Promise<string | null> {
  // Foreign keys: the columns of one referenced row, composite keys first; a later key sharing a column
  // with an earlier one (org_id) picks a referenced row that agrees on it.
  const fixed = new Map<string, string>();
  for (const fk of [...fks].sort((a, b) => b.columns.length - a.columns.length)) {
    if (fk.refTable === table || !filled.has(fk.refTable)) continue;
    const agree = fk.columns
      .map((c, i) => (fixed.has(c) ? `${quote(fk.refColumns[i])} = ${fixed.get(c)}` : null))
      .filter(Boolean);
    const row = (
      await client.query(
        `SELECT ${fk.refColumns.map(quote).join(", ")} FROM ${quote(fk.refTable)}
          ${agree.length ? `WHERE ${agree.join(" AND ")}` : ""} ORDER BY ${pick === "first" ? "ctid" : "random()"} LIMIT 1`,
      )
    ).rows[0];
    if (!row) continue;
    fk.columns.forEach((c, i) => {
      const v = row[fk.refColumns[i]];
      if (v !== null && v !== undefined && !fixed.has(c)) fixed.set(c, literal(v));
    });
  }
  const choices = columns.map((c) => {
    if (fixed.has(c.name)) return c.notNull ? [fixed.get(c.name)!] : [fixed.get(c.name)!, "NULL"];
    const list = candidates(table, c, serial);
    return c.notNull ? list : [...list, "NULL"];
  });
  // Every column given a value first (so the upgrade check sees them all), then only what is required
  // (defaults and NULLs elsewhere); in each mode, each column through its other candidates.
  const minimal = choices.map((l, j) => {
    const c = columns[j];
    if (fixed.has(c.name)) return l;
    if (c.hasDefault) return ["DEFAULT", ...l];
    return c.notNull ? l : ["NULL", ...l];
  });
  const attempts: string[][] = [];
  for (const mode of [choices, minimal]) {
    attempts.push(mode.map((l) => l[0]));
    for (let i = 0; i < columns.length; i++)
      for (const alt of mode[i].slice(1)) attempts.push(mode.map((l, j) => (j === i ? alt : l[0])));
  }
  const sql = (values: string[]) =>
    `INSERT INTO ${quote(table)} (${columns.map((c) => quote(c.name)).join(", ")}) VALUES (${values.join(", ")})`;
  /** Whether the row would be accepted (tried inside a savepoint and undone). */
  const accepted = async (values: string[]): Promise<string | null> => {
    await client.query("SAVEPOINT fill");
    try {
      await client.query(sql(values));
      return null;
    } catch (e) {
      return (e as Error).message;
    } finally {
      await client.query("ROLLBACK TO SAVEPOINT fill");
    }
  };
  let lastError = "";
  for (const values of attempts) {
    const error = await accepted(values);
    if (error) {
      lastError = error;
      continue;
    }
    // A row that needed NULLs or defaults: give those columns values one by one where the constraints allow.
    const row = [...values];
    for (let i = 0; i < columns.length; i++) {
      if (row[i] !== "NULL" && row[i] !== "DEFAULT") continue;
      for (const candidate of choices[i]) {
        if (candidate === "NULL" || candidate === row[i]) continue;
        const next = row.map((v, j) => (j === i ? candidate : v));
        if (!(await accepted(next))) {
          row[i] = candidate;
          break;
        }
      }
    }
    await client.query(sql(row));
    return null;
  }
  return lastError;
}

function literal(v: unknown): string {
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "object") return `'${JSON.stringify(v).replace(/'/g, "''")}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}
