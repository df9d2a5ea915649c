/**
 * Audit log cost: what one `audit.record` adds to a write, and how fast the log screen's queries answer on a large log.
 *
 *   npm run bench:audit -- [--rows 1000000] [--writes 2000]
 *
 * Fills `audit_log` with `rows` rows spread over two organisations and one year (generate_series), then times
 * vehicle updates through the vehicles service (one audit row each) against the same update without its audit row,
 * and the list queries (first page, entity filter, user filter, one week, a deep page) and the 20,000-row CSV export.
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL.
 */
import { performance } from "node:perf_hooks";
import pino from "pino";
import { sql } from "kysely";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createOrganization } from "../server/seed/seed";
import { audit } from "../server/modules/audit";
import { exportAuditCsv, listAuditLog } from "../server/modules/audit-log";
import { issueSession, loadPrincipal } from "../server/modules/auth";
import { vehiclesRepo, vehicleInputSchema, createVehicle, updateVehicle } from "../server/modules/vehicles";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("rows", 1_000_000);
const WRITES = arg("writes", 2000);

async function timed<T>(fn: () => Promise<T>, repeat = 5): Promise<{ ms: number; value: T }> {
  let value = await fn(); // warm
  const runs: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    value = await fn();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { ms: runs[Math.floor(runs.length / 2)], value };
}

async function main() {
  const database = await openDatabase();
  const handle = connectDatabase(database.url, 4);
  try {
    await migrate(handle.pool);
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      LOG_LEVEL: "silent",
      FLOTA_DEMO: "false",
    });
    const ctx: AppContext = {
      config,
      db: handle.db,
      log: pino({ level: "silent" }),
      jobs: {} as JobQueue,
      buildId: "bench",
    };
    const a = await createOrganization(ctx.db, {
      name: "Bench A",
      admin: { email: "a@bench.flota", password: "bench-password" },
    });
    const b = await createOrganization(ctx.db, {
      name: "Bench B",
      admin: { email: "b@bench.flota", password: "bench-password" },
    });
    const issued = await issueSession(ctx, { id: a.adminId, org_id: a.org.id, web_only: false }, "web", {
      ip: null,
      userAgent: null,
    });
    const p = (await loadPrincipal(ctx, issued.token))!;

    // The same vehicle update transaction with and without its audit row (alternating rounds, so load drifts evenly).
    const v = await createVehicle(ctx, p, vehicleInputSchema.parse({ registration: "BENCH 1", category: "Van" }));
    const input = (i: number) =>
      vehicleInputSchema.parse({ registration: "BENCH 1", category: "Van", identifier_name: `Van ${i}` });
    let withAuditMs = 0;
    let withoutMs = 0;
    for (let round = 0; round < 4; round++) {
      for (const audited of [true, false]) {
        const t0 = performance.now();
        for (let i = 0; i < WRITES / 4; i++) {
          const before = await vehiclesRepo.findById(ctx.db, p.orgId, v.id);
          await ctx.db.transaction().execute(async (trx) => {
            const after = await vehiclesRepo.update(trx, p.orgId, v.id, input(i));
            if (audited) await audit.record(trx, p, { entity: "vehicle", id: v.id, action: "update", before, after });
          });
        }
        if (audited) withAuditMs += performance.now() - t0;
        else withoutMs += performance.now() - t0;
      }
    }
    const withAudit = withAuditMs / WRITES;
    const without = withoutMs / WRITES;
    await updateVehicle(ctx, p, v.id, input(0));
    let t = performance.now();

    // A large log: ROWS rows over a year, two organisations, 20 authors each, ten entity types.
    t = performance.now();
    await sql`
      INSERT INTO audit_log (org_id, at, user_id, user_name, entity_type, entity_id, action, before, after)
      SELECT CASE WHEN g % 2 = 0 THEN ${a.org.id}::uuid ELSE ${b.org.id}::uuid END,
             now() - (g::double precision / ${ROWS}) * interval '365 days',
             CASE WHEN g % 40 < 2 THEN ${a.adminId}::uuid ELSE md5((g % 40)::text)::uuid END, 'User ' || (g % 40),
             (ARRAY['vehicle','place','alert_policy','user','driver','team','settings','organization','immobilization','place'])[1 + (g / 2) % 10],
             md5(g::text)::uuid::text, 'update',
             jsonb_build_object('name', 'Before ' || g, 'fleet_number', 'F-' || g), jsonb_build_object('name', 'After ' || g, 'fleet_number', 'F-' || g)
        FROM generate_series(1, ${ROWS}) g`.execute(ctx.db);
    // What autovacuum does on a live installation (visibility map for index-only counts, statistics).
    await sql`VACUUM ANALYZE audit_log`.execute(ctx.db);
    const fill = (performance.now() - t) / 1000;

    const page = { page: 1, size: 50 };
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, () => Promise<{ total: number; more: boolean }>]> = [
      ["first page, no filter", () => listAuditLog(ctx, p, {}, page)],
      ["entity = place", () => listAuditLog(ctx, p, { entity: "place" }, page)],
      ["one user", () => listAuditLog(ctx, p, { user: a.adminId }, page)],
      ["last 7 days", () => listAuditLog(ctx, p, { from: weekAgo }, page)],
      ["page 1,000 (offset 49,950)", () => listAuditLog(ctx, p, {}, { page: 1000, size: 50 })],
    ];
    console.log(
      `audit.record: vehicle update ${withAudit.toFixed(2)} ms with its audit row, ${without.toFixed(2)} ms without (+${(withAudit - without).toFixed(2)} ms, ${WRITES} writes each)`,
    );
    console.log(`filled ${ROWS.toLocaleString("en")} audit rows in ${fill.toFixed(1)} s`);
    for (const [label, fn] of cases) {
      const { ms, value } = await timed(fn);
      console.log(
        `list ${label}: ${ms.toFixed(1)} ms (total ${value.total.toLocaleString("en")}${value.more ? "+" : ""})`,
      );
    }
    const csv = await timed(() => exportAuditCsv(ctx, p, {}), 2);
    console.log(
      `CSV export, ${csv.value.split("\r\n").length - 2} rows: ${csv.ms.toFixed(0)} ms, ${(csv.value.length / 1e6).toFixed(1)} MB`,
    );
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
