import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { OrganizationStatus } from "../../db/schema/admin";
import type { OrganizationInput, SettingsInput } from "./organization.schema";

/** What the installation's administrators set on an organisation (tenants module). */
interface TenancyValues {
  name: string;
  country: string | null;
  device_quota: number | null;
}

export const organizationRepo = {
  /** The readiness probe: the database answers and the schema is in place. */
  async ready(db: DB): Promise<void> {
    await db.selectFrom("app_meta").select("key").limit(1).execute();
  },
  create(db: DB, v: TenancyValues) {
    return db.insertInto("organizations").values(v).returningAll().executeTakeFirstOrThrow();
  },
  insertDefaultSettings(db: DB, orgId: string) {
    return db.insertInto("organization_settings").values({ org_id: orgId }).execute();
  },
  updateTenancy(db: DB, orgId: string, v: TenancyValues) {
    return db
      .updateTable("organizations")
      .set({ ...v, updated_at: new Date() })
      .where("id", "=", orgId)
      .execute();
  },
  setStatus(db: DB, orgId: string, status: OrganizationStatus) {
    return db
      .updateTable("organizations")
      .set({ status, status_changed_at: new Date(), updated_at: new Date() })
      .where("id", "=", orgId)
      .execute();
  },
  /** Rows with a foreign key to the organisation go with it (positions have none: delete them first). */
  delete(db: DB, orgId: string) {
    return db.deleteFrom("organizations").where("id", "=", orgId).executeTakeFirst();
  },
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
