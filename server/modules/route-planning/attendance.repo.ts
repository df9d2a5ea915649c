import type { DB } from "../../db/database";
import { userSql } from "../users";

export const attendanceRepo = {
  rules(db: DB, orgId: string) {
    return db
      .selectFrom("attendance_rules")
      .selectAll("attendance_rules")
      .select((eb) =>
        eb
          .selectFrom("attendance_rule_users")
          .whereRef("rule_id", "=", "attendance_rules.id")
          .select((e) => e.fn.countAll<number>().as("n"))
          .as("users"),
      )
      .where("org_id", "=", orgId)
      .orderBy("created_at", "desc")
      .execute();
  },
  insertRule(db: DB, orgId: string, name: string, threshold: string) {
    return db
      .insertInto("attendance_rules")
      .values({ org_id: orgId, name, start_threshold: threshold })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  /** One rule per user: applying a rule replaces the one the user had. */
  assign(db: DB, orgId: string, ruleId: string, userIds: string[]) {
    if (!userIds.length) return Promise.resolve([]);
    return db
      .insertInto("attendance_rule_users")
      .values(userIds.map((user_id) => ({ org_id: orgId, user_id, rule_id: ruleId })))
      .onConflict((oc) => oc.columns(["org_id", "user_id"]).doUpdateSet({ rule_id: ruleId }))
      .execute();
  },
  /** Rules no user follows any more. */
  dropUnused(db: DB, orgId: string) {
    return db
      .deleteFrom("attendance_rules")
      .where("org_id", "=", orgId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom("attendance_rule_users").select("user_id").whereRef("rule_id", "=", "attendance_rules.id")),
        ),
      )
      .execute();
  },
  ruleOf(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("attendance_rule_users")
      .innerJoin("attendance_rules", "attendance_rules.id", "attendance_rule_users.rule_id")
      .select(["attendance_rules.id", "attendance_rules.name", "attendance_rules.start_threshold"])
      .where("attendance_rule_users.org_id", "=", orgId)
      .where("attendance_rule_users.user_id", "=", userId)
      .executeTakeFirst();
  },
  start(
    db: DB,
    orgId: string,
    userId: string,
    day: string,
    v: { started_at: Date; threshold: string; late: boolean; start_lat: number | null; start_lon: number | null },
  ) {
    return db
      .insertInto("attendance_days")
      .values({ org_id: orgId, user_id: userId, day, ...v })
      .onConflict((oc) => oc.columns(["org_id", "user_id", "day"]).doNothing())
      .returningAll()
      .executeTakeFirst();
  },
  end(db: DB, orgId: string, userId: string, day: string, at: Date) {
    return db
      .updateTable("attendance_days")
      .set({ ended_at: at })
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .where("day", "=", day)
      .where("ended_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  },
  days(db: DB, orgId: string, from: string, to: string, userId?: string) {
    let q = db
      .selectFrom("attendance_days")
      .innerJoin("users", (j) =>
        j.onRef("users.id", "=", "attendance_days.user_id").onRef("users.org_id", "=", "attendance_days.org_id"),
      )
      .selectAll("attendance_days")
      .select(userSql.fullName("users").as("user_name"))
      .where("attendance_days.org_id", "=", orgId)
      .where("attendance_days.day", ">=", from)
      .where("attendance_days.day", "<=", to);
    if (userId) q = q.where("attendance_days.user_id", "=", userId);
    return q.orderBy("attendance_days.day", "desc").orderBy("users.last_name").execute();
  },
};
