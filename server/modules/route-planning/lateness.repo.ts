import { sql } from "kysely";
import type { DB } from "../../db/database";

export type LatenessStage = "job_late" | "job_missed";

/** Late and missed jobs: the jobs that still owe an alert, the once-only claim, and the default for organisations without a policy. */
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
  /** The job types for which the organisation has a policy, switched on or off (an off policy is a choice too). */
  async policyTypes(db: DB, orgId: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom("alert_policies")
      .select("alert_type")
      .distinct()
      .where("org_id", "=", orgId)
      .where("alert_type", "in", ["job_late", "job_missed"])
      .execute();
    return new Set(rows.map((r) => r.alert_type));
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
  /** The default without a policy: a log row (no policy, the job's name in the policy column) and unread notices. */
  async raiseDefault(
    db: DB,
    a: {
      orgId: string;
      type: LatenessStage;
      jobName: string;
      vehicleId: string;
      driverId: string | null;
      at: Date;
      lat: number;
      lon: number;
      details: Record<string, unknown>;
      recipients: string[];
    },
  ) {
    const alert = await db
      .insertInto("alerts")
      .values({
        org_id: a.orgId,
        policy_id: null,
        policy_name: a.jobName,
        alert_type: a.type,
        vehicle_id: a.vehicleId,
        driver_id: a.driverId,
        occurred_at: a.at,
        lat: a.lat,
        lon: a.lon,
        details: JSON.stringify(a.details) as never,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (a.recipients.length) {
      await db
        .insertInto("alert_notifications")
        .values(a.recipients.map((user_id) => ({ org_id: a.orgId, alert_id: alert.id, user_id })))
        .execute();
    }
    return alert.id;
  },
};
