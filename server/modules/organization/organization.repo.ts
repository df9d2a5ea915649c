import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { OrganizationInput, SettingsInput } from "./organization.schema";

export const organizationRepo = {
  find(db: DB, orgId: string) {
    return db.selectFrom("organizations").selectAll().where("id", "=", orgId).executeTakeFirst();
  },
  update(db: DB, orgId: string, v: OrganizationInput) {
    return db
      .updateTable("organizations")
      .set({ ...v, updated_at: new Date() })
      .where("id", "=", orgId)
      .returningAll()
      .executeTakeFirst();
  },
  /** PostgreSQL knows the zone too (report and log queries use AT TIME ZONE with it). */
  async databaseKnowsZone(db: DB, name: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM pg_timezone_names WHERE name = ${name}`.execute(db);
    return rows.length > 0;
  },
  findSettings(db: DB, orgId: string) {
    return db.selectFrom("organization_settings").selectAll().where("org_id", "=", orgId).executeTakeFirst();
  },
  upsertSettings(db: DB, orgId: string, input: SettingsInput) {
    const { timezone, ...rest } = input;
    const v = timezone ? { ...rest, timezone } : rest;
    return db
      .insertInto("organization_settings")
      .values({ org_id: orgId, ...v })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ ...v, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
