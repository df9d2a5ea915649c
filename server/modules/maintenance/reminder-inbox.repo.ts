import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";

/** The user's in-app reminder notices, about reminders of vehicles they may (still) see. */
function mine(db: DB, p: Principal) {
  return db
    .selectFrom("maintenance_reminder_notices as n")
    .innerJoin("maintenance_reminders as r", (j) =>
      j.onRef("r.id", "=", "n.reminder_id").onRef("r.org_id", "=", "n.org_id"),
    )
    .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "r.vehicle_id").onRef("v.org_id", "=", "r.org_id"))
    .where("n.org_id", "=", p.orgId)
    .where("n.user_id", "=", p.userId)
    .where("r.vehicle_id", "in", scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p));
}

export const reminderInboxRepo = {
  list(db: DB, p: Principal, limit: number) {
    return mine(db, p)
      .select([
        "n.reminder_id",
        "n.cycle",
        "n.stage",
        "n.sent_at",
        "n.read_at",
        "r.name",
        "r.vehicle_id",
        "v.registration",
      ])
      .orderBy("n.sent_at", "desc")
      .orderBy("n.reminder_id")
      .limit(limit)
      .execute();
  },
  async unread(db: DB, p: Principal): Promise<number> {
    const r = await mine(db, p)
      .where("n.read_at", "is", null)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
  /** Marks the user's notices read: those of one reminder, or all. */
  async markRead(db: DB, p: Principal, reminderId: string | "all") {
    let q = db
      .updateTable("maintenance_reminder_notices")
      .set({ read_at: sql`now()` })
      .where("org_id", "=", p.orgId)
      .where("user_id", "=", p.userId)
      .where("read_at", "is", null);
    if (reminderId !== "all") q = q.where("reminder_id", "=", reminderId);
    return Number((await q.executeTakeFirst()).numUpdatedRows);
  },
};
