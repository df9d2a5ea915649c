/**
 * `npm run bench:ingest -- --pipeline-only [--seconds 6]`: the Node CPU of the position pipeline alone (validation,
 * state, COPY data, statements, pg client), without sockets, decoding, hooks or live fan-out: 500 vehicles, each
 * handing 10-record packets to `onPositions` as soon as the previous one is committed. Prints positions/s and µs of
 * this process's CPU per stored position; less sensitive to other work on the machine than the full run's figures.
 */
import pino from "pino";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createPositionPipeline } from "../server/modules/positions";
import { createOrganization } from "../server/seed/seed";
import type { DevicePosition } from "../server/shared/device-contract";
import { openDatabase } from "./bench-db";

export async function pipelineBench(argv: string[]): Promise<void> {
  const i = argv.indexOf("--seconds");
  const seconds = i >= 0 ? Number(argv[i + 1]) : 6;
  const db = await openDatabase();
  const handle = connectDatabase(db.url, 12);
  try {
    await migrate(handle.pool);
    const { org } = await createOrganization(handle.db, {
      name: "Bench",
      admin: { email: "bench@flota.local", password: "bench-password" },
    });
    const imeis = Array.from({ length: 500 }, (_, i) => `35900${String(i).padStart(10, "0")}`);
    const vehicles = await handle.db
      .insertInto("vehicles")
      .values(
        imeis.map((imei, i) => ({
          org_id: org.id,
          registration: `BN ${String(i).padStart(4, "0")}`,
          category: "Car" as const,
          device_imei: imei,
          device_protocol: "teltonika" as const,
        })),
      )
      .returning("id")
      .execute();
    const byImei = new Map(imeis.map((imei, i) => [imei, { vehicleId: vehicles[i].id, orgId: org.id }]));
    const pipeline = createPositionPipeline({
      db: handle.db,
      log: pino({ level: "warn" }),
      lookup: async (id) => byImei.get(id) ?? null,
      concurrency: 2,
    });
    let base = Date.now() - 20 * 3600_000;
    const run = async (ms: number) => {
      const until = Date.now() + ms;
      let stored = 0;
      await Promise.all(
        imeis.map(async (imei, d) => {
          for (let seq = 0; Date.now() < until; seq++) {
            const packet: DevicePosition[] = Array.from({ length: 10 }, (_, i) => ({
              deviceId: imei,
              protocol: "teltonika",
              fixTime: new Date(base + (seq * 10 + i) * 50),
              latitude: 41.3 + d * 1e-4,
              longitude: 19.8 + i * 1e-5,
              altitude: 110,
              speed: 40,
              course: 90,
              satellites: 9,
              valid: true,
              ignition: true,
              attributes: { priority: 0, eventIoId: 0, io21: 5, io66: 12345 },
            }));
            const n = await pipeline.onPositions(imei, packet);
            stored += n;
          }
        }),
      );
      return stored;
    };
    await run(2000); // warm-up
    base += 3600_000;
    const transactions = pipeline.stats.transactions;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const stored = await run(seconds * 1000);
    const cpu = process.cpuUsage(cpu0);
    const s = (performance.now() - started) / 1000;
    console.log(
      `pipeline only: ${stored} positions in ${pipeline.stats.transactions - transactions} transactions, ${Math.round(
        stored / s,
      )} positions/s; Node ${((cpu.user + cpu.system) / stored).toFixed(2)} µs CPU per stored position`,
    );
    await pipeline.close();
  } finally {
    await handle.close();
    await db.cleanup();
  }
}
