/**
 * Replay of a month: one vehicle, 30 days of ~8 h driving a day with a fix every 10 s (about 83,000
 * fixes), from the database to the replay page's serialised loader answer (React Router single fetch,
 * `/replay.data`), through the real HTTP app and the built web app (`npm run build` first).
 *
 *   npm run bench:replay -- [--runs 7] [--days 30]
 *
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL.
 * Prints, last: month replay p50 X ms, max Y ms (N fixes drawn as M points, Z KB answer)
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { toLocalInput } from "../app/lib/map/time";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createOrganization } from "../server/seed/seed";
import { createHttpApp } from "../server/http/app";
import { SESSION_COOKIE } from "../server/security/cookies";
import { issueSession, loadPrincipal } from "../server/modules/auth";
import { drawnTrack, getReplay } from "../server/modules/positions";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";
import { insertFixes, monthOfDriving } from "./month-track";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  const runs = arg("runs", 7);
  const days = arg("days", 30);
  const buildDir = path.resolve(import.meta.dirname, "..", "build");
  if (!existsSync(path.join(buildDir, "server", "index.js"))) throw new Error("No build: run `npm run build` first");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const db = await openDatabase();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
    NODE_ENV: "production",
    MAP_STYLE: "offline",
  });
  const handle = connectDatabase(db.url, 5);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log: pino({ level: "warn" }),
    jobs: null as unknown as JobQueue,
    buildId: build.assets.version,
  };
  const server = createServer(createHttpApp(ctx, { build, clientDir: path.join(buildDir, "client") }));
  try {
    await migrate(handle.pool);
    const { org, adminId } = await createOrganization(ctx.db, {
      name: "Bench",
      admin: { email: "bench@flota.local", password: "bench-password" },
    });
    const [vehicle] = await ctx.db
      .insertInto("vehicles")
      .values({
        org_id: org.id,
        registration: "BN 0001",
        category: "Car",
        device_imei: "359000000000001",
        device_protocol: "teltonika",
      })
      .returning("id")
      .execute();
    const end = new Date(Date.now() - 3_600_000);
    const fixes = monthOfDriving(end, days);
    const t0 = performance.now();
    await insertFixes(ctx.db, { orgId: org.id }, { id: vehicle.id, imei: "359000000000001" }, fixes);
    console.log(
      `bench: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} (other work on the machine skews the figures)`,
    );
    console.log(`bench: ${fixes.length} fixes over ${days} days stored in ${ms(performance.now() - t0)}`);

    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "org_id", "web_only"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    const session = await issueSession(ctx, user, "web", { ip: null, userAgent: "bench" });
    const principal = await loadPrincipal(ctx, session.token);
    if (!principal) throw new Error("no principal");
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const from = new Date(fixes[0].at.getTime() - 60_000);
    const to = new Date(end.getTime() + 60_000);
    const tz = "Europe/Tirane";
    const query = new URLSearchParams({ vehicle: vehicle.id, from: toLocalInput(from, tz), to: toLocalInput(to, tz) });

    // The parts, in this process: PostgreSQL alone, the query as Node gets it, getReplay (query, stops,
    // distance), the thinning; and the full track's JSON for comparison.
    const explain = await sql<{
      "QUERY PLAN": string;
    }>`EXPLAIN ANALYZE SELECT fix_time, lat, lon, speed_kmh, course, ignition FROM positions
        WHERE vehicle_id = ${vehicle.id} AND fix_time >= ${from} AND fix_time <= ${to} AND valid ORDER BY fix_time`.execute(
      ctx.db,
    );
    const execution = explain.rows.map((r) => r["QUERY PLAN"]).find((l) => l.startsWith("Execution Time")) ?? "";
    console.log(`bench: PostgreSQL's own ${execution.toLowerCase()}`);
    const rawTimes: number[] = [];
    const dbTimes: number[] = [];
    const thinTimes: number[] = [];
    let drawn = 0,
      fullJson = 0,
      tolerance = 0;
    for (let i = 0; i < runs; i++) {
      const a = performance.now();
      await ctx.db
        .selectFrom("positions")
        .select(["fix_time", "lat", "lon", "speed_kmh", "course", "ignition"])
        .where("vehicle_id", "=", vehicle.id)
        .where("fix_time", ">=", from)
        .where("fix_time", "<=", to)
        .where("valid", "=", true)
        .orderBy("fix_time")
        .execute();
      rawTimes.push(performance.now() - a);
      const b = performance.now();
      const replay = await getReplay(ctx, principal, { vehicleId: vehicle.id, from, to });
      const c = performance.now();
      const track = drawnTrack(replay);
      thinTimes.push(performance.now() - c);
      dbTimes.push(c - b);
      drawn = track.points.length;
      tolerance = track.toleranceM;
      fullJson = JSON.stringify(replay.points).length;
    }
    console.log(
      `bench: the positions query as Node gets it (transfer, row parsing) p50 ${ms(quantile(rawTimes, 0.5))}`,
    );
    console.log(
      `bench: getReplay (query, stops, distance) p50 ${ms(quantile(dbTimes, 0.5))}; thinning p50 ${ms(quantile(thinTimes, 0.5))} → ${drawn} points (tolerance ${tolerance.toFixed(1)} m)`,
    );

    // The whole answer over HTTP: session, loader (query, stops, alerts, thinning), turbo-stream serialisation.
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs + 1; i++) {
      const a = performance.now();
      const res = await fetch(`${base}/replay.data?${query}`, {
        headers: { cookie: `${SESSION_COOKIE}=${session.token}`, "accept-encoding": "identity" },
      });
      const body = await res.arrayBuffer();
      const took = performance.now() - a;
      if (res.status !== 200) throw new Error(`replay.data answered ${res.status}`);
      bytes = body.byteLength;
      if (i > 0)
        times.push(took); // the first request also warms the route module
      else console.log(`bench: first request ${ms(took)}`);
    }
    console.log(
      `bench: /replay.data ${runs} runs: p50 ${ms(quantile(times, 0.5))}, max ${ms(Math.max(...times))}; answer ${(bytes / 1024).toFixed(0)} KB (the full track alone would be ${(fullJson / 1024).toFixed(0)} KB of JSON); load average now ${loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `month replay p50 ${ms(quantile(times, 0.5))}, max ${ms(Math.max(...times))} (${fixes.length} fixes drawn as ${drawn} points, ${(bytes / 1024).toFixed(0)} KB answer)`,
    );
  } finally {
    server.close();
    await handle.close();
    await db.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
