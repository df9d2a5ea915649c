import { sql, type Kysely, type RawBuilder } from "kysely";
import { booleanArray, numberArray, plainArray } from "../../../db/pg-array";
import type { Database } from "../../../db/schema";
import { positionSql } from "../../positions";
import type { DetectorState, Segment } from "./segment-detector";
import { DEFAULT_SEGMENT_SETTINGS, segmentSettingsSchema, type SegmentSettings } from "./segment-settings";

type Conn = Kysely<Database>;

export interface StoredState {
  state: DetectorState;
  dirtyFrom: number | null;
}

export interface SegmentRow extends Segment {
  orgId: string;
  vehicleId: string;
  driverId: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

interface SettingsRow {
  min_stop_s: number;
  min_trip_distance_m: number;
  idle_min_s: number;
  max_gap_s: number;
  moving_speed_kmh: number;
  detection: string;
  speed_limit_kmh: number;
  min_speeding_s: number;
}
const settingsOf = (r: SettingsRow): SegmentSettings =>
  segmentSettingsSchema.parse({
    minStopS: r.min_stop_s,
    minTripDistanceM: r.min_trip_distance_m,
    idleMinS: r.idle_min_s,
    maxGapS: r.max_gap_s,
    movingSpeedKmh: r.moving_speed_kmh,
    detection: r.detection,
    speedLimitKmh: r.speed_limit_kmh,
    minSpeedingS: r.min_speeding_s,
  });

const isoArray = (values: number[]) => plainArray(values.map(iso));
type NumberKey = { [K in keyof SegmentRow]: SegmentRow[K] extends number ? K : never }[keyof SegmentRow];

/**
 * The statement that stores closed segments; a segment derived again (after late data) replaces the old one.
 * Arrays go as ready-made literals (`pg-array`): the driver's own escaping runs two regular expressions on every
 * uuid.
 */
function insertSegmentsSql(chunk: SegmentRow[]): RawBuilder<unknown> {
  const num = (k: NumberKey) => numberArray(chunk.map((s) => s[k]));
  return sql`
    INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, driver_id, start_lat, start_lon, end_lat, end_lon,
      distance_m, max_speed_kmh, engine_s, idle_s, start_odometer_m, end_odometer_m, points, gap,
      harsh_accel, harsh_brake, harsh_corner, speeding_s)
    SELECT * FROM unnest(
      ${plainArray(chunk.map((s) => s.orgId))}::uuid[], ${plainArray(chunk.map((s) => s.vehicleId))}::uuid[],
      ${plainArray(chunk.map((s) => s.kind))}::text[],
      ${isoArray(chunk.map((s) => s.start))}::timestamptz[], ${isoArray(chunk.map((s) => s.end))}::timestamptz[],
      ${plainArray(chunk.map((s) => s.driverId))}::uuid[],
      ${num("startLat")}::float8[], ${num("startLon")}::float8[], ${num("endLat")}::float8[], ${num("endLon")}::float8[],
      ${num("distanceM")}::float8[], ${num("maxSpeedKmh")}::real[], ${num("engineS")}::float8[], ${num("idleS")}::float8[],
      ${num("startOdometerM")}::float8[], ${num("endOdometerM")}::float8[], ${num("points")}::int[],
      ${booleanArray(chunk.map((s) => s.gap))}::bool[],
      ${num("harshAccel")}::int[], ${num("harshBrake")}::int[], ${num("harshCorner")}::int[], ${num("speedingS")}::float8[])
    ON CONFLICT (vehicle_id, kind, start_time) DO UPDATE SET
      end_time = excluded.end_time, driver_id = excluded.driver_id, end_lat = excluded.end_lat, end_lon = excluded.end_lon,
      distance_m = excluded.distance_m, max_speed_kmh = excluded.max_speed_kmh, engine_s = excluded.engine_s,
      idle_s = excluded.idle_s, end_odometer_m = excluded.end_odometer_m, points = excluded.points, gap = excluded.gap,
      harsh_accel = excluded.harsh_accel, harsh_brake = excluded.harsh_brake, harsh_corner = excluded.harsh_corner,
      speeding_s = excluded.speeding_s`;
}

/** The detector states travel as one JSON array: a jsonb[] parameter would be escaped element by element. */
function saveStatesSql(rows: Array<{ vehicleId: string; orgId: string } & StoredState>): RawBuilder<unknown> {
  return sql`
    INSERT INTO vehicle_segment_state (vehicle_id, org_id, state, dirty_from, updated_at)
    SELECT t.v, t.o, s.value, t.d, now() FROM unnest(
      ${plainArray(rows.map((r) => r.vehicleId))}::uuid[], ${plainArray(rows.map((r) => r.orgId))}::uuid[],
      ${plainArray(rows.map((r) => (r.dirtyFrom === null ? null : iso(r.dirtyFrom))))}::timestamptz[]
    ) WITH ORDINALITY AS t(v, o, d, n)
    JOIN jsonb_array_elements(${JSON.stringify(rows.map((r) => r.state))}::jsonb) WITH ORDINALITY AS s(value, n) ON s.n = t.n
    ON CONFLICT (vehicle_id) DO UPDATE SET state = excluded.state, dirty_from = excluded.dirty_from, updated_at = now()`;
}

/** Statements written in one round trip at most: the common case of a batch that closes a few segments. */
const ONE_STATEMENT_ROWS = 2000;

export const segmentsRepo = {
  async settings(db: Conn, orgIds: string[]): Promise<Map<string, SegmentSettings>> {
    const out = new Map(orgIds.map((id) => [id, DEFAULT_SEGMENT_SETTINGS]));
    if (!orgIds.length) return out;
    const rows = await db.selectFrom("analytics_settings").selectAll().where("org_id", "in", orgIds).execute();
    for (const r of rows) out.set(r.org_id, settingsOf(r));
    return out;
  },

  /**
   * One round trip for a position transaction: row-locks the vehicles' detector states (in id order, as the
   * pipeline locks) and reads their drivers and their organisations' rules.
   */
  async lockBatch(trx: Conn, vehicleIds: string[]) {
    const ids = [...vehicleIds].sort();
    const states = new Map<string, StoredState>();
    const drivers = new Map<string, string | null>();
    const settings = new Map<string, SegmentSettings>();
    if (!ids.length) return { states, drivers, settings };
    const rows = await sql<{
      id: string;
      org_id: string;
      driver_id: string | null;
      state: DetectorState | null;
      dirty_from: Date | null;
      has_state: boolean;
      settings: SettingsRow | null;
    }>`
      WITH locked AS MATERIALIZED (
        SELECT vehicle_id, state, dirty_from FROM vehicle_segment_state WHERE vehicle_id = ANY(${plainArray(ids)}::uuid[]) ORDER BY vehicle_id FOR UPDATE)
      SELECT v.id, v.org_id, v.driver_id, l.state, l.dirty_from, l.vehicle_id IS NOT NULL AS has_state, to_jsonb(a) AS settings
      FROM vehicles v LEFT JOIN locked l ON l.vehicle_id = v.id LEFT JOIN analytics_settings a ON a.org_id = v.org_id
      WHERE v.id = ANY(${plainArray(ids)}::uuid[])`.execute(trx);
    for (const r of rows.rows) {
      drivers.set(r.id, r.driver_id);
      if (r.has_state)
        states.set(r.id, {
          state: r.state as DetectorState,
          dirtyFrom: r.dirty_from ? new Date(r.dirty_from).getTime() : null,
        });
      if (!settings.has(r.org_id))
        settings.set(r.org_id, r.settings ? settingsOf(r.settings) : DEFAULT_SEGMENT_SETTINGS);
    }
    return { states, drivers, settings };
  },

  /** Closed segments, other rows (`more`: e.g. visits) and the detector states, in one statement when small. */
  async writeBatch(
    trx: Conn,
    segs: SegmentRow[],
    more: { rows: number; sql: RawBuilder<unknown> } | null,
    states: Array<{ vehicleId: string; orgId: string } & StoredState>,
  ): Promise<void> {
    if (segs.length > ONE_STATEMENT_ROWS || (more && more.rows > ONE_STATEMENT_ROWS) || !states.length) {
      await this.insertSegments(trx, segs);
      if (more) await more.sql.execute(trx);
      await this.saveStates(trx, states);
      return;
    }
    const ctes = [
      ...(segs.length ? [sql`seg AS (${insertSegmentsSql(segs)})`] : []),
      ...(more ? [sql`more AS (${more.sql})`] : []),
    ];
    await sql`${ctes.length ? sql`WITH ${sql.join(ctes)} ` : sql``}${saveStatesSql(states)}`.execute(trx);
  },

  async saveSettings(db: Conn, orgId: string, s: SegmentSettings): Promise<void> {
    const values = {
      min_stop_s: s.minStopS,
      min_trip_distance_m: s.minTripDistanceM,
      idle_min_s: s.idleMinS,
      max_gap_s: s.maxGapS,
      moving_speed_kmh: s.movingSpeedKmh,
      detection: s.detection,
      speed_limit_kmh: s.speedLimitKmh,
      min_speeding_s: s.minSpeedingS,
      updated_at: new Date(),
    };
    await db
      .insertInto("analytics_settings")
      .values({ org_id: orgId, ...values })
      .onConflict((oc) => oc.column("org_id").doUpdateSet(values))
      .execute();
  },

  /** Reads and row-locks the detector states, in id order (the position transaction's order too). */
  async lockStates(trx: Conn, vehicleIds: string[]): Promise<Map<string, StoredState>> {
    const out = new Map<string, StoredState>();
    if (!vehicleIds.length) return out;
    const rows = await sql<{ vehicle_id: string; state: DetectorState; dirty_from: Date | null }>`
      SELECT vehicle_id, state, dirty_from FROM vehicle_segment_state
      WHERE vehicle_id = ANY(${[...vehicleIds].sort()}::uuid[]) ORDER BY vehicle_id FOR UPDATE`.execute(trx);
    for (const r of rows.rows)
      out.set(r.vehicle_id, { state: r.state, dirtyFrom: r.dirty_from ? r.dirty_from.getTime() : null });
    return out;
  },

  async saveStates(trx: Conn, rows: Array<{ vehicleId: string; orgId: string } & StoredState>): Promise<void> {
    if (!rows.length) return;
    await saveStatesSql(rows).execute(trx);
  },

  /** Stores closed segments; a segment derived again (after late data) replaces the old one. */
  async insertSegments(trx: Conn, segs: SegmentRow[]): Promise<void> {
    for (let i = 0; i < segs.length; i += 2000) await insertSegmentsSql(segs.slice(i, i + 2000)).execute(trx);
  },

  async deleteFrom(trx: Conn, vehicleId: string, from: number): Promise<number> {
    const r = await trx
      .deleteFrom("vehicle_segments")
      .where("vehicle_id", "=", vehicleId)
      .where("start_time", ">=", new Date(from))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  /**
   * Where re-derivation after a late position at `t` starts: the start of the last stored stop that ended at or
   * before `t`. Not the stop around `t`: late data there can remove that stop and join the trips on both sides.
   */
  async anchorAtOrBefore(trx: Conn, vehicleId: string, t: number): Promise<number | null> {
    const row = await trx
      .selectFrom("vehicle_segments")
      .select("start_time")
      .where("vehicle_id", "=", vehicleId)
      .where("kind", "=", "stop")
      .where("end_time", "<=", new Date(t))
      .orderBy("start_time", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? row.start_time.getTime() : null;
  },

  /** Vehicles with late positions to fold in, oldest first. */
  async dirtyVehicles(db: Conn, limit: number): Promise<Array<{ vehicleId: string; orgId: string }>> {
    const rows = await db
      .selectFrom("vehicle_segment_state")
      .select(["vehicle_id", "org_id"])
      .where("dirty_from", "is not", null)
      .orderBy("updated_at")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ vehicleId: r.vehicle_id, orgId: r.org_id }));
  },

  /** Marks vehicles whose positions predate their segments (first start after an upgrade, or a backfill request). */
  async markDirty(db: Conn, rows: Array<{ vehicleId: string; orgId: string; from: number }>): Promise<void> {
    if (!rows.length) return;
    await sql`
      INSERT INTO vehicle_segment_state (vehicle_id, org_id, state, dirty_from)
      SELECT v, o, 'null'::jsonb, d FROM unnest(${rows.map((r) => r.vehicleId)}::uuid[], ${rows.map((r) => r.orgId)}::uuid[], ${rows.map((r) => iso(r.from))}::timestamptz[]) AS t(v, o, d)
      ON CONFLICT (vehicle_id) DO UPDATE SET dirty_from = LEAST(COALESCE(vehicle_segment_state.dirty_from, excluded.dirty_from), excluded.dirty_from)`.execute(
      db,
    );
  },

  /**
   * Vehicles heard from that have no detector yet (data from before analytics existed), each from its first fix.
   */
  async vehiclesWithoutDetector(db: Conn): Promise<Array<{ vehicleId: string; orgId: string; from: number }>> {
    const { rows } = await sql<{ vehicle_id: string; org_id: string; first: Date | null }>`
      SELECT h.vehicle_id, h.org_id, ${positionSql.firstFixTime(sql.ref("h.vehicle_id"))} AS first
      FROM (${positionSql.heardVehicles()}) h
      WHERE NOT EXISTS (SELECT 1 FROM vehicle_segment_state g WHERE g.vehicle_id = h.vehicle_id)`.execute(db);
    return rows.flatMap((r) =>
      r.first ? [{ vehicleId: r.vehicle_id, orgId: r.org_id, from: r.first.getTime() }] : [],
    );
  },

  /**
   * Vehicles whose positions are ahead of their detector and quiet for `graceS` (longer than any SegmentQueue
   * waits): fixes committed by a process that stopped before deriving them. Each from the detector's last fix.
   */
  async vehiclesBehind(db: Conn, graceS: number): Promise<Array<{ vehicleId: string; orgId: string; from: number }>> {
    const { rows } = await sql<{ vehicle_id: string; org_id: string; from_ms: string }>`
      SELECT h.vehicle_id, h.org_id, COALESCE((g.state->'last'->>'t')::float8, 0)::bigint AS from_ms
      FROM (${positionSql.heardVehicles()}) h JOIN vehicle_segment_state g ON g.vehicle_id = h.vehicle_id
      WHERE g.dirty_from IS NULL AND h.updated_at < now() - make_interval(secs => ${graceS})
        AND CASE WHEN jsonb_typeof(g.state->'last') = 'object'
          THEN round(extract(epoch FROM h.last_fix_time) * 1000) > (g.state->'last'->>'t')::float8
          ELSE ${positionSql.hasPositions(sql.ref("h.vehicle_id"))} END`.execute(db);
    return rows.map((r) => ({ vehicleId: r.vehicle_id, orgId: r.org_id, from: Number(r.from_ms) }));
  },

  /** Segments follow positions' one-year retention. */
  async prune(db: Conn, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - 366 * 86_400_000);
    const r = await db.deleteFrom("vehicle_segments").where("end_time", "<", cutoff).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
