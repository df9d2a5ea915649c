import type { AppContext } from "../context";
import { sendOsmAnd, TeltonikaClient } from "../telematics/simulator";
import { DemoCamera } from "./demo-camera";
import { VehicleSim } from "./vehicle-sim";

export interface DemoSimulator {
  readonly vehicles: number;
  stop(): Promise<void>;
}

const MIN_INTERVAL_MS = 5000;
const MAX_INTERVAL_MS = 10000;

/**
 * Drives the demo vehicles (Teltonika and OsmAnd devices from the seed) over loopback with the real
 * protocols into this process's gateways: one record every 5–10 s per vehicle.
 */
export async function startDemoSimulator(
  ctx: AppContext,
  ports: { teltonika?: number; osmand?: number; camera?: number },
  opts: { limit?: number } = {},
): Promise<DemoSimulator> {
  const log = ctx.log.child({ module: "simulator" });
  const rows = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "device_imei", "device_protocol"])
    .where("device_imei", "is not", null)
    .where("device_protocol", "in", ["teltonika", "osmand"])
    .orderBy("created_at")
    .limit(opts.limit ?? 50)
    .execute();
  const withCamera = new Set(
    (await ctx.db.selectFrom("vehicle_cameras").select("vehicle_id").execute()).map((c) => c.vehicle_id),
  );
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const clients = new Set<TeltonikaClient>();

  const runVehicle = (index: number, imei: string, protocol: "teltonika" | "osmand", hasCamera: boolean) => {
    const sim = new VehicleSim(index);
    const camera =
      hasCamera && ports.camera && protocol === "teltonika" ? new DemoCamera(imei, ports.camera, index, log) : null;
    let here = { lat: 41.3275, lon: 19.8187 };
    let client: TeltonikaClient | null = null;
    let last = Date.now();
    const tick = async () => {
      const now = Date.now();
      const fix = sim.step((now - last) / 1000, new Date(now));
      last = now;
      here = { lat: fix.latitude, lon: fix.longitude };
      try {
        if (protocol === "osmand" && ports.osmand) {
          await sendOsmAnd(`http://127.0.0.1:${ports.osmand}/`, { deviceId: imei, ...fix });
        } else if (protocol === "teltonika" && ports.teltonika) {
          if (!client) {
            client = await TeltonikaClient.connect(ports.teltonika);
            clients.add(client);
            if (!(await client.handshake(imei))) throw new Error("refused");
            camera?.periodic(here, 20_000 + Math.random() * 20_000);
          }
          // An immobilisation command may be waiting: answer it like a device with DOUT1 on the relay.
          if (client.pendingBytes >= 8) {
            const text = await client.receiveCommand(1000);
            await client.respondToCommand(
              camera?.handleCommand(text, here) ?? `DOUT1:${text.endsWith("1") ? 1 : 0} DOUT2:0`,
            );
          }
          await client.sendRecords([
            { ...fix, satellites: 9, altitude: 110, odometer: fix.odometerM, motion: fix.speed > 0, power: 12.6 },
          ]);
        }
      } catch (err) {
        log.debug({ err, imei }, "simulated device send failed; reconnecting");
        if (client) {
          clients.delete(client);
          client.close();
        }
        client = null;
      }
      schedule();
    };
    const schedule = () => {
      if (stopped) return;
      const t = setTimeout(
        () => {
          timers.delete(t);
          void tick();
        },
        MIN_INTERVAL_MS + Math.random() * (MAX_INTERVAL_MS - MIN_INTERVAL_MS),
      );
      timers.add(t);
    };
    schedule();
  };

  rows.forEach((r, i) =>
    runVehicle(i, r.device_imei!, r.device_protocol as "teltonika" | "osmand", withCamera.has(r.id)),
  );
  log.info({ vehicles: rows.length }, "demo fleet simulator started");
  return {
    vehicles: rows.length,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      for (const c of clients) c.close();
    },
  };
}
