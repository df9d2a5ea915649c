import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { NewUser, UserUpdate } from "../../db/schema";
import { likePattern, type ListQuery } from "../shared/listing";

const nameParts = (alias: string | null) => {
  const col = (c: string) => sql.ref(alias ? `${alias}.${c}` : c);
  return sql`trim(coalesce(${col("first_name")}, '') || ' ' || coalesce(${col("last_name")}, ''))`;
};

/** How SQL anywhere names a person: first and last name, trimmed; `alias` is the users table's alias in the query. */
export const userSql = {
  fullName: (alias: string | null = null) => sql<string>`${nameParts(alias)}`,
  /** null when the person has neither name (or the outer join found nobody) */
  fullNameOrNull: (alias: string | null = null) => sql<string | null>`nullif(${nameParts(alias)}, '')`,
};

const SORTS = {
  name: "u.last_name",
  email: "u.email",
  role: "role_name",
  team: "team_name",
  lastLogin: "u.last_login_at",
  phone: "u.phone",
  personalNumber: "u.personal_number",
  vehicle: "vehicle_registrations",
} as const;
export type UserSort = keyof typeof SORTS;

export const PUBLIC_USER_COLUMNS = [
  "u.id",
  "u.org_id",
  "u.email",
  "u.first_name",
  "u.middle_name",
  "u.last_name",
  "u.birthday",
  "u.personal_number",
  "u.phone",
  "u.role_id",
  "u.team_id",
  "u.is_driver",
  "u.web_only",
  "u.vehicle_access",
  "u.default_language",
  "u.active",
  "u.last_login_at",
] as const;

export const usersRepo = {
  async list(
    db: DB,
    orgId: string,
    teamIds: readonly string[] | "all",
    q: ListQuery,
    sort: UserSort,
    opts: { driversOnly: boolean },
  ) {
    let base = db
      .selectFrom("users as u")
      .innerJoin("roles as r", "r.id", "u.role_id")
      .leftJoin("teams as t", "t.id", "u.team_id")
      .where("u.org_id", "=", orgId);
    if (opts.driversOnly) base = base.where("u.is_driver", "=", true);
    if (teamIds !== "all")
      base = teamIds.length ? base.where("u.team_id", "in", [...teamIds]) : base.where(sql<boolean>`false`);
    if (q.q) {
      const pat = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([
          eb("u.first_name", "ilike", pat),
          eb("u.last_name", "ilike", pat),
          eb("u.email", "ilike", pat),
          eb("u.phone", "ilike", pat),
          eb("u.personal_number", "ilike", pat),
        ]),
      );
    }
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .select([...PUBLIC_USER_COLUMNS, "r.name as role_name", "r.key as role_key", "t.name as team_name"])
      .select((eb) =>
        eb
          .selectFrom("vehicles as v")
          .select(sql<string | null>`string_agg(v.registration, ', ' order by v.registration)`.as("regs"))
          .whereRef("v.driver_id", "=", "u.id")
          .where("v.org_id", "=", orgId)
          .$if(teamIds !== "all", (qb) =>
            teamIds.length ? qb.where("v.team_id", "in", [...teamIds]) : qb.where(sql<boolean>`false`),
          )
          .as("vehicle_registrations"),
      )
      .orderBy(sql.ref(SORTS[sort]), q.dir)
      .orderBy("u.first_name")
      .orderBy("u.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  findById(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("users as u")
      .select(PUBLIC_USER_COLUMNS)
      .where("u.org_id", "=", orgId)
      .where("u.id", "=", id)
      .executeTakeFirst();
  },
  findPasswordHash(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("users")
      .select("password_hash")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  emailTaken(db: DB, email: string, exceptId?: string) {
    let q = db.selectFrom("users").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase());
    if (exceptId) q = q.where("id", "!=", exceptId);
    return q.executeTakeFirst().then(Boolean);
  },
  insert(db: DB, v: NewUser) {
    return db.insertInto("users").values(v).returning(["id"]).executeTakeFirstOrThrow();
  },
  /** An organisation's first administrator (tenants module), with what its answer and audit entry show. */
  insertAdministrator(db: DB, v: NewUser) {
    return db
      .insertInto("users")
      .values(v)
      .returning(["id", "email", "first_name", "last_name", "default_language"])
      .executeTakeFirstOrThrow();
  },
  update(db: DB, orgId: string, id: string, v: UserUpdate) {
    return db
      .updateTable("users")
      .set({ ...v, updated_at: new Date() })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  delete(db: DB, orgId: string, id: string) {
    return db.deleteFrom("users").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  listRoles(db: DB, orgId: string) {
    return db
      .selectFrom("roles")
      .select(["id", "key", "name", "permissions"])
      .where("org_id", "=", orgId)
      .orderBy("name")
      .execute();
  },
  findRole(db: DB, orgId: string, id: string) {
    return db.selectFrom("roles").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  countActiveAdmins(db: DB, orgId: string, exceptUserId: string) {
    return db
      .selectFrom("users as u")
      .innerJoin("roles as r", "r.id", "u.role_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("u.org_id", "=", orgId)
      .where("r.key", "=", "administrator")
      .where("u.active", "=", true)
      .where("u.id", "!=", exceptUserId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },
  /** Drivers of the visible teams, plus `keepId` (a vehicle's current driver), as options. */
  listDrivers(db: DB, orgId: string, teamIds: readonly string[] | "all", keepId: string | null = null) {
    let q = db
      .selectFrom("users")
      .select(["id", userSql.fullName().as("name"), "team_id"])
      .where("org_id", "=", orgId);
    q = q.where((eb) => {
      const visible =
        teamIds === "all" ? eb.val(true) : teamIds.length ? eb("team_id", "in", [...teamIds]) : eb.val(false);
      const driver = eb.and([eb("is_driver", "=", true), visible]);
      return keepId ? eb.or([driver, eb("id", "=", keepId)]) : driver;
    });
    return q.orderBy("last_name").orderBy("first_name").execute();
  },
  findTeam(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("users")
      .select(["id", "team_id"])
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  /** Active people with an e-mail address (alert recipients). */
  listWithEmail(db: DB, orgId: string) {
    return db
      .selectFrom("users")
      .select(["id", "first_name", "last_name", "email"])
      .where("org_id", "=", orgId)
      .where("active", "=", true)
      .where("email", "is not", null)
      .orderBy("first_name")
      .orderBy("last_name")
      .execute();
  },
  async existingIds(db: DB, orgId: string, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  },
  touchLastLogin(db: DB, userId: string) {
    return db.updateTable("users").set({ last_login_at: new Date() }).where("id", "=", userId).execute();
  },
  async setNavCollapsed(db: DB, orgId: string, userId: string, collapsed: boolean) {
    await db
      .updateTable("users")
      .set({ nav_collapsed: collapsed })
      .where("org_id", "=", orgId)
      .where("id", "=", userId)
      .execute();
  },
  listVehicleIds(db: DB, userId: string) {
    return db
      .selectFrom("user_vehicles")
      .select("vehicle_id")
      .where("user_id", "=", userId)
      .execute()
      .then((r) => r.map((x) => x.vehicle_id));
  },
  async replaceVehicles(db: DB, orgId: string, userId: string, vehicleIds: string[]) {
    await db.deleteFrom("user_vehicles").where("user_id", "=", userId).execute();
    if (vehicleIds.length) {
      await db
        .insertInto("user_vehicles")
        .values(vehicleIds.map((vehicle_id) => ({ org_id: orgId, user_id: userId, vehicle_id })))
        .execute();
    }
  },
  /** Names of the organisation's drivers (reports label segments with them). */
  async driverNames(db: DB, orgId: string): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom("users")
      .select(["id", "first_name", "last_name"])
      .where("org_id", "=", orgId)
      .where("is_driver", "=", true)
      .execute();
    return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
  },
};
