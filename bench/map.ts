/**
 * Live map at fleet scale: 10,000 vehicles on /manage in headless Chromium, positions published on
 * the live bus at 2,000 per second, through the real path: live bus (Redis with REDIS_URL, else
 * PostgreSQL NOTIFY) → live hub → WebSocket → the page's live fleet store (batched per animation
 * frame) → the MapLibre vehicle source (updateData). Needs a web build (`npm run build`).
 *
 *   npm run bench:map -- [--vehicles 10000] [--rate 2000] [--seconds 20]
 *
 *   npm run bench:map -- --zoom 11   (the view on Tirana at zoom 11 instead of the whole fleet)
 *
 * Records two phases of --seconds each with the same stream of positions: the map drawn, then the map
 * not drawn (every map layer hidden: the same socket messages, store, list, counters and vehicle-source
 * updates, nothing for MapLibre to draw), so the renderer's share of each frame shows. For each: the
 * page's frame intervals (every frame, whatever it did), the main-thread time of each vehicle-source
 * update (VehiclesLayer's diff + updateData), long tasks, long animation frames with the script time in
 * them by origin (Flota's bundles or MapLibre's), what reached the page; then whether every vehicle's
 * last position reached the map source, and the JS heap (CDP Performance.getMetrics).
 * Loopback only; bounded by --seconds and a 6-minute guard.
 * BENCH_HIDE=<css selector> hides part of the page for both phases; BENCH_PROFILE=1 prints the page's CPU
 * profile (self time) while the map is drawn; BENCH_EVAL=<script> runs in the page once it is ready.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../server/config";
import { requirePorts, type AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createOrganization } from "../server/seed/seed";
import { createHttpApp } from "../server/http/app";
import { SESSION_COOKIE } from "../server/security/cookies";
import { issueSession } from "../server/modules/auth";
import { createLiveBus, startLive, type LiveBus, type CompactPosition } from "../server/modules/live";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";
import { f1, instrumentPage, phaseLines, quantile, startRecording, stopRecording } from "./map-page";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function main() {
  const vehicles = arg("vehicles", 10_000);
  const rate = arg("rate", 2000);
  const seconds = arg("seconds", 20);
  const zoom = arg("zoom", NaN);
  const guard = setTimeout(() => {
    console.error("bench: guard time reached");
    process.exit(2);
  }, 6 * 60_000);
  const buildDir = path.resolve(import.meta.dirname, "..", "build");
  if (!existsSync(path.join(buildDir, "server", "index.js"))) throw new Error("No build: run `npm run build` first");
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found`);
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const db = await openDatabase();
  const redisUrl = process.env.REDIS_URL || null;
  // NODE_ENV=test: the page exposes window.__flotaMap (as in the browser tests); MAP_STYLE=offline: no internet.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl ?? "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
    NODE_ENV: "test",
    MAP_STYLE: "offline",
  });
  const handle = connectDatabase(db.url, 8);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log: pino({ level: "warn" }),
    jobs: null as unknown as JobQueue,
    buildId: build.assets.version,
  };
  const server = createServer(createHttpApp(ctx, { build, clientDir: path.join(buildDir, "client") }));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  let live: ReturnType<typeof startLive> | null = null;
  let bus: LiveBus | null = null;
  try {
    await migrate(handle.pool);
    const { org, adminId } = await createOrganization(ctx.db, {
      name: "Bench",
      admin: { email: "bench@flota.local", password: "bench-password" },
    });
    const ids: string[] = [];
    const now = Date.now();
    const start: [number, number][] = [];
    for (let i = 0; i < vehicles; i += 1000) {
      const rows = await ctx.db
        .insertInto("vehicles")
        .values(
          Array.from({ length: Math.min(1000, vehicles - i) }, (_, k) => ({
            org_id: org.id,
            registration: `BN ${String(i + k).padStart(5, "0")}`,
            category: "Car" as const,
            device_imei: `35900${String(i + k).padStart(10, "0")}`,
            device_protocol: "teltonika" as const,
          })),
        )
        .returning("id")
        .execute();
      for (const r of rows) {
        ids.push(r.id);
        start.push([39.8 + Math.random() * 2.7, 19.4 + Math.random() * 1.5]);
      }
    }
    for (let i = 0; i < ids.length; i += 1000) {
      await ctx.db
        .insertInto("vehicle_state")
        .values(
          ids.slice(i, i + 1000).map((id, k) => ({
            vehicle_id: id,
            org_id: org.id,
            lat: start[i + k][0],
            lon: start[i + k][1],
            speed_kmh: 0,
            course: 0,
            valid: true,
            ignition: false,
            last_fix_time: new Date(now - 600_000),
            last_server_time: new Date(now - 600_000),
            state_since: new Date(now - 600_000),
          })),
        )
        .execute();
    }
    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "org_id", "web_only"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    const session = await issueSession(ctx, user, "web", {
      ip: null,
      userAgent: "bench",
    });

    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const liveBus = await createLiveBus({
      redisUrl,
      databaseUrl: db.url,
      log: ctx.log,
    });
    bus = liveBus;
    ctx.live = liveBus;
    live = startLive(requirePorts(ctx, "live"), server);
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    console.log(
      `bench: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} (other work on the machine skews the figures)`,
    );
    console.log(
      `bench: ${vehicles} vehicles, ${rate} positions/s for ${seconds} s over the ${liveBus.kind} live bus; Chromium headless, software WebGL`,
    );

    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
    });
    await context.addCookies([{ name: SESSION_COOKIE, value: session.token, url: base }]);
    // tsx compiles with keepNames: the serialised function calls its __name helper, which the page lacks.
    await context.addInitScript({
      content: `var __name = (f) => f; (${instrumentPage.toString()})();`,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (process.env.BENCH_DEBUG) console.log(`page: ${m.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const heap = async () => {
      const { metrics } = (await cdp.send("Performance.getMetrics")) as {
        metrics: { name: string; value: number }[];
      };
      const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
      return {
        used: m.JSHeapUsedSize,
        total: m.JSHeapTotalSize,
        nodes: m.Nodes,
      };
    };
    const t0 = performance.now();
    await page.goto(`${base}/manage`, { timeout: 120_000 });
    await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"]', {
      timeout: 120_000,
    });
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="fleet-map"] .map-canvas')?.getAttribute("data-pin-count") === String(n),
      vehicles,
      { timeout: 120_000 },
    );
    await page.waitForSelector('[data-testid="live-state"][data-state="open"]', { timeout: 60_000 });
    for (let i = 0; ; i++) {
      const { n } = await ctx.db
        .selectFrom("live_subscriptions")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("user_id", "=", adminId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= vehicles) break;
      if (i >= 120) throw new Error(`the page subscribed to ${n} of ${vehicles} vehicles`);
      await sleep(500);
    }
    if (process.env.BENCH_EVAL) await page.evaluate(process.env.BENCH_EVAL);
    if (process.env.BENCH_HIDE)
      await page.addStyleTag({
        content: `${process.env.BENCH_HIDE} { display: none !important; }`,
      });
    console.log(
      `bench: page ready with ${vehicles} pins and subscribed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await sleep(2000);
    const before = await heap();
    // Baseline: the same page with no updates flowing (what the busy machine and software WebGL allow).
    await page.evaluate(startRecording);
    await sleep(3000);
    const idle = await page.evaluate(stopRecording);
    console.log(
      `bench: idle (no updates) frames ${(idle.frames.length / 3).toFixed(1)}/s: interval p50 ${f1(quantile(idle.frames, 0.5))} ms, p99 ${f1(quantile(idle.frames, 0.99))} ms; long tasks ${idle.longTasks.length}`,
    );
    if (Number.isFinite(zoom)) {
      await page.evaluate((z) => window.__flotaMap?.jumpTo({ center: [19.82, 41.33], zoom: z }), zoom);
      await sleep(2000);
      console.log(`bench: view on Tirana at zoom ${zoom}`);
    }

    // Publish: every 20 ms, rate/50 positions of vehicles taken in turn, each a little further on.
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    const last = new Map<string, [number, number]>();
    let cursor = 0;
    let published = 0;
    const publishFor = async (ms: number, record: boolean) => {
      const until = performance.now() + ms;
      let next = performance.now();
      while (performance.now() < until) {
        const p: CompactPosition[] = [];
        const fix = Date.now();
        for (let k = 0; k < perTick; k++) {
          const i = cursor++ % ids.length;
          const s = start[i];
          s[0] += (Math.random() - 0.5) * 0.002;
          s[1] += (Math.random() - 0.5) * 0.002;
          p.push([
            ids[i],
            org.id,
            s[0],
            s[1],
            30 + Math.random() * 40,
            Math.floor(Math.random() * 360),
            1,
            fix,
            fix - 60_000,
          ]);
          last.set(ids[i], [s[1], s[0]]);
        }
        await liveBus.publish({ k: "pos", p });
        if (record) published += p.length;
        next += tickMs;
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
      }
    };
    await publishFor(3000, false); // warm-up
    const profiling = process.env.BENCH_PROFILE === "1";
    // Phase 1: the map drawn.
    await page.evaluate(startRecording);
    let started = performance.now();
    if (profiling) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    await publishFor(seconds * 1000, true);
    if (profiling) {
      const { profile } = (await cdp.send("Profiler.stop")) as {
        profile: {
          nodes: {
            id: number;
            callFrame: {
              functionName: string;
              url: string;
              lineNumber: number;
            };
          }[];
          samples: number[];
          timeDeltas: number[];
        };
      };
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const n = byId.get(id);
        if (!n) return;
        const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
      for (const [k, v] of top) console.log(`profile: ${v.toFixed(0)} ms ${k}`);
    }
    const drawn = await page.evaluate(stopRecording);
    const drawnSeconds = (performance.now() - started) / 1000;
    const during = await heap();
    // Phase 2: the same stream with every map layer hidden: the store, list, counters and source
    // updates (and MapLibre's worker) still run; nothing is drawn.
    const hidden = await page.evaluate(() => {
      const map = window.__flotaMap;
      if (!map) return 0;
      const layers = map.getStyle().layers ?? [];
      for (const l of layers) map.setLayoutProperty(l.id, "visibility", "none");
      return layers.length;
    });
    await publishFor(2000, false);
    await page.evaluate(startRecording);
    started = performance.now();
    await publishFor(seconds * 1000, true);
    const bare = await page.evaluate(stopRecording);
    const bareSeconds = (performance.now() - started) / 1000;
    if (Number.isFinite(zoom)) await page.evaluate(() => window.__flotaMap?.jumpTo({ center: [20.0, 41.2], zoom: 6 }));
    // Did the last position of every vehicle reach the map source? (Asked until it stops improving.)
    const expected = [...last.entries()];
    const check = () =>
      page.evaluate(async (exp) => {
        const source = (
          window as unknown as {
            __flotaMap?: {
              getSource(id: string):
                | {
                    getData(): Promise<GeoJSON.FeatureCollection<GeoJSON.Point>>;
                  }
                | undefined;
            };
          }
        ).__flotaMap?.getSource("vehicles");
        if (!source) return -1;
        const data = await source.getData();
        const at = new Map(data.features.map((f) => [f.properties?.vehicleId as string, f.geometry.coordinates]));
        let ok = 0;
        const misses: unknown[] = [];
        for (const [id, [lon, lat]] of exp) {
          const c = at.get(id);
          if (c && Math.abs(c[0] - lon) < 1e-5 && Math.abs(c[1] - lat) < 1e-5) ok++;
          else if (misses.length < 3) misses.push({ id, expected: [lon, lat], got: c ?? null });
        }
        if (misses.length) console.log(JSON.stringify(misses));
        return ok;
      }, expected);
    let matched = -1;
    for (let i = 0; i < 10; i++) {
      await sleep(2000);
      const now = await check();
      if (now === matched || now === expected.length) {
        matched = now;
        break;
      }
      matched = now;
    }

    console.log(
      `bench: published ${published} positions in ${(drawnSeconds + bareSeconds).toFixed(1)} s recorded (${Math.round(published / (drawnSeconds + bareSeconds))}/s); hub delivered ${live.hub.delivered} in all`,
    );
    for (const line of phaseLines("map drawn", drawn, drawnSeconds)) console.log(`bench: ${line}`);
    for (const line of phaseLines(`map not drawn (${hidden} layers hidden)`, bare, bareSeconds))
      console.log(`bench: ${line}`);
    console.log(
      `bench: last positions on the map ${matched}/${expected.length}; JS heap used ${mb(before.used)} before, ${mb(during.used)} under load (total ${mb(during.total)}); DOM nodes ${during.nodes}; page errors ${errors.length}`,
    );
    console.log(
      `bench: load average after ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(
      `map frame interval p50 ${f1(quantile(drawn.frames, 0.5))} ms, p99 ${f1(quantile(drawn.frames, 0.99))} ms drawn; ${f1(quantile(bare.frames, 0.5))} / ${f1(quantile(bare.frames, 0.99))} ms not drawn; source update p50 ${f1(quantile(drawn.updates, 0.5))} ms; Flota long tasks ${drawn.loafs.filter((l) => l.flotaMax > 50).length + bare.loafs.filter((l) => l.flotaMax > 50).length}; JS heap ${mb(during.used)} (${vehicles} vehicles, ${rate}/s)`,
    );
    if (errors.length) console.log(errors.slice(0, 5).join("\n"));
  } finally {
    clearTimeout(guard);
    await browser.close();
    await live?.close();
    await bus?.close();
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
