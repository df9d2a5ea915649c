import { sql } from "kysely";
import type { DB } from "../../db/database";

/**
 * Segments added up in SQL per vehicle and local day, so that a few hundred rows cross to Node instead of every
 * segment. Local days come in as their instants (`starts`, ascending, computed in Node by `dayBounds`) and a
 * segment's day is found with `width_bucket` (binary search), so day edges are exactly the Node code's.
 */

export const iso = (ms: number) => new Date(ms).toISOString();

export interface SummaryDayRow {
  vehicle_id: string;
  b: number;
  trips: number | null;
  distance: number | null;
  driving: number | null;
  idle: number | null;
  trip_engine: number | null;
  max_speed: number | null;
  first_start: Date | null;
  last_end: Date | null;
  stop_s: number | null;
  stop_engine: number | null;
}

export const rollupsRepo = {
  /**
   * The daily summary's cells: trips (of the chosen drivers, when any) on the local day they start; stops cut at
   * local midnight, their engine time spread in proportion. `starts`/`ends` are the days' instants.
   */
  async summaryDays(
    db: DB,
    orgId: string,
    vehicleIds: string[],
    starts: number[],
    ends: number[],
    driverIds: string[] | null,
  ): Promise<SummaryDayRow[]> {
    if (!vehicleIds.length || !starts.length) return [];
    const s0 = iso(starts[0]);
    const s1 = iso(ends[ends.length - 1]);
    const startArr = sql`${starts.map(iso)}::timestamptz[]`;
    const rows = await sql<SummaryDayRow>`
      WITH d AS (SELECT i::int AS b, s, e FROM unnest(${starts.map(iso)}::timestamptz[], ${ends.map(iso)}::timestamptz[]) WITH ORDINALITY AS d(s, e, i)),
      t AS (
        SELECT vehicle_id, width_bucket(start_time, ${startArr}) AS b, count(*)::int AS trips, sum(distance_m)::float8 AS distance,
          sum(extract(epoch FROM end_time - start_time)::float8 - idle_s)::float8 AS driving, sum(idle_s)::float8 AS idle,
          sum(engine_s)::float8 AS trip_engine, max(max_speed_kmh) AS max_speed, min(start_time) AS first_start, max(end_time) AS last_end
        FROM vehicle_segments
        WHERE org_id = ${orgId} AND vehicle_id = ANY(${vehicleIds}::uuid[]) AND kind = 'trip'
          AND start_time >= ${s0}::timestamptz AND start_time < ${s1}::timestamptz
          ${driverIds ? sql`AND driver_id = ANY(${driverIds}::uuid[])` : sql``}
        GROUP BY 1, 2),
      st AS (
        SELECT g.vehicle_id, d.b, (extract(epoch FROM least(g.end_time, d.e) - greatest(g.start_time, d.s)) * 1000)::float8 AS ms,
          g.engine_s, greatest(1, (extract(epoch FROM g.end_time - g.start_time) * 1000)::float8) AS dur
        FROM vehicle_segments g
        JOIN d ON d.b BETWEEN width_bucket(greatest(g.start_time, ${s0}::timestamptz), ${startArr})
                          AND width_bucket(least(g.end_time, ${s1}::timestamptz), ${startArr})
        WHERE g.org_id = ${orgId} AND g.vehicle_id = ANY(${vehicleIds}::uuid[]) AND g.kind = 'stop'
          AND g.start_time < ${s1}::timestamptz AND g.end_time > ${s0}::timestamptz),
      s AS (
        SELECT vehicle_id, b, sum(ms / 1000)::float8 AS stop_s, sum(engine_s * ms / dur)::float8 AS stop_engine
        FROM st WHERE ms > 0 GROUP BY 1, 2)
      SELECT coalesce(t.vehicle_id, s.vehicle_id) AS vehicle_id, coalesce(t.b, s.b) AS b, t.trips, t.distance, t.driving, t.idle, t.trip_engine,
        t.max_speed, t.first_start, t.last_end, s.stop_s, s.stop_engine
      FROM t FULL JOIN s ON s.vehicle_id = t.vehicle_id AND s.b = t.b`.execute(db);
    return rows.rows;
  },
};
