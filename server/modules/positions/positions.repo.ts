import { sql, type Kysely } from "kysely";
import { copyFrom } from "../../db/copy-from";
import { booleanArray, numberArray, plainArray, textArray } from "../../db/pg-array";
import type { Database } from "../../db/schema";
import { POSITION_COLUMNS, type PositionCopyBuffer } from "./positions.copy";
import type { TrackState } from "./track-state";

type Conn = Kysely<Database>;

export interface PositionRow {
  orgId: string;
  vehicleId: string;
  deviceId: string;
  fixTime: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number;
  satellites: number;
  ignition: boolean | null;
  valid: boolean;
  odometerM: number;
  attributes: string;
}

interface StateRow {
  vehicle_id: string;
  device_id: string | null;
  lat: number | null;
  lon: number | null;
  speed_kmh: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  ignition: boolean | null;
  odometer_m: number;
  device_odometer_m: number | null;
  engine_hours_s: number;
  last_fix_time: Date | null;
  state_since: Date | null;
  recent_fix_bits: number;
  recent_count: number;
  moving_without_ignition_s: number;
  ignition_seen: boolean;
  faults: string[];
  alert_state: Record<string, unknown>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const positionsRepo = {
  /** Creates missing state rows (vehicles that never reported). */
  async ensureStates(trx: Conn, vehicles: Array<{ vehicleId: string; orgId: string }>): Promise<void> {
    if (!vehicles.length) return;
    await sql`
      INSERT INTO vehicle_state (vehicle_id, org_id)
      SELECT * FROM unnest(${vehicles.map((v) => v.vehicleId)}::uuid[], ${vehicles.map((v) => v.orgId)}::uuid[])
      ON CONFLICT DO NOTHING`.execute(trx);
  },

  /**
   * Row-locks the states, in id order so that concurrent batches cannot deadlock, and returns each row's version
   * (`xmin`: the transaction that last wrote it) and this transaction's id, which the rows it updates will carry.
   */
  async lockStates(trx: Conn, vehicleIds: string[]): Promise<{ versions: Map<string, string>; xid: string }> {
    const { rows } = await sql<{ vehicle_id: string; v: string; me: string }>`
      SELECT vehicle_id, xmin::text AS v, pg_current_xact_id()::xid::text AS me
      FROM vehicle_state WHERE vehicle_id = ANY(${plainArray(vehicleIds)}::uuid[]) ORDER BY vehicle_id FOR UPDATE`.execute(
      trx,
    );
    return { versions: new Map(rows.map((r) => [r.vehicle_id, r.v])), xid: rows[0]?.me ?? "" };
  },

  /** Reads states already locked by `lockStates` (the ones the pipeline does not hold at their version). */
  async readStates(trx: Conn, vehicleIds: string[]): Promise<Map<string, TrackState>> {
    const { rows } = await sql<StateRow>`
      SELECT vehicle_id, device_id, lat, lon, speed_kmh, course, altitude, satellites, valid, ignition, odometer_m,
             device_odometer_m, engine_hours_s, last_fix_time, state_since, recent_fix_bits, recent_count,
             moving_without_ignition_s, ignition_seen, faults, alert_state
      FROM vehicle_state WHERE vehicle_id = ANY(${plainArray(vehicleIds)}::uuid[])`.execute(trx);
    return new Map(
      rows.map((r) => [
        r.vehicle_id,
        {
          deviceId: r.device_id,
          lat: r.lat,
          lon: r.lon,
          speed: r.speed_kmh,
          course: r.course,
          altitude: r.altitude,
          satellites: r.satellites,
          valid: r.valid,
          ignition: r.ignition,
          odometerM: r.odometer_m,
          deviceOdometerM: r.device_odometer_m,
          engineHoursS: r.engine_hours_s,
          lastFixTime: r.last_fix_time ? r.last_fix_time.getTime() : null,
          stateSince: r.state_since ? r.state_since.getTime() : null,
          recentFixBits: r.recent_fix_bits,
          recentCount: r.recent_count,
          movingWithoutIgnitionS: r.moving_without_ignition_s,
          ignitionSeen: r.ignition_seen,
          faults: r.faults,
          alerts: r.alert_state ?? {},
        },
      ]),
    );
  },

  /**
   * Stores the records and the new states; returns how many records were new.
   *
   * `copy` holds the records newer than everything stored for their vehicle (newer than the state's last fix
   * time before the transaction and than the vehicle's earlier records in the group): those cannot be
   * duplicates and go in by binary COPY, PostgreSQL's cheapest path. `rest` (resent or out of order) goes
   * through `INSERT … ON CONFLICT DO NOTHING`, in one statement with the state UPDATE, after the COPY so that
   * it sees its rows; COPY, data and that statement travel in one round trip. This relies on every stored
   * position having gone through the pipeline (which moves the state in the same transaction); if one was
   * stored otherwise, the COPY fails with a unique violation (`isBulkConflict`) and the caller retries with
   * every record in `rest`.
   */
  async store(
    trx: Conn,
    copy: PositionCopyBuffer | null,
    rest: PositionRow[],
    states: Array<{ vehicleId: string; s: TrackState }>,
    opts: {
      /** the transaction has nothing after this: its COMMIT goes in the same round trip (bulk path only) */
      commit?: boolean;
      /**
       * The row version (`xmin`) each state is held at, when the states were not locked: a state written by anyone
       * since fails the statement (`isStateChanged`) and the caller stores the packets again the locking way.
       */
      versions?: string[];
    } = {},
  ): Promise<{ inserted: number; xid: string | null }> {
    const copyRows = copy?.rows ?? 0;
    if (!copyRows && !rest.length) return { inserted: 0, xid: null };
    const versions = states.length && opts.versions ? opts.versions : null;
    const ins = rest.length ? sql`ins AS (${insertPositionsSql(rest)} RETURNING 1)` : null;
    const upd = states.length ? sql`upd AS (${updateStatesSql(states, versions)} RETURNING 1)` : null;
    const inserted = ins ? sql`(SELECT count(*) FROM ins)::int` : sql`0`;
    const then = versions
      ? sql<{ inserted: number; me: string }>`
          WITH ${ins ? sql`${ins}, ` : sql``}${upd}
          SELECT ${inserted} AS inserted, flota_expect_rows((SELECT count(*) FROM upd), ${states.length}) AS updated,
                 pg_current_xact_id()::xid::text AS me`
      : ins
        ? sql<{ inserted: number }>`
          WITH ${ins}${upd ? sql`, ${upd}` : sql``}
          SELECT ${inserted} AS inserted${upd ? sql`, (SELECT count(*) FROM upd)::int AS updated` : sql``}`
        : states.length
          ? updateStatesSql(states, null)
          : null;
    if (copyRows) {
      const { copied, row } = await copyFrom(
        trx,
        "positions",
        POSITION_COLUMNS,
        copy!.finish(),
        then?.compile(trx) ?? null,
        { commit: opts.commit },
      );
      return {
        inserted: copied + (rest.length ? Number(row?.[0] ?? 0) : 0),
        xid: versions ? (row?.[2] ?? null) : null,
      };
    }
    const { rows: out } = await then!.execute(trx);
    const first = out[0] as { inserted?: number; me?: string } | undefined;
    return { inserted: first?.inserted ?? 0, xid: first?.me ?? null };
  },

  async ensurePartitions(db: Conn, from: Date, to: Date): Promise<number> {
    const { rows } = await sql<{
      n: number;
    }>`SELECT flota_ensure_position_partitions(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) AS n`.execute(
      db,
    );
    return rows[0]?.n ?? 0;
  },

  /** Positions have no foreign key (partitioned by time): a deleted vehicle's go by its id, in batches. */
  async deleteForVehicles(db: Conn, vehicleIds: string[]): Promise<void> {
    for (let i = 0; i < vehicleIds.length; i += 500) {
      await db
        .deleteFrom("positions")
        .where("vehicle_id", "in", vehicleIds.slice(i, i + 500))
        .execute();
    }
  },

  async dropPartitionsBefore(db: Conn, cutoff: Date): Promise<string[]> {
    const { rows } = await sql<{
      name: string;
    }>`SELECT flota_drop_position_partitions(${cutoff.toISOString()}::timestamptz) AS name`.execute(db);
    return rows.map((r) => r.name);
  },
};

/** A state held at a version was written by someone else meanwhile (see `store`'s `versions`). */
export const isStateChanged = (err: unknown) => (err as { code?: string } | null)?.code === "FL409";

/** The COPY failed on a record already stored (see `store`). */
export const isBulkConflict = (err: unknown) => (err as { code?: string } | null)?.code === "23505";

function insertPositionsSql(rows: PositionRow[]) {
  const col = <K extends keyof PositionRow>(k: K) => rows.map((r) => r[k]);
  return sql`
    INSERT INTO positions (org_id, vehicle_id, device_id, fix_time, lat, lon, speed_kmh, course, altitude, satellites,
                           ignition, valid, odometer_m, attributes)
    SELECT * FROM unnest(
      ${col("orgId")}::uuid[], ${col("vehicleId")}::uuid[], ${col("deviceId")}::text[],
      ${rows.map((r) => iso(r.fixTime))}::timestamptz[], ${col("lat")}::float8[], ${col("lon")}::float8[],
      ${col("speed")}::real[], ${col("course")}::real[], ${col("altitude")}::real[], ${col("satellites")}::smallint[],
      ${col("ignition")}::boolean[], ${col("valid")}::boolean[], ${col("odometerM")}::float8[], ${col("attributes")}::jsonb[])
    ON CONFLICT DO NOTHING`;
}

function updateStatesSql(states: Array<{ vehicleId: string; s: TrackState }>, versions: string[] | null) {
  const n = (f: (s: TrackState) => number | null) => numberArray(states.map((x) => f(x.s)));
  const b = (f: (s: TrackState) => boolean | null) => booleanArray(states.map((x) => f(x.s)));
  const t = (f: (s: TrackState) => number | null) => plainArray(states.map((x) => iso(f(x.s))));
  return sql`
    UPDATE vehicle_state AS s SET
      device_id = u.device_id, lat = u.lat, lon = u.lon, speed_kmh = u.speed, course = u.course, altitude = u.altitude,
      satellites = u.satellites, valid = u.valid, ignition = u.ignition, odometer_m = u.odometer_m,
      device_odometer_m = u.device_odometer_m, engine_hours_s = u.engine_hours_s, last_fix_time = u.last_fix_time,
      last_server_time = now(), state_since = u.state_since, recent_fix_bits = u.recent_fix_bits, recent_count = u.recent_count,
      moving_without_ignition_s = u.moving_without_ignition_s, ignition_seen = u.ignition_seen,
      faults = string_to_array(u.faults, ','), alert_state = a.value, updated_at = now()
    FROM unnest(
      ${plainArray(states.map((x) => x.vehicleId))}::uuid[], ${textArray(states.map((x) => x.s.deviceId))}::text[],
      ${n((s) => s.lat)}::float8[], ${n((s) => s.lon)}::float8[], ${n((s) => s.speed)}::real[], ${n((s) => s.course)}::real[],
      ${n((s) => s.altitude)}::real[], ${n((s) => s.satellites)}::smallint[], ${b((s) => s.valid)}::boolean[],
      ${b((s) => s.ignition)}::boolean[], ${n((s) => s.odometerM)}::float8[], ${n((s) => s.deviceOdometerM)}::float8[],
      ${n((s) => s.engineHoursS)}::float8[], ${t((s) => s.lastFixTime)}::timestamptz[], ${t((s) => s.stateSince)}::timestamptz[],
      ${n((s) => s.recentFixBits)}::integer[], ${n((s) => s.recentCount)}::smallint[], ${n((s) => s.movingWithoutIgnitionS)}::float8[],
      ${b((s) => s.ignitionSeen)}::boolean[], ${textArray(states.map((x) => x.s.faults.join(",")))}::text[],
      ${versions ? plainArray(versions) : null}::xid[]
    ) WITH ORDINALITY AS u(vehicle_id, device_id, lat, lon, speed, course, altitude, satellites, valid, ignition, odometer_m, device_odometer_m,
           engine_hours_s, last_fix_time, state_since, recent_fix_bits, recent_count, moving_without_ignition_s, ignition_seen, faults, v, n)
    -- the alert states travel as one JSON array: a jsonb[] parameter would be escaped element by element
    JOIN jsonb_array_elements(${JSON.stringify(states.map((x) => x.s.alerts))}::jsonb) WITH ORDINALITY AS a(value, n) ON a.n = u.n
    WHERE s.vehicle_id = u.vehicle_id${versions ? sql` AND s.xmin = u.v` : sql``}`;
}
