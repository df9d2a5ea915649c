import { sql } from "kysely";
import type { DB } from "../../db/database";

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored position as the trip and stop detector (analytics) reads it (times in ms since the epoch). */
export interface HistoryPoint {
  t: number;
  lat: number;
  lon: number;
  speed: number;
  valid: boolean;
  ignition: boolean | null;
  /** the device's own odometer in metres, when it reports one */
  deviceOdometerM: number | null;
  /** Flota's running odometer stored with the position */
  odometerM: number;
  /** the device's alarm or eco event on this record */
  alarm: string | null;
}

/** What modules that derive data from the stored positions (trips, stops, visits) read of them. */
export const positionHistoryRepo = {
  /** The vehicle's positions from `from` (inclusive) after `after` (exclusive), in fix-time order. */
  async points(trx: DB, vehicleId: string, from: number, after: number | null, limit: number): Promise<HistoryPoint[]> {
    const rows = await sql<{
      t: Date;
      lat: number;
      lon: number;
      speed: number;
      valid: boolean;
      ignition: boolean | null;
      dev: number | null;
      odo: number;
      alarm: string | null;
    }>`
      SELECT fix_time AS t, lat, lon, speed_kmh AS speed, valid, ignition, (attributes->>'deviceOdometer')::float8 AS dev, odometer_m AS odo,
        attributes->>'alarm' AS alarm
      FROM positions
      WHERE vehicle_id = ${vehicleId} AND fix_time >= ${iso(from)}::timestamptz ${after === null ? sql`` : sql`AND fix_time > ${iso(after)}::timestamptz`}
      ORDER BY fix_time LIMIT ${limit}`.execute(trx);
    return rows.rows.map((r) => ({
      t: r.t.getTime(),
      lat: r.lat,
      lon: r.lon,
      speed: r.speed,
      valid: r.valid,
      ignition: r.ignition,
      deviceOdometerM: r.dev,
      odometerM: r.odo,
      alarm: r.alarm,
    }));
  },

  async firstFixTime(trx: DB, vehicleId: string): Promise<number | null> {
    const r = await sql<{
      t: Date | null;
    }>`SELECT min(fix_time) AS t FROM positions WHERE vehicle_id = ${vehicleId}`.execute(trx);
    return r.rows[0]?.t ? r.rows[0].t.getTime() : null;
  },

  /** Every vehicle heard from: its organisation, last fix and when its state last changed. */
  heardVehicles(db: DB) {
    return db
      .selectFrom("vehicle_state")
      .select(["vehicle_id", "org_id", "last_fix_time", "updated_at"])
      .where("last_fix_time", "is not", null)
      .$narrowType<{ last_fix_time: Date }>()
      .execute();
  },

  /** The first stored fix of each of these vehicles that has one. */
  async firstFixTimes(db: DB, vehicleIds: readonly string[]): Promise<Map<string, number>> {
    if (!vehicleIds.length) return new Map();
    const { rows } = await sql<{ vehicle_id: string; first: Date | null }>`
      SELECT v AS vehicle_id, (SELECT min(fix_time) FROM positions p WHERE p.vehicle_id = v) AS first
      FROM unnest(${[...vehicleIds]}::uuid[]) AS v`.execute(db);
    return new Map(rows.flatMap((r) => (r.first ? [[r.vehicle_id, r.first.getTime()] as const] : [])));
  },

  /** Which of these vehicles have any stored position. */
  async withPositions(db: DB, vehicleIds: readonly string[]): Promise<Set<string>> {
    if (!vehicleIds.length) return new Set();
    const { rows } = await sql<{ vehicle_id: string }>`
      SELECT v AS vehicle_id FROM unnest(${[...vehicleIds]}::uuid[]) AS v
      WHERE EXISTS (SELECT 1 FROM positions p WHERE p.vehicle_id = v)`.execute(db);
    return new Set(rows.map((r) => r.vehicle_id));
  },
};
