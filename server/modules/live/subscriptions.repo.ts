import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";

/** The live channels' subscriptions: which vehicles each page load of a user follows. */
export const subscriptionsRepo = {
  /** Of these vehicle ids, those the user may see. */
  async visibleIds(db: DB, p: Principal, ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p)
      .where("vehicles.id", "in", [...ids])
      .execute();
    return rows.map((r) => r.id);
  },

  async channelVehicles(db: DB, userId: string, channel: string): Promise<string[]> {
    const rows = await db
      .selectFrom("live_subscriptions")
      .select("vehicle_id")
      .where("user_id", "=", userId)
      .where("channel", "=", channel)
      .execute();
    return rows.map((r) => r.vehicle_id);
  },

  /** The vehicles the user follows on these channels (all of the user's when null) that the user may still see. */
  async followed(db: DB, p: Principal, channels: readonly string[] | null): Promise<Set<string>> {
    let q = db
      .selectFrom("live_subscriptions")
      .select("vehicle_id")
      .distinct()
      .where("user_id", "=", p.userId)
      .where("vehicle_id", "in", scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p));
    if (channels) q = q.where("channel", "in", [...channels]);
    return new Set((await q.execute()).map((r) => r.vehicle_id));
  },

  async add(db: DB, p: Principal, channel: string, vehicleIds: readonly string[]) {
    await db
      .insertInto("live_subscriptions")
      .values(vehicleIds.map((vehicle_id) => ({ org_id: p.orgId, user_id: p.userId, channel, vehicle_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  async remove(db: DB, userId: string, channel: string, vehicleIds: readonly string[]) {
    await db
      .deleteFrom("live_subscriptions")
      .where("user_id", "=", userId)
      .where("channel", "=", channel)
      .where("vehicle_id", "in", [...vehicleIds])
      .execute();
  },

  async prune(db: DB, olderThan: Date): Promise<number> {
    const r = await db.deleteFrom("live_subscriptions").where("created_at", "<", olderThan).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
