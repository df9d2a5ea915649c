import { sql } from "kysely";
import type { DB } from "../../db/database";

export type LatenessStage = "job_late" | "job_missed";

/** Late and missed jobs: the jobs that still owe an alert, the once-only claim and who dispatches (the default's recipients). */
export const latenessRepo = {
  /** Assigned jobs around today not arrived yet that still owe an alert. */
  candidates(db: DB, days: readonly string[], orgIds?: readonly string[]) {
    return db
      .selectFrom("route_jobs")
      .$if(orgIds !== undefined, (q) => q.where("org_id", "in", [...orgIds!]))
      .select([
        "id",
        "org_id",
        "name",
        "vehicle_id",
        "driver_id",
        "latitude",
        "longitude",
        "scheduled_date",
        "scheduled_arrival",
        "scheduled_departure",
        "arrived_at",
        "status",
        "late_alerted_at",
        "missed_alerted_at",
      ])
      .where("scheduled_date", "in", [...days])
      .where("vehicle_id", "is not", null)
      .where("arrived_at", "is", null)
      .where("status", "=", "not_started")
      .where((eb) => eb.or([eb("late_alerted_at", "is", null), eb("missed_alerted_at", "is", null)]))
      .limit(5000)
      .execute();
  },
  /**
   * Marks the job's stage as alerted; false when it already was (a second sweep running at the same time),
   * so each visit raises each stage once. A missed job also counts as late (no late alert after a missed one).
   */
  async claim(db: DB, orgId: string, jobId: string, stage: LatenessStage, at: Date): Promise<boolean> {
    const q =
      stage === "job_late"
        ? db.updateTable("route_jobs").set({ late_alerted_at: at }).where("late_alerted_at", "is", null)
        : db
            .updateTable("route_jobs")
            .set({ missed_alerted_at: at, late_alerted_at: sql`coalesce(late_alerted_at, ${at})` })
            .where("missed_alerted_at", "is", null);
    const r = await q.where("org_id", "=", orgId).where("id", "=", jobId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** Active users whose role may dispatch (routePlanning:write). */
  async dispatchers(db: DB, orgId: string) {
    const rows = await db
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select("users.id")
      .where("users.org_id", "=", orgId)
      .where("users.active", "=", true)
      .where(sql<boolean>`'routePlanning:write' = ANY(roles.permissions)`)
      .execute();
    return rows.map((r) => r.id);
  },
};
