/** The synthetic fleet of `npm run bench:reports`: a month of van tracks (as COPY rows) and circle geofences. */
import type { AppContext } from "../server/context";
import { destination, type LonLat } from "../server/modules/places";
import { circleGeofence, HOME, rng } from "./bench-fleet";

const DAY = 86_400_000;

export interface Fix {
  t: number;
  lon: number;
  lat: number;
  speed: number;
  course: number;
  ignition: boolean;
  odo: number;
}

/**
 * A delivery van's month round Tirana: parked overnight (a fix every 10 min), about 8 h on the road from a
 * start between 06:00 and 09:00 UTC with a fix every 10 s (turns, traffic-light waits with the engine on), four
 * to six deliveries of 5–30 min with the engine off (a fix a minute), heading back when far from the centre.
 */
export function vanMonth(seed: number, start: number, days: number, onStop: (p: LonLat) => void): Fix[] {
  const rnd = rng(seed);
  const out: Fix[] = [];
  let pos: LonLat = [HOME[0] + (rnd() - 0.5) * 0.1, HOME[1] + (rnd() - 0.5) * 0.07];
  let odo = 0;
  let course = rnd() * 360;
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    let t = dayStart;
    const park = (until: number, every: number) => {
      for (; t < until; t += every) out.push({ t, lon: pos[0], lat: pos[1], speed: 0, course, ignition: false, odo });
    };
    const driveFrom = dayStart + (6 + rnd() * 3) * 3600_000;
    park(driveFrom, 600_000);
    const driveUntil = t + 8 * 3600_000;
    const deliveries = Array.from({ length: 4 + Math.floor(rnd() * 3) }, () => t + rnd() * 8 * 3600_000).sort(
      (a, b) => a - b,
    );
    let speed = 40;
    let nextTurn = t + (30 + rnd() * 90) * 1000;
    let waitUntil = 0;
    while (t < driveUntil) {
      if (deliveries.length && t >= deliveries[0]) {
        deliveries.shift();
        onStop(pos);
        park(t + (5 + rnd() * 25) * 60_000, 60_000);
        continue;
      }
      if (t >= nextTurn) {
        const far = Math.abs(pos[1] - HOME[1]) > 0.05 || Math.abs(pos[0] - HOME[0]) > 0.07;
        course = far
          ? (Math.atan2(HOME[0] - pos[0], HOME[1] - pos[1]) * 180) / Math.PI
          : (course + [90, -90, 0][Math.floor(rnd() * 3)] + 360) % 360;
        nextTurn = t + (30 + rnd() * 90) * 1000;
        if (rnd() < 0.3) waitUntil = t + (20 + rnd() * 70) * 1000;
      }
      const waiting = t < waitUntil;
      speed = waiting ? 0 : Math.min(90, Math.max(20, (speed || 30) + (rnd() - 0.5) * 12));
      out.push({ t, lon: pos[0], lat: pos[1], speed, course, ignition: true, odo });
      if (!waiting) {
        const m = (speed / 3.6) * 10;
        pos = destination(pos, course, m);
        odo += m;
      }
      t += 10_000;
    }
    park(dayStart + DAY, 600_000);
  }
  return out;
}

export const copyRow = (orgId: string, vehicleId: string, f: Fix) =>
  `${orgId}\t${vehicleId}\tbench\t${new Date(f.t).toISOString()}\t${f.lat.toFixed(6)}\t${f.lon.toFixed(6)}\t${f.speed.toFixed(1)}\t${Math.round(f.course)}\t${f.ignition ? "t" : "f"}\tt\t${f.odo.toFixed(1)}\n`;
export const COPY_COLUMNS = [
  "org_id",
  "vehicle_id",
  "device_id",
  "fix_time",
  "lat",
  "lon",
  "speed_kmh",
  "course",
  "ignition",
  "valid",
  "odometer_m",
];

/** Depots and client sites as circle geofences round the area the vans drive in. */
export async function addGeofences(ctx: AppContext, orgId: string, n: number, seed: number) {
  const rnd = rng(seed);
  const rows = Array.from({ length: n }, (_, i) => {
    const c: LonLat = [HOME[0] + (rnd() - 0.5) * 0.16, HOME[1] + (rnd() - 0.5) * 0.12];
    return circleGeofence(orgId, `Zone ${i}`, c, 100 + rnd() * 300);
  });
  if (rows.length) await ctx.db.insertInto("places").values(rows).execute();
}
