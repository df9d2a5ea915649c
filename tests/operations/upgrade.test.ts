import { mkdtemp, readdir, copyFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR, migrate } from "../../server/db/migrate";
import { connectDatabase } from "../../server/db/database";
import { authenticate } from "../../server/modules/auth/auth.service";
import { DeviceRegistry } from "../../server/modules/devices/device-registry";
import { createPositionPipeline } from "../../server/modules/positions/positions.service";
import { hashPassword } from "../../server/security/passwords";
import { testConfig } from "../support/context";
import { fillEveryTable, quote, userTables } from "./fill-tables";

/**
 * Earlier schema levels, reproduced by applying only the first migrations of today's set (the files
 * were amended before they shipped, so no older tag is closer): six (foundation to administration:
 * the first set with six modules) and ten (through car sharing and maintenance).
 */
const EARLIER_LEVELS = ["0006_administration.sql", "0010_maintenance.sql"];
const PASSWORD = "upgrade-test-password";
const IMEI = "356307042441013";

let admin: pg.Client;
const created: string[] = [];
const dirs: string[] = [];

/** A new empty database on the test server; dropped after the file. */
async function freshDatabase(): Promise<pg.Pool> {
  const name = `flota_upgrade_${process.pid}_${Date.now().toString(36)}_${created.length}`;
  await admin.query(`CREATE DATABASE ${name}`);
  created.push(name);
  const url = new URL(inject("databaseUrl"));
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on("error", () => {}); // a connection ended by the DROP DATABASE in afterAll
  return pool;
}

async function migrationsUpTo(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "flota-migrations-"));
  dirs.push(dir);
  for (const f of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort())
    if (f <= last) await copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  return dir;
}

/** Every row of every table, as sorted JSON texts of the given columns. */
async function snapshot(client: pg.ClientBase, columnsOf: Map<string, string[]>) {
  const out = new Map<string, string[]>();
  for (const [table, columns] of columnsOf) {
    const r = await client.query<{ j: string }>(
      `SELECT to_jsonb(s)::text AS j FROM (SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}) s`,
    );
    out.set(table, r.rows.map((x) => x.j).sort());
  }
  return out;
}

async function columnNames(client: pg.ClientBase, tables: string[]) {
  const out = new Map<string, string[]>();
  for (const t of tables) {
    const r = await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [`public.${quote(t)}`],
    );
    out.set(
      t,
      r.rows.map((x) => x.name),
    );
  }
  return out;
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject("databaseUrl") });
  await admin.connect();
});
afterAll(async () => {
  for (const name of created) {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  }
  await admin?.end();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Rows as the app of that level wrote them: an organisation, its administrator, a vehicle with a device and its track. */
async function meaningfulRows(client: pg.ClientBase) {
  const org = (
    await client.query<{ id: string }>(
      `INSERT INTO organizations (name, city, email) VALUES ('Transport Upgrade Sh.p.k.', 'Tiranë', 'info@upgrade.example') RETURNING id`,
    )
  ).rows[0].id;
  const role = (
    await client.query<{ id: string }>(
      `INSERT INTO roles (org_id, key, name, permissions) VALUES ($1, 'administrator', 'Administrator', $2) RETURNING id`,
      [org, ["manage:read", "vehicles:read", "vehicles:write", "users:read"]],
    )
  ).rows[0].id;
  const team = (
    await client.query<{ id: string }>(`INSERT INTO teams (org_id, name) VALUES ($1, 'Veriu') RETURNING id`, [org])
  ).rows[0].id;
  await client.query(
    `INSERT INTO users (org_id, email, password_hash, first_name, last_name, role_id, team_id, default_language)
     VALUES ($1, 'admin@upgrade.example', $2, 'Arta', 'Hoxha', $3, $4, 'en')`,
    [org, await hashPassword(PASSWORD), role, team],
  );
  const vehicle = (
    await client.query<{ id: string }>(
      `INSERT INTO vehicles (org_id, registration, category, team_id, device_imei, device_protocol)
       VALUES ($1, 'AA 123 BB', 'Van', $2, $3, 'teltonika') RETURNING id`,
      [org, team, IMEI],
    )
  ).rows[0].id;
  await client.query(`SELECT flota_ensure_position_partitions(now() - interval '2 days', now() + interval '1 day')`);
  await client.query(
    `INSERT INTO positions (org_id, vehicle_id, device_id, fix_time, lat, lon, speed_kmh, ignition)
     SELECT $1, $2, $3, now() - interval '1 day' + i * interval '10 seconds', 41.32 + i * 1e-4, 19.81, 30, true
       FROM generate_series(0, 2) i`,
    [org, vehicle, IMEI],
  );
  return { org, vehicle };
}

describe("upgrading a database from an earlier schema level", () => {
  for (const level of EARLIER_LEVELS) {
    it(`migrates a database at ${level} with rows in every table to the current level, keeping every row and value`, async () => {
      const pool = await freshDatabase();
      try {
        await migrate(pool, () => {}, { dir: await migrationsUpTo(level) });
        const client = await pool.connect();
        let main: { org: string; vehicle: string };
        let tables: string[];
        let columns: Map<string, string[]>;
        let before: Map<string, string[]>;
        try {
          await client.query("BEGIN");
          main = await meaningfulRows(client);
          expect(await fillEveryTable(client)).toEqual({});
          await client.query("COMMIT");
          tables = await userTables(client);
          columns = await columnNames(client, tables);
          before = await snapshot(client, columns);
          for (const [t, rows] of before) expect(rows.length, `rows in ${t}`).toBeGreaterThan(0);
          // the filler gives optional columns values too, so the comparison covers them
          let all = 0;
          let valued = 0;
          for (const [t, rows] of before) {
            const parsed = rows.map((r) => JSON.parse(r) as Record<string, unknown>);
            for (const c of columns.get(t)!) {
              all++;
              if (parsed.some((r) => r[c] !== null)) valued++;
            }
          }
          console.log(`[upgrade] ${level}: ${tables.length} tables, ${valued} of ${all} columns hold values`);
          expect(valued / all).toBeGreaterThan(0.97);
        } finally {
          client.release();
        }

        const applied = await migrate(pool);
        const all = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
        expect(applied).toEqual(all.filter((f) => f > level));

        const client2 = await pool.connect();
        try {
          const after = await snapshot(client2, columns);
          for (const t of tables) expect(after.get(t), `rows of ${t}`).toEqual(before.get(t));
        } finally {
          client2.release();
        }

        // Today's code works on the upgraded rows: the administrator signs in, the device is known,
        // and a new position is stored beside the old track.
        const url = new URL(inject("databaseUrl"));
        url.pathname = `/${created.at(-1)}`;
        const handle = connectDatabase(url.toString(), 2);
        try {
          const ctx = { config: testConfig(), db: handle.db, log: pino({ level: "silent" }) } as never;
          const user = await authenticate(
            ctx,
            { email: "admin@upgrade.example", password: PASSWORD } as never,
            {
              ip: "127.0.0.1",
            } as never,
          );
          expect(user.org_id).toBe(main.org);
          const device = await new DeviceRegistry(handle.db).lookup(IMEI);
          expect(device?.vehicleId).toBe(main.vehicle);
          const pipeline = createPositionPipeline({
            db: handle.db,
            log: pino({ level: "silent" }),
            lookup: (id) => new DeviceRegistry(handle.db).lookup(id),
          });
          const stored = await pipeline.onPositions(IMEI, [
            {
              deviceId: IMEI,
              protocol: "teltonika",
              fixTime: new Date(),
              latitude: 41.33,
              longitude: 19.82,
              altitude: 100,
              speed: 10,
              course: 0,
              satellites: 9,
              valid: true,
              attributes: {},
            },
          ]);
          expect(stored).toBe(1);
          await pipeline.close();
          const n = await handle.db
            .selectFrom("positions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("vehicle_id", "=", main.vehicle)
            .executeTakeFirstOrThrow();
          expect(Number(n.n)).toBe(4);
        } finally {
          await handle.close();
        }
      } finally {
        await pool.end();
      }
    });
  }
});

describe("a migration that fails", () => {
  it("leaves no partial change and no recorded level, and the next start applies it once fixed", async () => {
    const pool = await freshDatabase();
    try {
      const dir = await migrationsUpTo("0001_foundation.sql");
      await migrate(pool, () => {}, { dir });
      const broken = [
        "CREATE TABLE upgrade_probe (id integer PRIMARY KEY);",
        "ALTER TABLE organizations ADD COLUMN upgrade_probe text;",
        "INSERT INTO upgrade_probe VALUES (1);",
        "UPDATE organizations SET name = 'changed';",
        "SELECT 1 / 0;",
      ].join("\n");
      await writeFile(path.join(dir, "0002_zz_broken.sql"), broken);
      await pool.query(`INSERT INTO organizations (name) VALUES ('kept')`);

      await expect(migrate(pool, () => {}, { dir })).rejects.toThrow(
        /Migration 0002_zz_broken\.sql failed: division by zero/,
      );
      const levels = await pool.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
      expect(levels.rows.map((r) => r.name)).toEqual(["0001_foundation.sql"]);
      expect((await pool.query(`SELECT to_regclass('public.upgrade_probe') AS t`)).rows[0].t).toBeNull();
      const cols = await pool.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'organizations' AND column_name = 'upgrade_probe'`,
      );
      expect(cols.rowCount).toBe(0);
      expect((await pool.query(`SELECT name FROM organizations`)).rows).toEqual([{ name: "kept" }]);
      // the advisory lock was released: another process can migrate
      const lock = await pool.query(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND d.datname = current_database() AND l.objid = 815115001`,
      );
      expect(lock.rows[0].n).toBe(0);

      await writeFile(path.join(dir, "0002_zz_broken.sql"), broken.replace("SELECT 1 / 0;", ""));
      expect(await migrate(pool, () => {}, { dir })).toEqual(["0002_zz_broken.sql"]);
      expect((await pool.query(`SELECT name FROM organizations`)).rows).toEqual([{ name: "changed" }]);
    } finally {
      await pool.end();
    }
  });
});
