import { sql } from "kysely";
import type { DB } from "../db/database";
import { copyFrom } from "../db/copy-from";
import { rebuildVehicleSegments } from "../modules/analytics";
import { knownTimeZone } from "../modules/organization";
import { segmentDistanceM } from "../modules/positions";
import { vehiclesRepo } from "../modules/vehicles";
import { addDays, todayIn, weekday, zonedInstant } from "../shared/dates";
import { createRng } from "../shared/random";
import { SIMULATED_PROTOCOLS } from "../simulator/demo-devices";
import { VehicleSim } from "../simulator/vehicle-sim";

/** Days of driving behind the demo fleet: this week and the previous one, whatever the weekday. */
export const DEMO_HISTORY_DAYS = 14;
const STEP_S = 30;
/** A parked tracker's heartbeat between working days: within the one-hour gap that marks a stop "no data". */
const PARKED_HEARTBEAT_S = 30 * 60;
interface Point {
  t: number;
  lat: number;
  lon: number;
  course: number;
}
const COLUMNS = [
  "org_id",
  "vehicle_id",
  "device_id",
  "fix_time",
  "server_time",
  "lat",
  "lon",
  "speed_kmh",
  "course",
  "satellites",
  "ignition",
  "valid",
  "odometer_m",
  "attributes",
];
const ECO_EVENTS = ["harshAcceleration", "harshBraking", "harshCornering"] as const;

const PARKED_FIX_MS = 4 * STEP_S * 1000;

/**
 * A working day's longer stops, as [start, end) instants: a customer mid-morning, lunch, a customer mid-afternoon
 * (20–50 minutes each, on the 30-second grid), where the simulator's own pauses last only minutes.
 */
function customerStops(from: number, to: number, random: () => number): Array<[number, number]> {
  const grid = (ms: number) => from + Math.round((ms - from) / (STEP_S * 1000)) * STEP_S * 1000;
  const length = to - from;
  return [0.25, 0.5, 0.75]
    .map((share): [number, number] => {
      const start = grid(from + length * (share + (random() - 0.5) * 0.08));
      return [start, grid(start + (20 + random() * 30) * 60_000)];
    })
    .filter(([, b]) => b < to);
}

/** The working hours of a local day: weekdays 08:00–17:00, Saturday mornings for one vehicle in three, Sundays off. */
function shift(date: string, index: number): [string, string] | null {
  const d = weekday(date);
  if (d === 0) return null;
  if (d === 6) return index % 3 === 0 ? ["08:30", "12:30"] : null;
  return [`0${7 + (index % 3)}:${index % 2 ? "30" : "45"}`, index % 4 === 0 ? "18:00" : "17:00"];
}

/**
 * The demo fleet's last two weeks, so that the dashboard, the reports and replay answer from the first start: each
 * tracked vehicle drives its Tirana route as the live simulator does (server/simulator/vehicle-sim.ts) during its
 * working hours with three longer stops a day (customers, lunch) and, for some drivers, harsh manoeuvres and bursts
 * over the speed limit; a fix every 30 s, parked overnight with a heartbeat every half hour. Positions go in by COPY
 * and trips, stops, idling and geofence visits are derived by the backfill (rebuildVehicleSegments). The vehicle's
 * state is left where its history ends, with the device odometer the live simulator starts from, so live driving
 * carries on from it; the odometer entered for the vehicle is lowered by the distance driven, so the current
 * odometer (entered + tracked) stays what the maintenance demo set.
 */
export async function seedDemoHistory(db: DB, orgId: string, now = new Date()): Promise<{ positions: number }> {
  const tz = knownTimeZone(
    (await db.selectFrom("organization_settings").select("timezone").where("org_id", "=", orgId).executeTakeFirst())
      ?.timezone,
  );
  // the live simulator's order: its index decides the route and the device odometer it starts from
  const vehicles = await db
    .selectFrom("vehicles")
    .select(["id", "device_imei", "odometer_km"])
    .where("org_id", "=", orgId)
    .where("device_imei", "is not", null)
    .where("device_protocol", "in", [...SIMULATED_PROTOCOLS])
    .orderBy("created_at")
    .limit(50)
    .execute();
  const today = todayIn(tz, now);
  const first = addDays(today, -(DEMO_HISTORY_DAYS - 1));
  const latest = now.getTime() - 15 * 60_000;
  await sql`SELECT flota_ensure_position_partitions(${zonedInstant(first, "00:00", tz).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`.execute(
    db,
  );
  const driversOf = (trx: DB, ids: string[]) => vehiclesRepo.driversOf(trx, ids);
  let positions = 0;
  for (const [index, v] of vehicles.entries()) {
    const sim = new VehicleSim(index, createRng(7919 * (index + 1)));
    const random = createRng(104_729 * (index + 1));
    /** how often this vehicle's driver brakes hard or speeds: 0 (smooth) to 2 */
    const style = (index % 5) / 2;
    let burst = 0;
    const startOdometer = sim.odometerM;
    // Flota's odometer as the pipeline keeps it for a device without one: great-circle distance between fixes
    const track: { text: string; last: Point | null; engineS: number; odometerM: number } = {
      text: "",
      last: null,
      engineS: 0,
      odometerM: 0,
    };
    const row = (
      t: number,
      lat: number,
      lon: number,
      speed: number,
      course: number,
      ignition: boolean,
      alarm: string | null = null,
    ) => {
      if (track.last) track.odometerM += segmentDistanceM(track.last, { t, lat, lon });
      const attributes = alarm ? `{"alarm": "${alarm}"}` : "{}";
      track.text += `${orgId}\t${v.id}\t${v.device_imei}\t${new Date(t).toISOString()}\t${new Date(t + 2000).toISOString()}\t${lat}\t${lon}\t${speed}\t${course}\t9\t${ignition ? "t" : "f"}\tt\t${track.odometerM.toFixed(1)}\t${attributes}\n`;
      track.last = { t, lat, lon, course };
      positions++;
    };
    for (let date = first; date <= today; date = addDays(date, 1)) {
      const hours = shift(date, index);
      if (!hours) continue;
      const from = zonedInstant(date, hours[0], tz).getTime();
      const to = Math.min(zonedInstant(date, hours[1], tz).getTime(), latest);
      if (to - from < 30 * 60_000) continue;
      // parked since the previous evening: a heartbeat every half hour where it stood
      const parked = track.last;
      if (parked)
        for (let t = parked.t + PARKED_HEARTBEAT_S * 1000; t < from; t += PARKED_HEARTBEAT_S * 1000)
          row(t, parked.lat, parked.lon, 0, parked.course, false);
      const breaks = customerStops(from, to, random);
      for (let t = from; t <= to; t += STEP_S * 1000) {
        const stop = breaks.find(([a, b]) => t >= a && t < b);
        if (stop) {
          // at a customer or at lunch: engine off where it stands, a fix every two minutes
          const here = track.last;
          if (here && (t - stop[0]) % PARKED_FIX_MS === 0) row(t, here.lat, here.lon, 0, here.course, false);
          continue;
        }
        const f = sim.step(STEP_S, new Date(t));
        if (f.ignition) track.engineS += STEP_S;
        // drivers differ: some now and then report a harsh manoeuvre (the device's eco event) or a burst over the limit
        const moving = f.speed > 5;
        const eco = moving && random() < style / 400 ? ECO_EVENTS[Math.floor(random() * ECO_EVENTS.length)] : null;
        if (moving && burst === 0 && random() < style / 1500) burst = 2;
        const speed = burst > 0 ? 92 + Math.round(random() * 18) : f.speed;
        if (burst > 0) burst--;
        row(t, f.latitude, f.longitude, speed, f.course, f.ignition, eco);
      }
      const evening = track.last!;
      row(evening.t + 60_000, evening.lat, evening.lon, 0, evening.course, false);
    }
    const end = track.last;
    if (!end) continue;
    const drivenM = track.odometerM;
    await db.transaction().execute(async (trx) => {
      await copyFrom(trx, "positions", COLUMNS, track.text);
      await trx
        .insertInto("vehicle_state")
        .values({
          vehicle_id: v.id,
          org_id: orgId,
          device_id: v.device_imei,
          lat: end.lat,
          lon: end.lon,
          speed_kmh: 0,
          course: end.course,
          satellites: 9,
          valid: true,
          ignition: false,
          odometer_m: drivenM,
          device_odometer_m: startOdometer,
          engine_hours_s: track.engineS,
          last_fix_time: new Date(end.t),
          last_server_time: new Date(end.t + 2000),
          state_since: new Date(end.t),
          ignition_seen: true,
          alert_state: "{}",
          updated_at: new Date(),
        })
        .execute();
      const enteredKm = Number(v.odometer_km ?? 0);
      if (enteredKm * 1000 >= drivenM) {
        await trx
          .updateTable("vehicles")
          .set({ odometer_km: sql<never>`${Math.round(enteredKm - drivenM / 1000)}` })
          .where("id", "=", v.id)
          .execute();
      }
    });
    await rebuildVehicleSegments(db, driversOf, { vehicleId: v.id, orgId }, 0);
  }
  return { positions };
}
