/**
 * bench:reports' ingest figure: positions per second through the position pipeline with and without the segments
 * hook (trips, stops, idling, speeding and geofence visits, 60 geofences), alternating rounds. The clock of a round
 * stops when every position is stored and derived. The check: the segments derived while ingesting equal a
 * from-scratch rebuild of the same vehicles' stored positions.
 */
import type { AppContext } from "../server/context";
import { driversOf, createSegmentsHook, rebuildVehicleSegments } from "../server/modules/analytics";
import { DeviceRegistry } from "../server/modules/devices";
import { destination, type LonLat } from "../server/modules/places";
import { type PositionHook, createPositionPipeline } from "../server/modules/positions";
import type { DevicePosition } from "../server/shared/device-contract";
import { HOME, makeBenchOrg, rng } from "./bench-fleet";

interface IngestOptions {
  positions: number;
  vehicles: number;
  say(s: string): void;
  addGeofences(ctx: AppContext, orgId: string, n: number, seed: number): Promise<unknown>;
}

function ingestTracks(imeis: string[], total: number, start: number) {
  const rnd = rng(11);
  const records = 10;
  const perVehicle = Math.ceil(total / imeis.length / records);
  return imeis.map((imei) => {
    let pos: LonLat = [HOME[0] + (rnd() - 0.5) * 0.16, HOME[1] + (rnd() - 0.5) * 0.12];
    let course = rnd() * 360;
    let speed = 40;
    let stopLeft = 0;
    let t = start;
    const packets: DevicePosition[][] = [];
    for (let p = 0; p < perVehicle; p++) {
      const packet: DevicePosition[] = [];
      for (let r = 0; r < records; r++) {
        t += 10_000;
        if (stopLeft === 0 && rnd() < 0.006) stopLeft = 6 + Math.floor(rnd() * 60);
        let v = 0;
        if (stopLeft > 0) stopLeft--;
        else {
          speed = Math.min(90, Math.max(20, speed + (rnd() - 0.5) * 12));
          course = (course + (rnd() - 0.5) * 40 + 360) % 360;
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
          ignition: stopLeft < 30,
          attributes: {},
        });
      }
      packets.push(packet);
    }
    return { imei, packets };
  });
}

async function drive(
  ctx: AppContext,
  registry: DeviceRegistry,
  hooks: PositionHook[],
  load: ReturnType<typeof ingestTracks>,
) {
  const pipeline = createPositionPipeline({ db: ctx.db, log: ctx.log, lookup: (id) => registry.lookup(id), hooks });
  const started = performance.now();
  await Promise.all(
    load.map(async (v) => {
      for (const packet of v.packets) await pipeline.onPositions(v.imei, packet);
    }),
  );
  // the clock stops when every position is stored and, with the hook, derived (its queue flushes on close)
  await pipeline.close();
  const seconds = (performance.now() - started) / 1000;
  return { rate: pipeline.stats.stored / seconds, stored: pipeline.stats.stored, seconds };
}

export async function measureIngest(ctx: AppContext, opts: IngestOptions): Promise<{ plain: number; derived: number }> {
  const { say, addGeofences } = opts;
  const ingestPositions = opts.positions;
  const ingestVehicles = opts.vehicles;
  const registry = new DeviceRegistry(ctx.db);
  const rates: Record<"plain" | "derived", number[]> = { plain: [], derived: [] };
  const hook = createSegmentsHook(ctx);
  // every fix in the past: the tracks run ten seconds apart per vehicle
  const ingestStart = Date.now() - Math.ceil(ingestPositions / ingestVehicles) * 10_000 - 3600_000;
  let derivedOrg: { orgId: string; vehicleIds: string[] } | null = null;
  for (let round = 0; round < 2; round++) {
    const order: Array<"plain" | "derived"> = round % 2 ? ["derived", "plain"] : ["plain", "derived"];
    for (const kind of order) {
      const o = await makeBenchOrg(
        ctx,
        `Ingest ${kind} ${round}`,
        ingestVehicles,
        `${kind === "plain" ? 5 : 6}${round}`,
      );
      await addGeofences(ctx, o.orgId, 60, 5);
      const r = await drive(
        ctx,
        registry,
        kind === "plain" ? [] : [hook],
        ingestTracks(o.imeis, ingestPositions, ingestStart),
      );
      rates[kind].push(r.rate);
      if (kind === "derived") derivedOrg = o;
      say(
        `ingest round ${round + 1} ${kind === "plain" ? "without derivation" : "with derivation   "} ${r.stored} positions in ${r.seconds.toFixed(1)} s = ${Math.round(r.rate)} positions/s`,
      );
    }
  }
  // The check: what was derived while ingesting equals a from-scratch rebuild of the same vehicles' positions.
  const sample = derivedOrg!.vehicleIds.slice(0, 20);
  const shapes = async () =>
    (
      await ctx.db
        .selectFrom("vehicle_segments")
        .select(["vehicle_id", "kind", "start_time", "end_time", "distance_m"])
        .where("vehicle_id", "in", sample)
        .orderBy("vehicle_id")
        .orderBy("start_time")
        .orderBy("kind")
        .execute()
    ).map(
      (r) => `${r.vehicle_id} ${r.kind} ${r.start_time.getTime()}-${r.end_time.getTime()} ${r.distance_m.toFixed(1)}`,
    );
  const live = await shapes();
  for (const vehicleId of sample)
    await rebuildVehicleSegments(ctx.db, driversOf, { vehicleId, orgId: derivedOrg!.orgId }, 0);
  const rebuilt = await shapes();
  const same = live.length === rebuilt.length && live.every((x, i) => x === rebuilt[i]);
  say(
    `derived while ingesting vs rebuilt from the stored positions (${sample.length} vehicles): ${live.length} vs ${rebuilt.length} segments, ${same ? "identical" : "DIFFERENT"}`,
  );
  if (!same || !live.length)
    throw new Error("segments derived during ingest differ from a rebuild of the same positions");
  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const m = Math.floor(v.length / 2);
    return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
  };
  const plain = median(rates.plain);
  const derived = median(rates.derived);
  return { plain, derived };
}
