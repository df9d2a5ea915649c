import { sql } from "kysely";
import type { DB } from "../../../db/database";
import { iso } from "../rollups.repo";
import { ECO_WEIGHTS } from "../reports/types/score-reports";
import type { Tile, TileInput } from "./dashboard.schema";

const columns = [
  "id",
  "position",
  "metric",
  "chart_type",
  "ranking",
  "ranking_size",
  "aggregation",
  "time_window",
  "vehicle_ids",
  "team_ids",
] as const;

const toTile = (r: Record<(typeof columns)[number], unknown>): Tile => ({
  id: r.id as string,
  position: r.position as number,
  metric: r.metric as Tile["metric"],
  chart_type: r.chart_type as Tile["chart_type"],
  ranking: (r.ranking as Tile["ranking"]) ?? null,
  ranking_size: r.ranking_size as 10 | 50,
  aggregation: r.aggregation as Tile["aggregation"],
  time_window: r.time_window as Tile["time_window"],
  vehicle_ids: r.vehicle_ids as string[],
  team_ids: r.team_ids as string[],
});

/** `speedingPoints(excess)` as SQL: the highest band reached. */
function speedingPointsSql(excess: ReturnType<typeof sql>) {
  const bands = [...ECO_WEIGHTS.speedingBands].reverse();
  return sql`CASE ${sql.join(
    bands.map(([over, p]) => sql`WHEN ${excess} >= ${sql.lit(over)} THEN ${sql.lit(p)}`),
    sql` `,
  )} ELSE 0 END`;
}

export interface VehicleDayRow {
  vehicle_id: string;
  /** 1-based index into the day list */
  b: number;
  trips: number;
  distance: number;
  driving_time: number;
  max_speed: number | null;
  engine_hours: number;
  stops: number;
  idling_time: number;
  speeding_events: number;
  eco_points: number;
}

export const dashboardRepo = {
  /** Holds the user's dashboard for this transaction (a second writer waits for it to end). */
  async lockUserTiles(trx: DB, userId: string) {
    await sql`SELECT pg_advisory_xact_lock(hashtext('dashboard'), hashtext(${userId}))`.execute(trx);
  },
  /**
   * The dashboard's figures of each vehicle per local day its segments start on (as `addSegment` adds them):
   * `starts` are the days' first instants, `end` the instant after the last day.
   */
  async vehicleDays(
    db: DB,
    orgId: string,
    vehicleIds: string[],
    starts: number[],
    end: number,
    speedLimitKmh: number,
  ): Promise<VehicleDayRow[]> {
    if (!vehicleIds.length || !starts.length) return [];
    // max_speed_kmh is real: its text form is what node-postgres gives the Node code, hence ::text::float8
    const excess = sql`(max_speed_kmh::text::float8 - ${speedLimitKmh}::float8)`;
    const rows = await sql<VehicleDayRow>`
      SELECT vehicle_id, width_bucket(start_time, ${starts.map(iso)}::timestamptz[]) AS b,
        count(*) FILTER (WHERE kind = 'trip')::int AS trips,
        coalesce(sum(distance_m) FILTER (WHERE kind = 'trip'), 0)::float8 AS distance,
        coalesce(sum(extract(epoch FROM end_time - start_time)::float8 - idle_s) FILTER (WHERE kind = 'trip'), 0)::float8 AS driving_time,
        max(max_speed_kmh) FILTER (WHERE kind = 'trip') AS max_speed,
        coalesce(sum(engine_s) FILTER (WHERE kind IN ('trip', 'stop')), 0)::float8 AS engine_hours,
        count(*) FILTER (WHERE kind = 'stop')::int AS stops,
        coalesce(sum(extract(epoch FROM end_time - start_time)::float8) FILTER (WHERE kind = 'idle'), 0)::float8 AS idling_time,
        count(*) FILTER (WHERE kind = 'speeding')::int AS speeding_events,
        coalesce(sum(CASE
          WHEN kind = 'trip' THEN ${sql.lit(ECO_WEIGHTS.harshEvent)} * (harsh_accel + harsh_brake + harsh_corner) + ${sql.lit(ECO_WEIGHTS.idlePer10Min)} * floor(idle_s / 600)
          WHEN kind = 'speeding' THEN ${speedingPointsSql(excess)}
          ELSE 0 END), 0)::float8 AS eco_points
      FROM vehicle_segments
      WHERE org_id = ${orgId} AND vehicle_id = ANY(${vehicleIds}::uuid[]) AND kind IN ('trip', 'stop', 'idle', 'speeding')
        AND start_time >= ${iso(starts[0])}::timestamptz AND start_time < ${iso(end)}::timestamptz
      GROUP BY 1, 2`.execute(db);
    return rows.rows;
  },

  async tiles(db: DB, orgId: string, userId: string): Promise<Tile[]> {
    const rows = await db
      .selectFrom("dashboard_tiles")
      .select([...columns])
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .orderBy("position")
      .orderBy("created_at")
      .execute();
    return rows.map(toTile);
  },

  async tile(db: DB, orgId: string, userId: string, id: string): Promise<Tile | undefined> {
    const r = await db
      .selectFrom("dashboard_tiles")
      .select([...columns])
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return r ? toTile(r) : undefined;
  },

  async insert(db: DB, orgId: string, userId: string, t: TileInput): Promise<Tile> {
    const r = await db
      .insertInto("dashboard_tiles")
      .values({
        org_id: orgId,
        user_id: userId,
        ...t,
        position: sql<number>`(SELECT coalesce(max(position), -1) + 1 FROM dashboard_tiles WHERE user_id = ${userId})`,
      })
      .returning([...columns])
      .executeTakeFirstOrThrow();
    return toTile(r);
  },

  async update(db: DB, orgId: string, userId: string, id: string, t: TileInput): Promise<boolean> {
    const r = await db
      .updateTable("dashboard_tiles")
      .set({ ...t, updated_at: new Date() })
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async remove(db: DB, orgId: string, userId: string, id: string): Promise<boolean> {
    const r = await db
      .deleteFrom("dashboard_tiles")
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Stores a new order: positions 0…n−1 in the given order. */
  async reorder(db: DB, orgId: string, userId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await sql`UPDATE dashboard_tiles t SET position = o.pos - 1, updated_at = now()
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, pos)
      WHERE t.id = o.id AND t.org_id = ${orgId} AND t.user_id = ${userId}`.execute(db);
  },
};
