/**
 * npm run bench:dispatch [-- --jobs 1000 --opt-jobs 300 --vehicles 20 --time-limit 20]
 *
 * 1. Imports a CSV of 1000 jobs the way the import page does (decode as UTF-8, parse, check every row, keep the
 *    preview, then save all in one transaction) and times each step.
 * 2. Optimises a day of 300 jobs with time windows for 20 vehicles with the day's problem as "Optimise the day"
 *    builds it, within the time limit; every job must come back routed or with a reason.
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL.
 */
import { execSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import pino from "pino";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { ALL_PERMISSIONS } from "../server/modules/access/permissions";
import type { Principal } from "../server/modules/access/principal";
import {
  commitJobImport,
  uploadJobs,
  buildDayProblem,
  currentPlanCost,
  PLAN_DAY_TIME_LIMIT_MS,
  JOB_CSV_COLUMNS,
} from "../server/modules/route-planning";
import { createOrganization } from "../server/seed/seed";
import { optimizeRoutes } from "../server/optimization";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** A deterministic pseudo-random sequence (the same figures run after run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;

function jobsCsv(n: number, day: string, rand: () => number) {
  const rows = [JOB_CSV_COLUMNS.join(",")];
  for (let i = 0; i < n; i++) {
    const arrival = 8 * 60 + Math.floor(rand() * 9 * 60);
    const v: Record<string, string> = {
      name: `Job ${i + 1}`,
      address: `"Rruga ${i + 1}, Tiranë"`,
      latitude: (41.28 + rand() * 0.1).toFixed(5),
      longitude: (19.76 + rand() * 0.12).toFixed(5),
      contact_name: "Klient",
      notes: "bench",
      date: day,
      arrival: hhmm(arrival),
      departure: hhmm(arrival + 10 + Math.floor(rand() * 20)),
    };
    rows.push(JOB_CSV_COLUMNS.map((c) => v[c] ?? "").join(","));
  }
  return rows.join("\n");
}

async function main() {
  const jobCount = arg("jobs", 1000);
  const optJobs = arg("opt-jobs", 300);
  const vehicleCount = arg("vehicles", 20);
  const timeLimitMs = arg("time-limit", PLAN_DAY_TIME_LIMIT_MS / 1000) * 1000;
  let commit = "unknown";
  try {
    commit = execSync("git rev-parse --short HEAD").toString().trim();
  } catch {
    /* not a checkout */
  }
  console.log(
    `bench:dispatch ${new Date().toISOString()} commit ${commit}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const db = await openDatabase();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
  });
  const handle = connectDatabase(db.url, 8);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log: pino({ level: "warn" }),
    jobs: null as unknown as JobQueue,
    buildId: "bench",
  };
  let failed = false;
  try {
    await migrate(handle.pool);
    const { org, adminId } = await createOrganization(ctx.db, {
      name: "Dispatch bench",
      admin: { email: "dispatch@bench.flota", password: "bench-password" },
    });
    const p: Principal = {
      sessionId: "bench",
      orgId: org.id,
      operator: false,
      userId: adminId,
      email: "dispatch@bench.flota",
      firstName: "Bench",
      lastName: "Dispatcher",
      language: "en",
      webOnly: false,
      navCollapsed: false,
      role: { id: "", key: "administrator", name: "Administrator", options: {} as never },
      permissions: new Set(ALL_PERMISSIONS),
      teamIds: "all",
      vehicleIds: null,
      csrfToken: "",
      expiresAt: new Date(Date.now() + 3600_000),
    };
    const rand = rng(7);
    const day = "2026-12-01";

    // 1. Import
    const csv = new TextEncoder().encode(jobsCsv(jobCount, day, rand));
    const file = { name: "bench.csv", size: csv.length, arrayBuffer: async () => csv.buffer.slice(0) as ArrayBuffer };
    const t0 = performance.now();
    const summary = await uploadJobs(ctx, p, file);
    const t1 = performance.now();
    if (summary.errors.length) console.log("import errors:", summary.errors.slice(0, 3));
    const saved = await commitJobImport(ctx, p, summary.token, { validOnly: false });
    const t2 = performance.now();
    const importMs = t2 - t0;
    console.log(
      `import: ${jobCount} jobs (${(csv.length / 1024).toFixed(0)} KiB): parse + check + preview ${(t1 - t0).toFixed(0)} ms, save ${(t2 - t1).toFixed(0)} ms, total ${importMs.toFixed(0)} ms (target < 3000 ms), ${saved} saved, ${summary.invalid} rows with errors`,
    );
    if (saved !== jobCount || importMs >= 3000) failed = true;

    // 2. Optimise a day: the first optOptJobs imported jobs, vehicles starting at a depot in Tirana.
    const jobs = (
      await ctx.db
        .selectFrom("route_jobs")
        .selectAll()
        .where("org_id", "=", org.id)
        .orderBy("name")
        .limit(optJobs)
        .execute()
    ).map((j) => ({ ...j, driver_name: null, vehicle_registration: null }));
    const vehicles = Array.from({ length: vehicleCount }, (_, i) => ({
      id: `van-${i + 1}`,
      lat: 41.3275 + (i % 5) * 0.002,
      lon: 19.8187 - Math.floor(i / 5) * 0.002,
    }));
    const problem = buildDayProblem(jobs as never, vehicles, 15);
    let progressCalls = 0;
    const t3 = performance.now();
    const result = await optimizeRoutes(problem as never, {
      timeLimitMs,
      seed: 1,
      onProgress: () => {
        progressCalls++;
      },
    });
    const optMs = performance.now() - t3;
    const routed = result.routes.reduce((s, r) => s + r.steps.filter((st) => st.type === "job").length, 0);
    const reasons = new Map<string, number>();
    for (const u of result.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
    const accounted = routed + result.unassigned.length === jobs.length && result.unassigned.every((u) => !!u.reason);
    const naive = currentPlanCost(
      jobs.map((j, i) => ({ ...j, vehicle_id: vehicles[i % vehicles.length].id })) as never,
      vehicles,
    );
    console.log(
      `optimise: ${jobs.length} jobs with 15-minute windows, ${vehicleCount} vehicles, limit ${timeLimitMs / 1000} s: ${(optMs / 1000).toFixed(1)} s, ${result.iterations} iterations, ${progressCalls} progress reports, status ${result.status}`,
    );
    console.log(
      `optimise: ${routed} routed on ${result.routes.filter((r) => r.steps.some((s) => s.type === "job")).length} vehicles, ${result.unassigned.length} unassigned${reasons.size ? ` (${[...reasons].map(([r, n]) => `${r} ${n}`).join(", ")})` : ""}; every job routed or given a reason: ${accounted ? "yes" : "NO"}`,
    );
    console.log(
      `optimise: ${(result.summary.distance / 1000).toFixed(1)} km against ${(naive.distance / 1000).toFixed(1)} km for the jobs dealt round-robin in arrival order`,
    );
    if (!accounted || optMs > timeLimitMs + 5000) failed = true;
  } finally {
    await handle.pool.end();
    await db.cleanup();
  }
  if (failed) {
    console.error("bench:dispatch: a target was missed");
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
