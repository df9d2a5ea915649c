import { sql } from "kysely";
import type { DB } from "../../db/database";

/** The organisation's maintenance settings row (none: the defaults). */
export const settingsRepo = {
  find(db: DB, orgId: string) {
    return db
      .selectFrom("maintenance_settings")
      .select(["consumption_tolerance_pct", "odometer_tolerance_km"])
      .where("org_id", "=", orgId)
      .executeTakeFirst();
  },
  save(db: DB, orgId: string, v: { consumption_tolerance_pct: number; odometer_tolerance_km: number }) {
    return db
      .insertInto("maintenance_settings")
      .values({ org_id: orgId, ...v })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ ...v, updated_at: sql`now()` }))
      .returning(["consumption_tolerance_pct", "odometer_tolerance_km"])
      .executeTakeFirstOrThrow();
  },
};
