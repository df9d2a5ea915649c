/**
 * Alert engine cost: positions per second through the position pipeline (PostgreSQL, alert hook on)
 * for an organisation without alert rules and for one with 10,000 geofences and 1,000 policies,
 * fed the same tracks. Target: less than 25 % slower with the rules.
 *
 *   npm run bench:alerts -- [--vehicles 1000] [--positions 60000] [--records 10] [--geofences 10000] [--policies 1000]
 *                           [--vehicles-per-policy 10] [--all-vehicle-policies 5] [--start-hour 9] [--rounds 2]
 *
 * Each policy covers `vehicles-per-policy` random vehicles; the first `all-vehicle-policies` (one of each of the first
 * types: speeding, geofence entry, exit, dwell, ignition on) cover all vehicles.
 *
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL. Prints, last:
 *   without rules N positions/s; with 10000 geofences and 1000 policies M positions/s (X % slower); alerts raised K
 */
import { cpus, loadavg } from "node:os";
import pino from "pino";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createAlertHook, AlertRulesCache, ALERT_TYPES } from "../server/modules/alerts";
import { createLiveBus } from "../server/modules/live";
import { DeviceRegistry } from "../server/modules/devices";
import { destination, polygonBoundingBox, type LonLat } from "../server/modules/places";
import { type PositionHook, createPositionPipeline } from "../server/modules/positions";
import type { JobQueue } from "../server/queue/job-queue";
import type { DevicePosition } from "../server/shared/device-contract";
import { localDay, zonedMidnight } from "../server/shared/local-time";
import { circleGeofence, makeBenchOrg, rng } from "./bench-fleet";
import { openDatabase } from "./bench-db";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

// Albania's rough extent: where the geofences and the tracks are.
const AREA = { minLon: 19.3, maxLon: 20.6, minLat: 39.9, maxLat: 42.3 };

async function addRules(
  ctx: AppContext,
  org: Awaited<ReturnType<typeof makeBenchOrg>>,
  geofences: number,
  policies: number,
  perPolicy: number,
  allVehicles: number,
) {
  const rnd = rng(7);
  const places = [];
  for (let i = 0; i < geofences; i++) {
    const c: LonLat = [
      AREA.minLon + rnd() * (AREA.maxLon - AREA.minLon),
      AREA.minLat + rnd() * (AREA.maxLat - AREA.minLat),
    ];
    if (i % 4 === 0) {
      const ring: LonLat[] = [0, 72, 144, 216, 288].map((b) => destination(c, b, 100 + rnd() * 500));
      const box = polygonBoundingBox(ring);
      places.push({
        org_id: org.orgId,
        kind: "geofence" as const,
        shape: "polygon" as const,
        name: `Zone ${i}`,
        category: "Bench",
        latitude: c[1],
        longitude: c[0],
        radius_m: null,
        polygon: JSON.stringify(ring),
        min_lat: box.minLat,
        max_lat: box.maxLat,
        min_lon: box.minLon,
        max_lon: box.maxLon,
      });
    } else {
      places.push(circleGeofence(org.orgId, `Site ${i}`, c, 50 + rnd() * 450));
    }
  }
  const fenceIds: string[] = [];
  for (let i = 0; i < places.length; i += 1000)
    fenceIds.push(
      ...(
        await ctx.db
          .insertInto("places")
          .values(places.slice(i, i + 1000))
          .returning("id")
          .execute()
      ).map((r) => r.id),
    );

  const types = ALERT_TYPES.filter((t) => t !== "unseen");
  const rows = Array.from({ length: policies }, (_, i) => {
    const type = types[i % types.length];
    return {
      org_id: org.orgId,
      name: `Policy ${i}`,
      alert_type: type,
      all_vehicles: i < allVehicles,
      all_geofences: i % 2 === 0,
      speed_limit_kmh: type === "speeding" ? 90 + (i % 5) * 10 : null,
      duration_min: type === "geofence_dwell" || type === "idling" ? 5 + (i % 4) * 5 : null,
      time_from: type === "movement_outside_hours" ? "07:00" : null,
      time_to: type === "movement_outside_hours" ? "19:00" : null,
      daily_limit: i % 3 === 0 ? 20 : null,
      notify_in_app: true,
      notify_email: false,
    };
  });
  const ids = await ctx.db
    .insertInto("alert_policies")
    .values(rows)
    .returning(["id", "all_vehicles", "all_geofences", "alert_type"])
    .execute();
  const links = { v: [] as object[], g: [] as object[], r: [] as object[] };
  for (const p of ids) {
    links.r.push({ org_id: org.orgId, policy_id: p.id, user_id: org.adminId });
    if (!p.all_vehicles)
      for (let k = 0; k < perPolicy; k++)
        links.v.push({
          org_id: org.orgId,
          policy_id: p.id,
          vehicle_id: org.vehicleIds[Math.floor(rnd() * org.vehicleIds.length)],
        });
    if (!p.all_geofences && p.alert_type.startsWith("geofence"))
      for (let k = 0; k < 5; k++)
        links.g.push({ org_id: org.orgId, policy_id: p.id, place_id: fenceIds[Math.floor(rnd() * fenceIds.length)] });
  }
  const insert = async (
    table: "alert_policy_vehicles" | "alert_policy_geofences" | "alert_policy_recipients",
    values: object[],
  ) => {
    for (let i = 0; i < values.length; i += 2000)
      await ctx.db
        .insertInto(table)
        .values(values.slice(i, i + 2000) as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
  };
  await insert("alert_policy_vehicles", links.v);
  await insert("alert_policy_geofences", links.g);
  await insert("alert_policy_recipients", links.r);
}

/**
 * One packet of `records` fixes (10 s apart) per vehicle and round, from a simple driver model: speed
 * drifting between 30 and 110 km/h, now and then a stop of 1–20 minutes (engine off after two), the odd alarm.
 */
function tracks(
  imeis: string[],
  total: number,
  records: number,
  start: number,
): Array<{ imei: string; packets: DevicePosition[][] }> {
  const rnd = rng(11);
  const perVehicle = Math.ceil(total / imeis.length / records);
  return imeis.map((imei) => {
    let pos: LonLat = [
      AREA.minLon + rnd() * (AREA.maxLon - AREA.minLon),
      AREA.minLat + rnd() * (AREA.maxLat - AREA.minLat),
    ];
    let course = rnd() * 360;
    let speed = 40 + rnd() * 50;
    let stopLeft = 0;
    let stoppedFor = 0;
    let t = start;
    const packets: DevicePosition[][] = [];
    for (let p = 0; p < perVehicle; p++) {
      const packet: DevicePosition[] = [];
      for (let r = 0; r < records; r++) {
        t += 10_000;
        if (stopLeft === 0 && rnd() < 0.004) {
          stopLeft = 6 + Math.floor(rnd() * 114);
          stoppedFor = 0;
        }
        let v = 0;
        if (stopLeft > 0) {
          stopLeft--;
          stoppedFor++;
        } else {
          speed = Math.min(110, Math.max(30, speed + (rnd() - 0.5) * 10));
          course = (course + (rnd() - 0.5) * 20 + 360) % 360;
          pos = destination(pos, course, (speed / 3.6) * 10);
          v = speed;
        }
        packet.push({
          deviceId: imei,
          protocol: "teltonika",
          fixTime: new Date(t),
          latitude: pos[1],
          longitude: pos[0],
          altitude: 100,
          speed: v,
          course,
          satellites: 9,
          valid: true,
          ignition: !(stopLeft > 0 && stoppedFor > 12),
          attributes: {},
          ...(rnd() < 0.0005 ? { alarm: "sos" as const } : {}),
        });
      }
      packets.push(packet);
    }
    return { imei, packets };
  });
}

async function drive(ctx: AppContext, registry: DeviceRegistry, hook: PositionHook, load: ReturnType<typeof tracks>) {
  const pipeline = createPositionPipeline({
    db: ctx.db,
    log: ctx.log,
    lookup: (id) => registry.lookup(id),
    hooks: [hook],
  });
  const started = performance.now();
  // Every vehicle sends its packets one after the other, as a device waits for each acknowledgement.
  await Promise.all(
    load.map(async (v) => {
      for (const packet of v.packets) await pipeline.onPositions(v.imei, packet);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pipeline.close();
  return { rate: pipeline.stats.stored / seconds, stored: pipeline.stats.stored, seconds };
}

async function main() {
  const vehicles = arg("vehicles", 1000);
  const positions = arg("positions", 60_000);
  const records = arg("records", 10);
  const geofences = arg("geofences", 10_000);
  const policies = arg("policies", 1_000);
  const rounds = arg("rounds", 2);
  const perPolicy = arg("vehicles-per-policy", 10);
  // The first N policies (one of each of the first N types) cover all vehicles.
  const allVehicles = arg("all-vehicle-policies", 5);
  // Tracks start at this local hour (Tirana) of the previous day: working hours by default.
  const startHour = arg("start-hour", 9);
  const start =
    zonedMidnight(localDay(Date.now() - 86_400_000, "Europe/Tirane"), "Europe/Tirane").getTime() + startHour * 3600_000;
  const db = await openDatabase();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    FLOTA_DEMO: "false",
  });
  const handle = connectDatabase(db.url, 12);
  const ctx: AppContext = {
    config,
    db: handle.db,
    log: pino({ level: "warn" }),
    jobs: null as unknown as JobQueue,
    buildId: "bench",
  };
  try {
    await migrate(handle.pool);
    // In-app notices go out on the live bus, as in a running server.
    const bus = await createLiveBus({ redisUrl: null, databaseUrl: db.url, log: ctx.log });
    ctx.live = bus;
    console.log(
      `bench: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} (other work on the machine skews the figures)`,
    );
    const results: Record<"plain" | "rules" | "evalOnly", number[]> = { plain: [], rules: [], evalOnly: [] };
    const cache = new AlertRulesCache(ctx.db, 1000);
    const registry = new DeviceRegistry(ctx.db);
    let alerts = 0;
    let loadMs = 0;
    for (let round = 0; round < rounds; round++) {
      // Fresh organisations each round, so both runs write into equally empty vehicle histories.
      const plain = await makeBenchOrg(ctx, `Plain ${round}`, vehicles, `31${round}`);
      const ruled = await makeBenchOrg(ctx, `Rules ${round}`, vehicles, `32${round}`);
      await addRules(ctx, ruled, geofences, policies, perPolicy, allVehicles);
      const t = performance.now();
      const rules = (await cache.forOrgs([ruled.orgId])).get(ruled.orgId)!;
      loadMs = performance.now() - t;
      if (round === 0)
        console.log(
          `bench: rules compiled in ${loadMs.toFixed(0)} ms: ${rules.policyCount} policies, ${rules.geofences?.size ?? 0} geofences, ${rules.byVehicle.size} vehicles with policies (avg ${([...rules.byVehicle.values()].reduce((s, l) => s + l.length, 0) / rules.byVehicle.size).toFixed(0)} each)`,
        );
      const hook = createAlertHook(ctx, cache);
      // The engine with its state, but the alerts neither stored nor announced: the evaluation's own cost.
      const evalOnly: PositionHook = {
        name: "alerts (evaluation only)",
        async begin(orgIds) {
          const run = await hook.begin(orgIds);
          return { onFix: run.onFix };
        },
      };
      const evalOrg = await makeBenchOrg(ctx, `Eval ${round}`, vehicles, `33${round}`);
      await addRules(ctx, evalOrg, geofences, policies, perPolicy, allVehicles);
      const runs: Array<["plain" | "rules" | "evalOnly", typeof plain, PositionHook]> = [
        ["plain", plain, hook],
        ["rules", ruled, hook],
        ["evalOnly", evalOrg, evalOnly],
      ];
      if (round % 2) runs.reverse();
      for (const [kind, org, h] of runs) {
        const r = await drive(ctx, registry, h, tracks(org.imeis, positions, records, start));
        results[kind].push(r.rate);
        const label = {
          plain: "without rules           ",
          rules: "with rules              ",
          evalOnly: "with rules, not stored  ",
        }[kind];
        console.log(
          `bench: round ${round + 1} ${label} ${r.stored} positions in ${r.seconds.toFixed(1)} s = ${Math.round(r.rate)} positions/s`,
        );
        if (kind === "rules" && round === 0) {
          const byType = await ctx.db
            .selectFrom("alerts")
            .select(["alert_type", (eb) => eb.fn.countAll<number>().as("n")])
            .where("org_id", "=", org.orgId)
            .groupBy("alert_type")
            .execute();
          console.log(`bench: alerts by type ${byType.map((r) => `${r.alert_type} ${r.n}`).join(", ")}`);
        }
        if (kind === "rules")
          alerts += Number(
            (
              await ctx.db
                .selectFrom("alerts")
                .select((eb) => eb.fn.countAll<number>().as("n"))
                .where("org_id", "=", org.orgId)
                .executeTakeFirstOrThrow()
            ).n,
          );
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const plain = median(results.plain);
    const ruled = median(results.rules);
    const slower = ((plain - ruled) / plain) * 100;
    const evaluated = median(results.evalOnly);
    console.log(
      `bench: evaluation alone (alerts not stored): ${Math.round(evaluated)} positions/s, ${(((plain - evaluated) / plain) * 100).toFixed(1)} % slower; alerts per 1,000 positions ${((alerts / rounds / positions) * 1000).toFixed(1)}`,
    );
    console.log(
      `bench: load average after ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(
      `without rules ${Math.round(plain)} positions/s; with ${geofences} geofences and ${policies} policies ${Math.round(ruled)} positions/s (${slower.toFixed(1)} % slower; target < 25 %); alerts raised ${alerts}`,
    );
    ctx.live = undefined;
    await bus.close();
  } finally {
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
