import type { DB } from "../../db/database";

/** SQL of proofs of delivery (one per order). */
export const proofRepo = {
  find(db: DB, orgId: string, orderId: string) {
    return db
      .selectFrom("tms_proofs_of_delivery as p")
      .leftJoin("users as u", "u.id", "p.recorded_by")
      .selectAll("p")
      .select(["u.first_name", "u.last_name"])
      .where("p.org_id", "=", orgId)
      .where("p.order_id", "=", orderId)
      .executeTakeFirst();
  },

  /** false when the order has one already (two phones racing: the first wins). */
  async insert(
    db: DB,
    row: {
      order_id: string;
      org_id: string;
      recipient_name: string;
      photo_key: string;
      photo_type: string;
      photo_bytes: number;
      latitude: number | null;
      longitude: number | null;
      recorded_by: string;
      delivered_at: Date;
    },
  ): Promise<boolean> {
    const r = await db
      .insertInto("tms_proofs_of_delivery")
      .values(row)
      .onConflict((oc) => oc.column("order_id").doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** The driver of the order's truck (vehicles.driver_id), if the order is on one. */
  async truckDriver(db: DB, orgId: string, vehicleId: string | null): Promise<string | null> {
    if (!vehicleId) return null;
    const v = await db
      .selectFrom("vehicles")
      .select(["driver_id"])
      .where("org_id", "=", orgId)
      .where("id", "=", vehicleId)
      .executeTakeFirst();
    return v?.driver_id ?? null;
  },
};
