import { sql, type RawBuilder } from "kysely";
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
};

/**
 * SQL fragments over positions and vehicle state, for the trip detector's backlog sweep, which must find the
 * vehicles behind among all of them in one statement. Positions owns the SQL; the caller passes column references
 * (`sql.ref("h.vehicle_id")`) and composes the fragment into its own statement.
 */
export const positionSql = {
  /** A subquery of every vehicle heard from: vehicle_id, org_id, last_fix_time and updated_at (its state's last change). */
  heardVehicles(): RawBuilder<unknown> {
    return sql`SELECT s.vehicle_id, s.org_id, s.last_fix_time, s.updated_at FROM vehicle_state s WHERE s.last_fix_time IS NOT NULL`;
  },

  /** The vehicle's first stored fix (null: none). */
  firstFixTime(vehicleId: RawBuilder<unknown>): RawBuilder<Date | null> {
    return sql<Date | null>`(SELECT min(p.fix_time) FROM positions p WHERE p.vehicle_id = ${vehicleId})`;
  },

  /** True when the vehicle has any stored position. */
  hasPositions(vehicleId: RawBuilder<unknown>): RawBuilder<boolean> {
    return sql<boolean>`EXISTS (SELECT 1 FROM positions p WHERE p.vehicle_id = ${vehicleId})`;
  },
};
