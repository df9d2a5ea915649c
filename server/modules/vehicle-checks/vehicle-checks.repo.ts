import type { Insertable } from "kysely";
import type { DB } from "../../db/database";
import type { CheckedItem, VehicleCheckItemsTable } from "../../db/schema/driver-phone";

/** SQL of the vehicle check: the organisation's checklist and the checks done. */
export const vehicleChecksRepo = {
  items(db: DB, orgId: string) {
    return db
      .selectFrom("vehicle_check_items")
      .select(["id", "preset", "label", "photo", "position"])
      .where("org_id", "=", orgId)
      .orderBy("position")
      .execute();
  },

  async replaceItems(db: DB, orgId: string, rows: Omit<Insertable<VehicleCheckItemsTable>, "org_id">[]) {
    await db.deleteFrom("vehicle_check_items").where("org_id", "=", orgId).execute();
    if (rows.length)
      await db
        .insertInto("vehicle_check_items")
        .values(rows.map((r) => ({ ...r, org_id: orgId })))
        .execute();
  },

  insertCheck(
    db: DB,
    row: {
      org_id: string;
      vehicle_id: string;
      driver_id: string;
      day: string;
      passed: boolean;
      items: CheckedItem[];
      created_at: Date;
      fingerprint: string | null;
    },
  ) {
    // undefined: the same check (fingerprint) was stored meanwhile by another request
    return db
      .insertInto("vehicle_checks")
      .values({ ...row, items: JSON.stringify(row.items) })
      .onConflict((oc) =>
        oc.columns(["org_id", "driver_id", "fingerprint"]).where("fingerprint", "is not", null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** A driver's check with this fingerprint (a queued check sent before). */
  byFingerprint(db: DB, orgId: string, driverId: string, fingerprint: string) {
    return db
      .selectFrom("vehicle_checks")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("driver_id", "=", driverId)
      .where("fingerprint", "=", fingerprint)
      .executeTakeFirst();
  },

  async setItems(db: DB, orgId: string, id: string, items: CheckedItem[]) {
    await db
      .updateTable("vehicle_checks")
      .set({ items: JSON.stringify(items) })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .execute();
  },

  find(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("vehicle_checks")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },

  /** The driver's checks of a day, newest first. */
  byDriverDay(db: DB, orgId: string, driverId: string, day: string) {
    return db
      .selectFrom("vehicle_checks")
      .innerJoin("vehicles", "vehicles.id", "vehicle_checks.vehicle_id")
      .selectAll("vehicle_checks")
      .select("vehicles.registration")
      .where("vehicle_checks.org_id", "=", orgId)
      .where("vehicle_checks.driver_id", "=", driverId)
      .where("vehicle_checks.day", "=", day)
      .orderBy("vehicle_checks.created_at", "desc")
      .execute();
  },

  /** The latest checks of some vehicles, newest first, with the driver's name. */
  recent(db: DB, orgId: string, vehicleIds: readonly string[], limit: number) {
    if (!vehicleIds.length) return Promise.resolve([]);
    return db
      .selectFrom("vehicle_checks")
      .innerJoin("vehicles", "vehicles.id", "vehicle_checks.vehicle_id")
      .leftJoin("users", "users.id", "vehicle_checks.driver_id")
      .selectAll("vehicle_checks")
      .select(["vehicles.registration", "users.first_name", "users.last_name"])
      .where("vehicle_checks.org_id", "=", orgId)
      .where("vehicle_checks.vehicle_id", "in", [...vehicleIds])
      .orderBy("vehicle_checks.created_at", "desc")
      .limit(limit)
      .execute();
  },

  /** The vehicle the user drives (vehicles.driver_id), the first by registration when several. */
  ownVehicle(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("vehicles")
      .select(["id", "registration"])
      .where("org_id", "=", orgId)
      .where("driver_id", "=", userId)
      .orderBy("registration")
      .executeTakeFirst();
  },
};
