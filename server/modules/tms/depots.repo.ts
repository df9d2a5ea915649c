import type { DB } from "../../db/database";

/** The organisation's depots (where the trucks of a plan start and end). */
export const depotsRepo = {
  list(db: DB, orgId: string) {
    return db.selectFrom("tms_depots").selectAll().where("org_id", "=", orgId).orderBy("name").execute();
  },
  find(db: DB, orgId: string, id: string) {
    return db.selectFrom("tms_depots").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  insert(db: DB, orgId: string, v: { name: string; latitude: number; longitude: number }) {
    return db
      .insertInto("tms_depots")
      .values({ org_id: orgId, ...v })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  async delete(db: DB, orgId: string, id: string) {
    await db.deleteFrom("tms_depots").where("org_id", "=", orgId).where("id", "=", id).execute();
  },
};
