/**
 * The header search at fleet scale: how long `GET /api/search` takes to answer (through the service the route
 * calls) with 10,000 vehicles and 100,000 transport orders, beside 2,000 people, 5,000 places and 20,000 route jobs,
 * and a second organisation of the same size that must not show.
 *
 *   npm run bench:search -- [--vehicles 10000] [--orders 100000] [--runs 7]
 *
 * Each query is timed `runs` times after one warm-up; the median and the slowest are printed. The answers are checked
 * against a direct count in SQL (an independent query over the same tables), so a fast wrong answer fails the run.
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL.
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pino from "pino";
import { sql } from "kysely";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { issueSession, loadPrincipal } from "../server/modules/auth";
import { FINDERS, searchEverything, SEARCH_KINDS } from "../server/modules/search";
import type { JobQueue } from "../server/queue/job-queue";
import { createOrganization } from "../server/seed/seed";
import { openDatabase } from "./bench-db";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg("vehicles", 10_000);
const ORDERS = arg("orders", 100_000);
const RUNS = arg("runs", 7);

async function fill(ctx: AppContext, orgId: string, roleId: string, prefix: string) {
  const q = (text: string) => sql.raw(text).execute(ctx.db);
  await q(`INSERT INTO vehicles (org_id, registration, category, identifier_name, fleet_number, device_imei)
    SELECT '${orgId}', '${prefix}' || lpad(i::text, 5, '0') || ' ' || chr(65 + i % 26) || chr(65 + (i / 26) % 26),
           'Van', 'Van ' || i, 'F-' || i, '35${prefix === "A" ? 1 : 2}' || lpad(i::text, 12, '0')
    FROM generate_series(1, ${VEHICLES}) i`);
  await q(`INSERT INTO tms_orders (org_id, order_id, customer_code, customer_name, latitude, longitude, delivery_date_at)
    SELECT '${orgId}', '${prefix}ORD-' || lpad(i::text, 7, '0'), 'C' || (i % 5000), 'Customer ' || (i % 5000),
           41.3 + (i % 100) * 0.001, 19.8 + (i % 97) * 0.001, date '2026-11-01' + (i % 60)
    FROM generate_series(1, ${ORDERS}) i`);
  await q(`INSERT INTO users (org_id, first_name, last_name, role_id, email, is_driver)
    SELECT '${orgId}', 'Person', 'Surname' || i, '${roleId}', '${prefix.toLowerCase()}' || i || '@bench.flota', i % 2 = 0
    FROM generate_series(1, 2000) i`);
  await q(`INSERT INTO places (org_id, kind, shape, name, category, latitude, longitude, min_lat, max_lat, min_lon, max_lon)
    SELECT '${orgId}', 'poi', 'point', 'Place ' || i, 'Customer', 41.3, 19.8, 41.3, 41.3, 19.8, 19.8
    FROM generate_series(1, 5000) i`);
  await q(`INSERT INTO route_jobs (org_id, name, address, latitude, longitude, scheduled_date, scheduled_arrival,
           scheduled_departure)
    SELECT '${orgId}', 'Job ' || i, 'Rruga ' || (i % 300) || ', Tirana', 41.3, 19.8, date '2026-11-01' + (i % 60),
           '09:00', '09:30'
    FROM generate_series(1, 20000) i`);
}

async function main() {
  const database = await openDatabase();
  const handle = connectDatabase(database.url, 8);
  try {
    await migrate(handle.pool);
    const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: database.url, LOG_LEVEL: "silent" });
    const ctx: AppContext = {
      config,
      db: handle.db,
      log: pino({ level: "silent" }),
      jobs: {} as JobQueue,
      buildId: "bench",
    };
    const a = await createOrganization(ctx.db, { name: "Bench A", admin: { email: "a@bench.flota", password: "x" } });
    const b = await createOrganization(ctx.db, { name: "Bench B", admin: { email: "b@bench.flota", password: "x" } });
    const started = performance.now();
    await fill(ctx, a.org.id, a.roles.viewer, "A");
    await fill(ctx, b.org.id, b.roles.viewer, "B");
    await sql`ANALYZE`.execute(ctx.db);
    console.log(
      `filled 2 × (${VEHICLES} vehicles, ${ORDERS} orders, 2,000 people, 5,000 places, 20,000 jobs) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const issued = await issueSession(ctx, { id: a.adminId, org_id: a.org.id, web_only: false }, "web", {
      ip: null,
      userAgent: null,
    });
    const p = (await loadPrincipal(ctx, issued.token))!;

    const cases = [
      { q: "A01234", what: "part of a registration", kind: "vehicles", table: "vehicles", column: "registration" },
      { q: "ORD-0045678", what: "an order id", kind: "orders", table: "tms_orders", column: "order_id" },
      { q: "Customer 4321", what: "a customer's name", kind: "orders", table: "tms_orders", column: "customer_name" },
      { q: "Surname77", what: "a person's name", kind: "users", table: "users", column: "last_name" },
      { q: "zzz-nothing", what: "no match", kind: null, table: null, column: null },
    ] as const;
    console.log(`\n${cpus().length} cores, load ${loadavg()[0].toFixed(2)}; ${RUNS} runs each after a warm-up\n`);
    console.log("query                          | median ms | slowest ms | groups | checked");
    console.log("-------------------------------|-----------|------------|--------|--------");
    for (const c of cases) {
      await searchEverything(ctx, p, c.q);
      const times: number[] = [];
      let result = await searchEverything(ctx, p, c.q);
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        result = await searchEverything(ctx, p, c.q);
        times.push(performance.now() - t);
      }
      times.sort((x, y) => x - y);
      let checked = "no match";
      if (c.kind) {
        const like = `%${c.q}%`;
        const [{ n }] = (
          await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(c.table)}
            WHERE org_id = ${a.org.id} AND ${sql.ref(c.column)} ILIKE ${like}`.execute(ctx.db)
        ).rows;
        const group = result.groups.find((g) => g.kind === c.kind);
        if (!group || group.total < Number(n)) throw new Error(`${c.q}: ${group?.total ?? 0} found, SQL counts ${n}`);
        const foreign = result.groups.flatMap((g) => g.hits).filter((h) => h.title.startsWith("B"));
        if (foreign.length) throw new Error(`${c.q}: the other organisation's records showed`);
        checked = `${group.total} ≥ ${n} (SQL)`;
      } else if (result.groups.length) {
        throw new Error(`${c.q}: expected no match`);
      }
      console.log(
        `${`${c.what} "${c.q}"`.padEnd(31)}| ${times[Math.floor(times.length / 2)].toFixed(1).padStart(9)} | ${times[times.length - 1].toFixed(1).padStart(10)} | ${String(result.groups.length).padStart(6)} | ${checked}`,
      );
    }
    if (process.argv.includes("--explain")) {
      const plan = await sql<{ "QUERY PLAN": string }>`EXPLAIN ANALYZE SELECT count(*) FROM tms_orders
        WHERE org_id = ${a.org.id} AND (order_id ILIKE '%zzz-nothing%' OR client_order_id ILIKE '%zzz-nothing%'
        OR customer_code ILIKE '%zzz-nothing%' OR customer_name ILIKE '%zzz-nothing%' OR region ILIKE '%zzz-nothing%')`.execute(
        ctx.db,
      );
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    // where the time goes: each kind's list alone (they run side by side in a search)
    console.log("\nkind alone (median ms):");
    for (const kind of SEARCH_KINDS) {
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const t = performance.now();
        await FINDERS[kind].find(ctx, p, { q: "zzz-nothing", page: 1, size: 5, dir: "asc" }).catch(() => null);
        if (i) times.push(performance.now() - t);
      }
      times.sort((x, y) => x - y);
      console.log(`  ${kind.padEnd(10)} ${times[Math.floor(times.length / 2)].toFixed(1)}`);
    }
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
