import { sql, type Kysely } from "kysely";
import type { Database } from "../server/db/schema";

export interface MonthFix {
  at: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  ignition: boolean;
}

/** Small deterministic PRNG, so a bench or test run always drives the same month. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `days` days of one delivery van around Tirana, ending at `end`: about 8 hours of driving a day with a
 * fix every 10 s (turns on a street grid, traffic-light waits with the engine on, three delivery stops
 * of 5–20 minutes with the engine off), parked overnight with a fix every 10 minutes.
 */
export function monthOfDriving(end: Date, days = 30, seed = 7): MonthFix[] {
  const rnd = random(seed);
  const fixes: MonthFix[] = [];
  const home = { lat: 41.3275, lon: 19.8187 };
  // Whole "days" of 24 h ending at `end` (so a 30-day month fits a 31-day replay period whatever the hour).
  const start = new Date(end.getTime() - days * 86_400_000);
  for (let d = 0; d < days; d++) {
    const dayStart = start.getTime() + d * 86_400_000;
    let t = dayStart;
    const park = (until: number, at: { lat: number; lon: number }) => {
      for (; t < until; t += 600_000)
        fixes.push({ at: new Date(t), lat: at.lat, lon: at.lon, speed: 0, course: 0, ignition: false });
    };
    park(dayStart + 7 * 3_600_000, home); // the night: 7 hours parked
    let pos = { ...home };
    let course = [0, 90, 180, 270][Math.floor(rnd() * 4)];
    let speed = 30;
    const driveUntil = t + 8 * 3_600_000;
    const deliveries = [0.25, 0.5, 0.75].map((f) => t + f * 8 * 3_600_000);
    let nextTurn = t + (30 + rnd() * 60) * 1000;
    let waitUntil = 0;
    while (t < driveUntil) {
      if (deliveries.length && t >= deliveries[0]) {
        deliveries.shift();
        const stopEnd = t + (5 + rnd() * 15) * 60_000;
        for (; t < stopEnd; t += 60_000)
          fixes.push({ at: new Date(t), lat: pos.lat, lon: pos.lon, speed: 0, course, ignition: false });
        continue;
      }
      if (t >= nextTurn) {
        // Back towards home when far out, otherwise a random turn on the grid.
        const far = Math.abs(pos.lat - home.lat) > 0.05 || Math.abs(pos.lon - home.lon) > 0.07;
        if (far)
          course =
            Math.abs(pos.lat - home.lat) > Math.abs(pos.lon - home.lon)
              ? pos.lat > home.lat
                ? 180
                : 0
              : pos.lon > home.lon
                ? 270
                : 90;
        else course = (course + (rnd() < 0.5 ? 90 : 270)) % 360;
        nextTurn = t + (30 + rnd() * 90) * 1000;
        if (rnd() < 0.3) waitUntil = t + (20 + rnd() * 60) * 1000;
      }
      speed = t < waitUntil ? 0 : Math.max(15, Math.min(70, speed + (rnd() - 0.5) * 12));
      const m = (speed / 3.6) * 10;
      const rad = (course * Math.PI) / 180;
      pos = {
        lat: pos.lat + (Math.cos(rad) * m + (rnd() - 0.5) * 4) / 110_574,
        lon: pos.lon + (Math.sin(rad) * m + (rnd() - 0.5) * 4) / (111_320 * Math.cos((pos.lat * Math.PI) / 180)),
      };
      fixes.push({
        at: new Date(t),
        lat: pos.lat,
        lon: pos.lon,
        speed: Math.round(speed * 10) / 10,
        course,
        ignition: true,
      });
      t += 10_000;
    }
    park(dayStart + 86_400_000, pos);
  }
  return fixes.filter((f) => f.at.getTime() <= end.getTime());
}

/** Writes the fixes straight into `positions` (the pipeline's validation and state are not what is measured). */
export async function insertFixes(
  db: Kysely<Database>,
  org: { orgId: string },
  vehicle: { id: string; imei: string },
  fixes: MonthFix[],
) {
  for (let i = 0; i < fixes.length; i += 2000) {
    const chunk = fixes.slice(i, i + 2000);
    await db
      .insertInto("positions")
      .values(
        chunk.map((f) => ({
          org_id: org.orgId,
          vehicle_id: vehicle.id,
          device_id: vehicle.imei,
          fix_time: f.at,
          lat: f.lat,
          lon: f.lon,
          speed_kmh: f.speed,
          course: f.course,
          satellites: 9,
          ignition: f.ignition,
          valid: true,
        })),
      )
      .execute();
  }
  await sql`ANALYZE positions`.execute(db);
}
