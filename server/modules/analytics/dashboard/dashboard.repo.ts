import { sql } from "kysely";
import type { DB } from "../../../db/database";
import type { Tile, TileInput } from "./dashboard.schema";

const columns = ["id", "position", "metric", "chart_type", "ranking", "ranking_size", "aggregation", "time_window", "vehicle_ids", "team_ids"] as const;

const toTile = (r: Record<(typeof columns)[number], unknown>): Tile => ({
  id: r.id as string, position: r.position as number, metric: r.metric as Tile["metric"], chart_type: r.chart_type as Tile["chart_type"],
  ranking: (r.ranking as Tile["ranking"]) ?? null, ranking_size: r.ranking_size as 10 | 50, aggregation: r.aggregation as Tile["aggregation"],
  time_window: r.time_window as Tile["time_window"], vehicle_ids: r.vehicle_ids as string[], team_ids: r.team_ids as string[],
});

export const dashboardRepo = {
  async tiles(db: DB, orgId: string, userId: string): Promise<Tile[]> {
    const rows = await db.selectFrom("dashboard_tiles").select([...columns]).where("org_id", "=", orgId).where("user_id", "=", userId)
      .orderBy("position").orderBy("created_at").execute();
    return rows.map(toTile);
  },

  async tile(db: DB, orgId: string, userId: string, id: string): Promise<Tile | undefined> {
    const r = await db.selectFrom("dashboard_tiles").select([...columns]).where("org_id", "=", orgId).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    return r ? toTile(r) : undefined;
  },

  async insert(db: DB, orgId: string, userId: string, t: TileInput): Promise<Tile> {
    const r = await db.insertInto("dashboard_tiles").values({
      org_id: orgId, user_id: userId, ...t,
      position: sql<number>`(SELECT coalesce(max(position), -1) + 1 FROM dashboard_tiles WHERE user_id = ${userId})`,
    }).returning([...columns]).executeTakeFirstOrThrow();
    return toTile(r);
  },

  async update(db: DB, orgId: string, userId: string, id: string, t: TileInput): Promise<boolean> {
    const r = await db.updateTable("dashboard_tiles").set({ ...t, updated_at: new Date() })
      .where("org_id", "=", orgId).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async remove(db: DB, orgId: string, userId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom("dashboard_tiles").where("org_id", "=", orgId).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
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
