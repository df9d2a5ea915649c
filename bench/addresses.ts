/**
 * Addresses: the bundled gazetteer's load time, memory and lookup speed, then the trips report of 30,000 trips with
 * their 60,000 start and end points named (places, gazetteer; and with a geocoder, every point read from the cache).
 *
 *   npm run bench:addresses -- [--trips 30000] [--runs 3]
 *
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { sql } from "kysely";
import pino from "pino";
import { loadConfig } from "../server/config";
import "../server/report-catalogue";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { resolveAddresses, loadGazetteer } from "../server/modules/addresses";
import { runReport } from "../server/modules/analytics";
import { issueSession, loadPrincipal } from "../server/modules/auth";
import { destination, type LonLat } from "../server/modules/places";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";
import { circleGeofence, HOME, makeBenchOrg, rng } from "./bench-fleet";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const say = (s: string) => console.log(`bench: ${s}`);
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

async function timed<T>(runs: number, f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  let value = await f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = await f();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { ms: ms[Math.floor(ms.length / 2)], value };
}

function gazetteerFigures() {
  global.gc?.();
  const before = process.memoryUsage();
  const t = performance.now();
  const g = loadGazetteer();
  const loadMs = performance.now() - t;
  global.gc?.();
  const after = process.memoryUsage();
  say(
    `gazetteer: ${g.size} settlements loaded in ${loadMs.toFixed(0)} ms; heap +${mb(after.heapUsed - before.heapUsed)}, ` +
      `array buffers +${mb(after.arrayBuffers - before.arrayBuffers)}, RSS +${mb(after.rss - before.rss)}` +
      (global.gc ? "" : " (run with node --expose-gc for exact figures)"),
  );
  const rnd = rng(11);
  const albania = Array.from({ length: 100_000 }, () => ({ lat: 39.7 + rnd() * 2.9, lon: 19.3 + rnd() * 1.7 }));
  const world = Array.from({ length: 100_000 }, () => ({ lat: rnd() * 140 - 60, lon: rnd() * 360 - 180 }));
  for (const [label, pts] of [
    ["Albania", albania],
    ["world (land and sea)", world],
  ] as const) {
    let found = 0;
    const t0 = performance.now();
    for (const p of pts) if (g.nearest(p.lat, p.lon)) found++;
    const ms = performance.now() - t0;
    say(
      `nearest settlement, ${pts.length} points in ${label}: ${((ms * 1000) / pts.length).toFixed(1)} µs a lookup (${found} named)`,
    );
  }
}

function context(url: string) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
  });
  const handle = connectDatabase(url, 8);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log: pino({ level: "warn" }),
    jobs: null as unknown as JobQueue,
    buildId: "bench",
  };
  return { ctx, handle };
}

async function main() {
  const trips = arg("trips", 30_000);
  const runs = arg("runs", 3);
  say(
    `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  gazetteerFigures();

  const db = await openDatabase();
  const { ctx, handle } = context(db.url);
  try {
    await migrate(handle.pool);
    const vehicles = 200;
    const org = await makeBenchOrg(ctx, "Address bench", vehicles, "88", "Van");
    const rnd = rng(5);
    // a fleet's usual places: 3,000 delivery sites round Tirana, a third of them customers' POIs, 60 geofences
    const sites: LonLat[] = Array.from({ length: 3000 }, () => [
      HOME[0] + (rnd() - 0.5) * 0.3,
      HOME[1] + (rnd() - 0.5) * 0.2,
    ]);
    const poiRows = sites
      .filter((_, i) => i % 3 === 0)
      .map((p, i) => ({
        org_id: org.orgId,
        kind: "poi" as const,
        shape: "point" as const,
        name: `Client ${i}`,
        category: "Client",
        latitude: p[1],
        longitude: p[0],
        radius_m: null,
        polygon: null,
        min_lat: p[1],
        max_lat: p[1],
        min_lon: p[0],
        max_lon: p[0],
      }));
    const fenceRows = Array.from({ length: 60 }, (_, i) => {
      const c: LonLat = [HOME[0] + (rnd() - 0.5) * 0.16, HOME[1] + (rnd() - 0.5) * 0.12];
      return circleGeofence(org.orgId, `Zone ${i}`, c, 100 + rnd() * 300);
    });
    await ctx.db
      .insertInto("places")
      .values([...poiRows, ...fenceRows])
      .execute();
    // trips between usual sites (a few metres of GPS scatter) and, one end in four, anywhere in the area
    const spot = (): LonLat => {
      if (rnd() < 0.25) return [HOME[0] + (rnd() - 0.5) * 0.4, HOME[1] + (rnd() - 0.5) * 0.3];
      return destination(sites[Math.floor(rnd() * sites.length)], rnd() * 360, rnd() * 15);
    };
    const day0 = Date.UTC(2026, 9, 1);
    const cols = {
      veh: [] as string[],
      st: [] as string[],
      et: [] as string[],
      sla: [] as number[],
      slo: [] as number[],
      ela: [] as number[],
      elo: [] as number[],
    };
    for (let i = 0; i < trips; i++) {
      const s = spot();
      const e = spot();
      const t = day0 + Math.floor(i / vehicles) * 1_800_000 + (i % vehicles) * 1000;
      cols.veh.push(org.vehicleIds[i % vehicles]);
      cols.st.push(new Date(t).toISOString());
      cols.et.push(new Date(t + 1_200_000).toISOString());
      cols.sla.push(s[1]);
      cols.slo.push(s[0]);
      cols.ela.push(e[1]);
      cols.elo.push(e[0]);
    }
    await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon,
        distance_m, max_speed_kmh, engine_s, idle_s, points, harsh_brake, speeding_s, gap)
      SELECT ${org.orgId}::uuid, v, 'trip', st, et, sla, slo, ela, elo, 5000, 60, 1200, 0, 30, 0, 0, false
        FROM unnest(${cols.veh}::uuid[], ${cols.st}::timestamptz[], ${cols.et}::timestamptz[], ${cols.sla}::float8[],
                    ${cols.slo}::float8[], ${cols.ela}::float8[], ${cols.elo}::float8[]) AS x(v, st, et, sla, slo, ela, elo)`.execute(
      ctx.db,
    );
    await sql`ANALYZE vehicle_segments`.execute(ctx.db);
    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "org_id", "web_only"])
      .where("id", "=", org.adminId)
      .executeTakeFirstOrThrow();
    const p = (await loadPrincipal(
      ctx,
      (
        await issueSession(ctx, user, "web", { ip: null, userAgent: "bench" })
      ).token,
    ))!;
    const input = { from: "2026-10-01", to: "2026-10-31" };
    const points = [
      ...cols.sla.map((lat, i) => ({ lat, lon: cols.slo[i] })),
      ...cols.ela.map((lat, i) => ({ lat, lon: cols.elo[i] })),
    ];
    const cells = new Set(points.map((q) => `${Math.round(q.lat * 1e4)},${Math.round(q.lon * 1e4)}`)).size;
    say(
      `${trips} trips of ${vehicles} vehicles, ${points.length} points in ${cells} cells of 11 m; ${poiRows.length} POIs, 60 geofences`,
    );

    const alone = await timed(runs, () => resolveAddresses(ctx, org.orgId, points));
    const named = alone.value.filter((a) => !a.startsWith("\u2248")).length;
    say(
      `addresses of ${points.length} points alone (places + gazetteer): ${alone.ms.toFixed(0)} ms (${named} by a place)`,
    );
    const report = await timed(runs, () => runReport(ctx, p, "trips", input, { allRows: true }));
    say(
      `trips report with addresses, every row (${report.value.result.rows.length}): ${report.ms.toFixed(0)} ms (target < 1 s: ${report.ms < 1000 ? "met" : "MISSED"})`,
    );

    // with a geocoder: every cell already looked up (the cache read is the whole extra cost; no request is made)
    await sql`INSERT INTO geocode_cache (lat_e4, lon_e4, status, address, resolved_at)
      SELECT DISTINCT round(la * 1e4)::int, round(lo * 1e4)::int, 'found', 'Rruga e Bench ' || round(la * 1e4)::int % 100, now()
        FROM unnest(${points.map((q) => q.lat)}::float8[], ${points.map((q) => q.lon)}::float8[]) AS x(la, lo)
      ON CONFLICT DO NOTHING`.execute(ctx.db);
    // the report names points from their stored 5-decimal text, so a point near a cell's edge may
    // fall in the neighbouring cell: one report run queues those, and they are filled in before timing
    let kicks = 0;
    const noJobs = { enqueue: async () => void kicks++ } as unknown as JobQueue;
    const geo = { ...ctx, jobs: noJobs, config: { ...ctx.config, GEOCODER_URL: "http://127.0.0.1:9/" } };
    await runReport(geo, p, "trips", input, { allRows: true });
    const filled = await sql<{ n: number }>`UPDATE geocode_cache SET status = 'found', address = 'Rruga e Bench',
      resolved_at = now() WHERE status = 'pending' RETURNING 1 AS n`.execute(ctx.db);
    say(`geocoder cache: ${cells} cells filled up front, ${filled.rows.length} more queued by the report's first run`);
    const cached = await timed(runs, () => runReport(geo, p, "trips", input, { allRows: true }));
    say(
      `trips report with a geocoder, every point cached, every row: ${cached.ms.toFixed(0)} ms (target < 1 s: ${cached.ms < 1000 ? "met" : "MISSED"})`,
    );
    say(
      `load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    await handle.close();
    await db.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
