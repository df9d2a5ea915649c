import { sql } from "kysely";
import type { DB } from "../../db/database";

/** The organisation's TMS settings row (none: the defaults of migration 0012). */
export const tmsSettingsRepo = {
  find(db: DB, orgId: string) {
    return db.selectFrom("tms_settings").selectAll().where("org_id", "=", orgId).executeTakeFirst();
  },
  async save(
    db: DB,
    orgId: string,
    values: {
      service_minutes: number;
      weight_unit: string;
      packet_unit: string;
      window_start: number;
      window_end: number;
      time_limit_s: number;
      arrival_radius_m: number;
    },
  ) {
    await db
      .insertInto("tms_settings")
      .values({ org_id: orgId, ...values })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
  },
  /** The arrival radius of the organisations that saved their settings (the arrival hook). */
  arrivalRadii(db: DB, orgIds: string[]) {
    return db.selectFrom("tms_settings").select(["org_id", "arrival_radius_m"]).where("org_id", "in", orgIds).execute();
  },
};
