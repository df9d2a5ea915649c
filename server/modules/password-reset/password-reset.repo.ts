import type { DB } from "../../db/database";

export const passwordResetRepo = {
  latest(db: DB, userId: string) {
    return db
      .selectFrom("password_resets")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  },
  insert(db: DB, v: { org_id: string; user_id: string; code_hash: string; expires_at: Date }) {
    return db.insertInto("password_resets").values(v).returning("id").executeTakeFirstOrThrow();
  },
  countAttempt(db: DB, id: string) {
    return db
      .updateTable("password_resets")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .execute();
  },
  markUsed(db: DB, id: string) {
    return db.updateTable("password_resets").set({ used_at: new Date() }).where("id", "=", id).execute();
  },
};
