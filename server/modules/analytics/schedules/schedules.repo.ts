import { sql } from "kysely";
import type { DB } from "../../../db/database";
import type { ScheduleInput } from "./schedules.schema";

const values = (v: ScheduleInput, params: Record<string, unknown>) => ({
  name: v.name,
  report_type: v.report_type,
  params: JSON.stringify(params),
  hour: v.hour,
  time_range: v.time_range,
  interval: v.interval,
  weekday: v.interval === "weekly" ? (v.weekday ?? null) : null,
  month_day: v.interval === "monthly" ? (v.month_day ?? null) : null,
  vehicle_ids: v.vehicle_ids,
  team_ids: v.team_ids,
  driver_ids: v.driver_ids,
  user_ids: v.user_ids,
  emails: v.emails,
  active: v.active,
});

export const schedulesRepo = {
  list(db: DB, orgId: string) {
    return db.selectFrom("report_schedules").selectAll().where("org_id", "=", orgId).orderBy("name").execute();
  },
  /** Who made a schedule (its runs are made as that user, and are theirs to see). */
  async creator(db: DB, id: string): Promise<string | null> {
    return (
      (await db.selectFrom("report_schedules").select("created_by").where("id", "=", id).executeTakeFirst())
        ?.created_by ?? null
    );
  },
  find(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("report_schedules")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  insert(db: DB, orgId: string, userId: string, v: ScheduleInput, params: Record<string, unknown>) {
    return db
      .insertInto("report_schedules")
      .values({ org_id: orgId, created_by: userId, ...values(v, params) })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  async update(db: DB, orgId: string, id: string, v: ScheduleInput, params: Record<string, unknown>) {
    const r = await db
      .updateTable("report_schedules")
      .set({ ...values(v, params), updated_at: new Date() })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async remove(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("report_schedules")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Every active schedule of the installation, with its organisation's zone (the sweep). */
  allActive(db: DB) {
    return db
      .selectFrom("report_schedules as s")
      .leftJoin("organization_settings as o", "o.org_id", "s.org_id")
      .selectAll("s")
      .select(sql<string | null>`o.timezone`.as("timezone"))
      .where("s.active", "=", true)
      .execute();
  },
  /** People of the organisation by id, with their language (recipients). */
  recipients(db: DB, orgId: string, ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom("users")
      .select(["id", "email", "default_language"])
      .where("org_id", "=", orgId)
      .where("id", "in", ids)
      .where("active", "=", true)
      .where("email", "is not", null)
      .execute();
  },
};
