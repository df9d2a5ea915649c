/**
 * Reports at fleet scale: a month of a fleet's positions loaded with COPY, segments and geofence visits derived
 * from them by the same code as the position pipeline, then the server-side time of the reports, the dashboard,
 * the PDF and XLSX exports, and the cost of segment derivation during ingest.
 *
 *   npm run bench:reports -- [--scale 1] [--days 30] [--runs 3] [--ingest 300000] [--ingest-vehicles 200]
 *
 * --scale 1 is 200 vehicles (about 18 million positions); --scale 0.05 is 10 vehicles for a quick run.
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL. Prints one
 * line per figure and, last, whether each target is met.
 */
import { spawn } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pino from "pino";
import { loadConfig } from "../server/config";
import "../server/report-catalogue";
import type { AppContext } from "../server/context";
import { copyFrom } from "../server/db/copy-from";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import type { Principal } from "../server/modules/access/principal";
import {
  runReport,
  addTile,
  dashboardData,
  writeReportPdf,
  writeReportXlsx,
  SegmentBatch,
} from "../server/modules/analytics";
import { issueSession, loadPrincipal } from "../server/modules/auth";
import type { LonLat } from "../server/modules/places";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";
import { makeBenchOrg } from "./bench-fleet";
import { measureIngest } from "./reports-ingest";
import { addGeofences, COPY_COLUMNS, copyRow, vanMonth } from "./reports-tracks";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const argText = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : null;
};

const DAY = 86_400_000;
const fmtDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function principal(ctx: AppContext, userId: string): Promise<Principal> {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "org_id", "web_only"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const { token } = await issueSession(ctx, user, "web", { ip: null, userAgent: "bench" });
  return (await loadPrincipal(ctx, token))!;
}

/** Median of `runs` timed runs after one warm-up. */
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

const sink = () => {
  let bytes = 0;
  const w = new Writable({
    write(chunk, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  return { w, bytes: () => bytes };
};
const finished = (w: Writable) =>
  new Promise<void>((resolve, reject) => {
    w.once("finish", resolve);
    w.once("error", reject);
  });

function context(url: string, pool = 12) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
  });
  const handle = connectDatabase(url, pool);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log: pino({ level: "warn" }),
    jobs: null as unknown as JobQueue,
    buildId: "bench",
  };
  return { ctx, handle };
}

// ---------------------------------------------------------------- XLSX in its own process (its peak memory is the export's)

async function xlsxChild() {
  const { ctx, handle } = context(argText("url")!, 4);
  try {
    const p = await principal(ctx, argText("user")!);
    const rowsWanted = arg("rows", 100_000);
    const input = { from: argText("from")!, to: argText("to")! };
    const before = process.memoryUsage().rss;
    const t = performance.now();
    const run = await runReport(ctx, p, "trips", input, { allRows: true });
    const real = run.result.rows.length;
    // the month's trips, repeated up to the wanted row count when the fleet made fewer
    const rows =
      real >= rowsWanted
        ? run.result.rows.slice(0, rowsWanted)
        : Array.from({ length: rowsWanted }, (_, i) => run.result.rows[i % Math.max(1, real)]);
    const out = sink();
    const done = finished(out.w);
    await writeReportXlsx({ ...run, result: { rows } }, "en", "Bench", out.w);
    await done;
    const ms = performance.now() - t;
    process.send!({
      ms,
      rows: rows.length,
      realRows: real,
      bytes: out.bytes(),
      peakMb: process.resourceUsage().maxRSS / 1024,
      startMb: before / 1048576,
    });
  } finally {
    await handle.close();
  }
}

function runXlsxChild(
  url: string,
  user: string,
  from: string,
  to: string,
  rows: number,
): Promise<{ ms: number; rows: number; realRows: number; bytes: number; peakMb: number; startMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        fileURLToPath(import.meta.url),
        "--role",
        "xlsx",
        "--url",
        url,
        "--user",
        user,
        "--from",
        from,
        "--to",
        to,
        "--rows",
        String(rows),
      ],
      { stdio: ["ignore", "inherit", "inherit", "ipc"] },
    );
    let got: unknown = null;
    child.on("message", (m) => (got = m));
    child.on("exit", (code) => (got ? resolve(got as never) : reject(new Error(`xlsx child exited ${code}`))));
  });
}

// ---------------------------------------------------------------- main

async function main() {
  const scale = arg("scale", 1);
  const vehicles = Math.max(2, Math.round(200 * scale));
  const days = arg("days", 30);
  const runs = arg("runs", 3);
  const ingestPositions = arg("ingest", 300_000);
  const ingestVehicles = arg("ingest-vehicles", 200);
  const db = await openDatabase();
  const { ctx, handle } = context(db.url);
  const say = (s: string) => console.log(`bench: ${s}`);
  const figures: string[] = [];
  const verdicts: string[] = [];
  const check = (label: string, ok: boolean, text: string) => {
    figures.push(`${label}: ${text}`);
    verdicts.push(`${ok ? "met " : "MISSED"} ${label}`);
  };
  try {
    await migrate(handle.pool);
    say(
      `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; ${vehicles} vehicles × ${days} days`,
    );
    const org = await makeBenchOrg(ctx, "Bench fleet", vehicles, "77", "Van");
    await addGeofences(ctx, org.orgId, 60, 5);
    // the month: whole UTC days ending at today's midnight, so the dashboard's windows fall on it
    const end = Math.floor(Date.now() / DAY) * DAY;
    const start = end - days * DAY;
    await sql`SELECT flota_ensure_position_partitions(${new Date(start - DAY).toISOString()}::timestamptz, ${new Date(end + DAY).toISOString()}::timestamptz)`.execute(
      ctx.db,
    );

    // 1. Load: positions by COPY, then segments and visits derived a day at a time by the pipeline's own code.
    const stops: LonLat[] = [];
    let positions = 0;
    let copyMs = 0;
    let deriveMs = 0;
    const loadStart = performance.now();
    for (let i = 0; i < org.vehicleIds.length; i++) {
      const vehicleId = org.vehicleIds[i];
      const fixes = vanMonth(1000 + i, start, days, (p) => {
        if (stops.length < 20_000 && i % 2 === 0) stops.push(p);
      });
      positions += fixes.length;
      let t = performance.now();
      for (let k = 0; k < fixes.length; k += 50_000) {
        let text = "";
        for (const f of fixes.slice(k, k + 50_000)) text += copyRow(org.orgId, vehicleId, f);
        await copyFrom(ctx.db, "positions", COPY_COLUMNS, text);
      }
      copyMs += performance.now() - t;
      t = performance.now();
      for (let d = 0; d < days; d++) {
        const batch = new SegmentBatch();
        for (const f of fixes) {
          if (f.t < start + d * DAY || f.t >= start + (d + 1) * DAY) continue;
          batch.add(vehicleId, org.orgId, {
            t: f.t,
            lat: f.lat,
            lon: f.lon,
            speed: f.speed,
            valid: true,
            ignition: f.ignition,
            deviceOdometerM: null,
            odometerM: f.odo,
          });
        }
        await ctx.db.transaction().execute((trx) => batch.write(trx));
      }
      deriveMs += performance.now() - t;
      if ((i + 1) % Math.max(1, Math.round(vehicles / 10)) === 0)
        say(
          `loaded ${i + 1}/${vehicles} vehicles, ${positions} positions (${((performance.now() - loadStart) / 1000).toFixed(0)} s)`,
        );
    }
    // customers: a point of interest at one delivery stop in three
    const pois = stops
      .filter((_, k) => k % 3 === 0)
      .map((p, k) => ({
        org_id: org.orgId,
        kind: "poi" as const,
        shape: "point" as const,
        name: `Client ${k}`,
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
    for (let k = 0; k < pois.length; k += 2000)
      await ctx.db
        .insertInto("places")
        .values(pois.slice(k, k + 2000))
        .execute();
    await sql`VACUUM ANALYZE positions`.execute(ctx.db);
    await sql`VACUUM ANALYZE vehicle_segments`.execute(ctx.db);
    await sql`VACUUM ANALYZE geofence_visits`.execute(ctx.db);
    await sql`ANALYZE places`.execute(ctx.db);
    const counts = await sql<{
      kind: string;
      n: string;
    }>`SELECT kind, count(*)::text AS n FROM vehicle_segments GROUP BY kind UNION ALL SELECT 'geofence visits', count(*)::text FROM geofence_visits ORDER BY 1`.execute(
      ctx.db,
    );
    say(
      `loaded ${positions} positions by COPY in ${(copyMs / 1000).toFixed(0)} s (${Math.round(positions / (copyMs / 1000))} rows/s); segments and visits derived in ${(deriveMs / 1000).toFixed(0)} s (${Math.round(positions / (deriveMs / 1000))} positions/s); ${counts.rows.map((r) => `${r.n} ${r.kind}`).join(", ")}; ${pois.length} POIs`,
    );
    figures.push(
      `fleet: ${vehicles} vehicles × ${days} days = ${positions} positions; ${counts.rows.map((r) => `${r.n} ${r.kind}`).join(", ")}`,
    );

    // 2. Reports as the screen runs them (all vehicles, the whole month), median of `runs` after a warm-up.
    const admin = await principal(ctx, org.adminId);
    const period = { from: fmtDate(start), to: fmtDate(end - DAY) };
    const report = async (label: string, type: string, input: Record<string, unknown>, allRows = false) => {
      const r = await timed(runs, () => runReport(ctx, admin, type, { ...period, ...input }, { allRows }));
      check(
        label,
        r.ms < 1000,
        `${r.ms.toFixed(0)} ms, ${r.value.result.rows.length} rows${r.value.result.truncated ? " (screen limit)" : ""} (target < 1 s)`,
      );
      return r.value;
    };
    await report(`trips report, ${vehicles} vehicles × ${days} days, on screen`, "trips", {});
    const allTrips = await report(
      `trips report with start and end addresses, ${vehicles} vehicles × ${days} days, every row (export)`,
      "trips",
      {},
      true,
    );
    await report(`daily summary, ${vehicles} vehicles × ${days} days`, "daily_summary", {});
    await report(`detailed vehicle report, one vehicle × ${days} days`, "vehicle_details", {
      vehicle_ids: [org.vehicleIds[0]],
    });
    await report(`geofence visits, ${vehicles} vehicles × ${days} days`, "geofence_visits", {});
    await report(`POI visits, ${vehicles} vehicles × ${days} days`, "poi_visits", {});

    // 3. The dashboard with 8 tiles.
    const tiles = [
      { metric: "distance", chart_type: "number", time_window: "this_month" },
      { metric: "driving_time", chart_type: "bar", ranking: "top", time_window: "previous_7_days" },
      { metric: "idling_time", chart_type: "bar", ranking: "bottom", ranking_size: 50, time_window: "previous_week" },
      { metric: "trips", chart_type: "line", time_window: "previous_7_days" },
      { metric: "max_speed", chart_type: "table", time_window: "yesterday" },
      { metric: "stops", chart_type: "pie", time_window: "two_weeks_ago" },
      { metric: "utilisation", chart_type: "number", aggregation: "average", time_window: "previous_month" },
      { metric: "eco_score", chart_type: "bar", time_window: "previous_3_months" },
    ];
    for (const tile of tiles) await addTile(ctx, admin, tile);
    const dash = await timed(runs, () => dashboardData(ctx, admin));
    check("dashboard, 8 tiles", dash.ms < 300, `${dash.ms.toFixed(0)} ms (target < 300 ms)`);

    // 4. A 10,000-row PDF (the month's trips; repeated when the fleet made fewer).
    const pdfRows = Array.from(
      { length: 10_000 },
      (_, i) => allTrips.result.rows[i % Math.max(1, allTrips.result.rows.length)],
    );
    const pdf = await timed(1, async () => {
      const out = sink();
      const done = finished(out.w);
      await writeReportPdf({ ...allTrips, result: { rows: pdfRows } }, "en", org.orgName, out.w);
      await done;
      return out.bytes();
    });
    check(
      "PDF, 10,000 rows",
      pdf.ms < 10_000,
      `${(pdf.ms / 1000).toFixed(1)} s, ${(pdf.value / 1048576).toFixed(1)} MB (target < 10 s)`,
    );

    // 5. A 100,000-row XLSX in its own process, with that process's peak memory.
    const xlsx = await runXlsxChild(db.url, org.adminId, period.from, period.to, 100_000);
    check(
      "XLSX, 100,000 rows",
      xlsx.ms < 15_000 && xlsx.peakMb < 300,
      `${(xlsx.ms / 1000).toFixed(1)} s including the report query (${xlsx.realRows} real rows), ${(xlsx.bytes / 1048576).toFixed(1)} MB, peak RSS ${xlsx.peakMb.toFixed(0)} MB (process at start ${xlsx.startMb.toFixed(0)} MB) (target < 15 s, < 300 MB)`,
    );

    // 6. Ingest through the pipeline with and without segment derivation (and visits, 60 geofences), alternating.
    const ingest = await measureIngest(ctx, {
      positions: ingestPositions,
      vehicles: ingestVehicles,
      say,
      addGeofences,
    });
    check(
      "ingest with segment derivation",
      ingest.derived >= 0.8 * ingest.plain,
      `${Math.round(ingest.derived)} positions/s vs ${Math.round(ingest.plain)} without = ${((100 * ingest.derived) / ingest.plain).toFixed(0)} % (target ≥ 80 %)`,
    );

    say(
      `load average after ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    for (const f of figures) console.log(f);
    for (const v of verdicts) console.log(v);
  } finally {
    await handle.close();
    await db.cleanup();
  }
}

const role = argText("role");
(role === "xlsx" ? xlsxChild() : main()).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
