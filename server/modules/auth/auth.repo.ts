import { sql } from "kysely";
import type { DB } from "../../db/database";

export const authRepo = {
  findUserByEmail(db: DB, email: string) {
    return db
      .selectFrom("users")
      .selectAll()
      .where(sql<string>`lower(email)`, "=", email.toLowerCase())
      .executeTakeFirst();
  },

  createSession(
    db: DB,
    s: {
      org_id: string;
      user_id: string;
      token_hash: string;
      socket_token_hash: string;
      csrf_token: string;
      kind: "web" | "api" | "sso";
      scope: string;
      ip: string | null;
      user_agent: string | null;
      expires_at: Date;
      support_user_id?: string;
      support_parent_id?: string;
    },
  ) {
    return db.insertInto("sessions").values(s).returning(["id", "expires_at", "created_at"]).executeTakeFirstOrThrow();
  },

  /** Session joined with its user and role; expired sessions, inactive users and suspended organisations are not found. */
  findSessionByTokenHash(db: DB, tokenHash: string, column: "token_hash" | "socket_token_hash" = "token_hash") {
    return db
      .selectFrom("sessions as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .innerJoin("roles as r", "r.id", "u.role_id")
      .innerJoin("organizations as o", "o.id", "u.org_id")
      .leftJoin("users as su", "su.id", "s.support_user_id")
      .select([
        "o.is_operator",
        "o.name as org_name",
        "s.support_user_id",
        "su.first_name as support_first_name",
        "su.last_name as support_last_name",
        "s.id as session_id",
        "s.csrf_token",
        "s.expires_at",
        "s.scope",
        "s.kind",
        "u.id as user_id",
        "u.org_id",
        "u.email",
        "u.first_name",
        "u.last_name",
        "u.team_id",
        "u.default_language",
        "u.web_only",
        "u.nav_collapsed",
        "u.vehicle_access",
        "r.id as role_id",
        "r.key as role_key",
        "r.name as role_name",
        "r.permissions",
        "r.options",
      ])
      .where(`s.${column}`, "=", tokenHash)
      .where("s.expires_at", ">", new Date())
      .where("u.active", "=", true)
      .where("o.status", "=", "active")
      .executeTakeFirst();
  },

  /** An active user with role and organisation, for work done on their behalf without a session (scheduled reports). */
  findActiveUserForPrincipal(db: DB, userId: string) {
    return db
      .selectFrom("users as u")
      .innerJoin("roles as r", "r.id", "u.role_id")
      .innerJoin("organizations as o", "o.id", "u.org_id")
      .select([
        "o.is_operator",
        "u.id as user_id",
        "u.org_id",
        "u.email",
        "u.first_name",
        "u.last_name",
        "u.team_id",
        "u.default_language",
        "u.web_only",
        "u.nav_collapsed",
        "u.vehicle_access",
        "r.id as role_id",
        "r.key as role_key",
        "r.name as role_name",
        "r.permissions",
        "r.options",
      ])
      .where("u.id", "=", userId)
      .where("u.active", "=", true)
      .where("o.status", "=", "active")
      .executeTakeFirst();
  },

  organizationStatus(db: DB, orgId: string) {
    return db
      .selectFrom("organizations")
      .select("status")
      .where("id", "=", orgId)
      .executeTakeFirst()
      .then((r) => r?.status);
  },

  deleteSessionByTokenHash(db: DB, tokenHash: string) {
    return db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
  },

  deleteSession(db: DB, sessionId: string) {
    return db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  },

  deleteOrgSessions(db: DB, orgId: string) {
    return db.deleteFrom("sessions").where("org_id", "=", orgId).execute();
  },

  deleteUserSessions(db: DB, userId: string, exceptSessionId?: string) {
    let q = db.deleteFrom("sessions").where("user_id", "=", userId);
    if (exceptSessionId) q = q.where("id", "!=", exceptSessionId);
    return q.execute();
  },

  findRoleOptions(db: DB, roleId: string) {
    return db.selectFrom("roles").select(["options", "key"]).where("id", "=", roleId).executeTakeFirstOrThrow();
  },

  listUserVehicleIds(db: DB, userId: string) {
    return db.selectFrom("user_vehicles").select("vehicle_id").where("user_id", "=", userId).execute();
  },

  listTeams(db: DB, orgId: string) {
    return db.selectFrom("teams").select(["id", "name"]).where("org_id", "=", orgId).orderBy("name").execute();
  },

  async countRecentAttempts(db: DB, key: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom("login_attempts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("key", "=", key)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Seconds since the key's last attempt, or null (password-reset keeps its resend delay per address with it). */
  async secondsSinceLastAttempt(db: DB, key: string): Promise<number | null> {
    const row = await db
      .selectFrom("login_attempts")
      .select(sql<number | null>`extract(epoch from now() - max(created_at))::float8`.as("age"))
      .where("key", "=", key)
      .executeTakeFirst();
    return row?.age == null ? null : Number(row.age);
  },

  recordAttempts(db: DB, keys: string[]) {
    return db
      .insertInto("login_attempts")
      .values(keys.map((key) => ({ key })))
      .execute();
  },

  clearAttempts(db: DB, key: string) {
    return db.deleteFrom("login_attempts").where("key", "=", key).execute();
  },
};
