import { sql } from "kysely";
import type { DB } from "../../db/database";

/**
 * Late and missed jobs into the alert log: rows in `alerts` (type job_late / job_missed, no policy) and unread
 * notifications for the organisation's dispatchers, the way the alert engine stores its own.
 */
export const latenessRepo = {
  /** Assigned jobs around today not arrived yet that still owe an alert. */
  candidates(db: DB, days: readonly string[]) {
    return db.selectFrom("route_jobs")
      .select(["id", "org_id", "name", "vehicle_id", "driver_id", "latitude", "longitude", "scheduled_date", "scheduled_arrival", "scheduled_departure", "arrived_at", "status", "late_alerted_at", "missed_alerted_at"])
      .where("scheduled_date", "in", [...days]).where("vehicle_id", "is not", null).where("arrived_at", "is", null).where("status", "=", "not_started")
      .where((eb) => eb.or([eb("late_alerted_at", "is", null), eb("missed_alerted_at", "is", null)]))
      .limit(5000).execute();
  },
  /** Active users whose role may dispatch (routePlanning:write). */
  async dispatchers(db: DB, orgId: string) {
    const rows = await db.selectFrom("users").innerJoin("roles", "roles.id", "users.role_id").select("users.id")
      .where("users.org_id", "=", orgId).where("users.active", "=", true).where(sql<boolean>`'routePlanning:write' = ANY(roles.permissions)`).execute();
    return rows.map((r) => r.id);
  },
  async raise(db: DB, a: { orgId: string; type: "job_late" | "job_missed"; jobId: string; jobName: string; vehicleId: string; driverId: string | null; at: Date; lat: number; lon: number; recipients: string[] }) {
    const alert = await db.insertInto("alerts").values({
      org_id: a.orgId, policy_id: null, policy_name: a.jobName, alert_type: a.type as never, vehicle_id: a.vehicleId, driver_id: a.driverId,
      occurred_at: a.at, lat: a.lat, lon: a.lon, details: JSON.stringify({ job_id: a.jobId, job_name: a.jobName }) as never,
    }).returning("id").executeTakeFirstOrThrow();
    if (a.recipients.length) {
      await db.insertInto("alert_notifications").values(a.recipients.map((user_id) => ({ org_id: a.orgId, alert_id: alert.id, user_id }))).execute();
    }
    await db.updateTable("route_jobs").set(a.type === "job_late" ? { late_alerted_at: a.at } : { missed_alerted_at: a.at, late_alerted_at: sql`coalesce(late_alerted_at, ${a.at})` })
      .where("org_id", "=", a.orgId).where("id", "=", a.jobId).execute();
  },
};
