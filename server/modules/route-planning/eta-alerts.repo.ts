import type { DB } from "../../db/database";

/** Predicted-late jobs: which organisations ask for the alert, the jobs that may still raise it, and the once-only claim. */
export const etaAlertsRepo = {
  /** The day's assigned jobs not reached yet that have raised neither the predicted-late nor the late alert. */
  candidates(db: DB, orgId: string, day: string) {
    return db
      .selectFrom("route_jobs")
      .select([
        "id",
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
      ])
      .where("org_id", "=", orgId)
      .where("scheduled_date", "=", day)
      .where("vehicle_id", "is not", null)
      .where("status", "=", "not_started")
      .where("arrived_at", "is", null)
      .where("eta_alerted_at", "is", null)
      .where("late_alerted_at", "is", null)
      .limit(5000)
      .execute();
  },
  /** Marks the job as warned; false when it already was (a second sweep at the same time), so each visit warns once. */
  async claim(db: DB, orgId: string, jobId: string, at: Date): Promise<boolean> {
    const r = await db
      .updateTable("route_jobs")
      .set({ eta_alerted_at: at })
      .where("org_id", "=", orgId)
      .where("id", "=", jobId)
      .where("eta_alerted_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
