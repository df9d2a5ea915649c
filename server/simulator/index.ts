import type { AppContext } from "../context";
import { DemoCamera } from "./demo-camera";
import {
  demoDevice,
  SIMULATED_PROTOCOLS,
  type DemoDevice,
  type DemoPorts,
  type SimulatedProtocol,
} from "./demo-devices";
import { VehicleSim } from "./vehicle-sim";

export interface DemoSimulator {
  readonly vehicles: number;
  stop(): Promise<void>;
}

const MIN_INTERVAL_MS = 5000;
const MAX_INTERVAL_MS = 10000;

/**
 * Drives the demo vehicles (the seed's Teltonika, OsmAnd, JT/T 808 and Queclink devices) over loopback with
 * the real protocols into this process's gateways: one record every 5–10 s per vehicle.
 */
export async function startDemoSimulator(
  ctx: AppContext,
  ports: DemoPorts,
  opts: { limit?: number; intervalMs?: [number, number]; orgId?: string } = {},
): Promise<DemoSimulator> {
  const log = ctx.log.child({ module: "simulator" });
  const [minMs, maxMs] = opts.intervalMs ?? [MIN_INTERVAL_MS, MAX_INTERVAL_MS];
  const rows = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "device_imei", "device_protocol"])
    .where("device_imei", "is not", null)
    .where("device_protocol", "in", [...SIMULATED_PROTOCOLS])
    .$if(opts.orgId !== undefined, (q) => q.where("org_id", "=", opts.orgId!))
    .orderBy("created_at")
    .limit(opts.limit ?? 50)
    .execute();
  const withCamera = new Set(
    (await ctx.db.selectFrom("vehicle_cameras").select("vehicle_id").execute()).map((c) => c.vehicle_id),
  );
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const devices = new Set<DemoDevice>();

  const runVehicle = (index: number, imei: string, protocol: SimulatedProtocol, hasCamera: boolean) => {
    const sim = new VehicleSim(index);
    const camera =
      hasCamera && ports.camera && protocol === "teltonika" ? new DemoCamera(imei, ports.camera, index, log) : null;
    let device: DemoDevice | null = null;
    let last = Date.now();
    const tick = async () => {
      const now = Date.now();
      const fix = sim.step((now - last) / 1000, new Date(now));
      last = now;
      try {
        device ??= demoDevice(protocol, imei, ports, camera);
        if (device) {
          devices.add(device);
          await device.send(fix, { lat: fix.latitude, lon: fix.longitude });
        }
      } catch (err) {
        log.debug({ err, imei, protocol }, "simulated device send failed; reconnecting");
        if (device) {
          devices.delete(device);
          device.close();
        }
        device = null;
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
        minMs + Math.random() * (maxMs - minMs),
      );
      timers.add(t);
    };
    schedule();
  };

  rows.forEach((r, i) => runVehicle(i, r.device_imei!, r.device_protocol as SimulatedProtocol, withCamera.has(r.id)));
  log.info({ vehicles: rows.length }, "demo fleet simulator started");
  return {
    vehicles: rows.length,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      for (const d of devices) d.close();
    },
  };
}
