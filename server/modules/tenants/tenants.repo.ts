import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { OrganizationStatus } from "../../db/schema/admin";
import { likePattern, type ListQuery } from "../shared/listing";

const SORTS = {
  name: "o.name",
  created: "o.created_at",
  status: "o.status",
  vehicles: "vehicles",
  users: "users",
} as const;
export type TenantSort = keyof typeof SORTS;

/** Organisations with their usage. Counting vehicles and users here (read-only) keeps the list one query. */
function withCounts(db: DB) {
  return db
    .selectFrom("organizations as o")
    .select([
      "o.id",
      "o.name",
      "o.country",
      "o.status",
      "o.status_changed_at",
      "o.device_quota",
      "o.is_operator",
      "o.created_at",
      (eb) =>
        eb
          .selectFrom("vehicles")
          .select(eb.fn.countAll<string>().as("n"))
          .whereRef("vehicles.org_id", "=", "o.id")
          .as("vehicles"),
      (eb) =>
        eb
          .selectFrom("vehicles")
          .select(eb.fn.countAll<string>().as("n"))
          .whereRef("vehicles.org_id", "=", "o.id")
          .where("vehicles.device_imei", "is not", null)
          .as("devices"),
      (eb) =>
        eb
          .selectFrom("users")
          .select(eb.fn.countAll<string>().as("n"))
          .whereRef("users.org_id", "=", "o.id")
          .where("users.email", "is not", null)
          .as("users"),
    ]);
}

export const tenantsRepo = {
  async list(db: DB, q: ListQuery, sort: TenantSort) {
    let base = db.selectFrom("organizations as o");
    if (q.q) base = base.where("o.name", "ilike", likePattern(q.q));
    const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as("total")).execute();
    let items = withCounts(db);
    if (q.q) items = items.where("o.name", "ilike", likePattern(q.q));
    const rows = await items
      .orderBy(sql`${sql.ref(SORTS[sort])} ${sql.raw(q.dir === "desc" ? "desc" : "asc")} nulls last`)
      .orderBy("o.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items: rows, total: Number(total) };
  },

  find(db: DB, id: string) {
    return withCounts(db).where("o.id", "=", id).executeTakeFirst();
  },

  administrators(db: DB, orgId: string) {
    return db
      .selectFrom("users as u")
      .innerJoin("roles as r", "r.id", "u.role_id")
      .select([
        "u.id",
        "u.email",
        "u.first_name",
        "u.last_name",
        "u.default_language",
        "u.active",
        "u.last_login_at",
        "u.created_at",
      ])
      .where("u.org_id", "=", orgId)
      .where("r.key", "=", "administrator")
      .orderBy("u.created_at")
      .orderBy("u.id")
      .execute();
  },

  insertOrganization(db: DB, v: { name: string; country: string | null; device_quota: number | null }) {
    return db.insertInto("organizations").values(v).returningAll().executeTakeFirstOrThrow();
  },

  insertSettings(db: DB, orgId: string) {
    return db.insertInto("organization_settings").values({ org_id: orgId }).execute();
  },

  insertRole(db: DB, v: { org_id: string; key: string; name: string; permissions: string[]; options: string }) {
    return db.insertInto("roles").values(v).returning("id").executeTakeFirstOrThrow();
  },

  insertAdministrator(
    db: DB,
    v: {
      org_id: string;
      role_id: string;
      email: string;
      password_hash: string | null;
      first_name: string;
      last_name: string;
      default_language: "al" | "en";
    },
  ) {
    return db
      .insertInto("users")
      .values(v)
      .returning(["id", "email", "first_name", "last_name", "default_language"])
      .executeTakeFirstOrThrow();
  },

  emailTaken(db: DB, email: string) {
    return db
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(email)`, "=", email.toLowerCase())
      .executeTakeFirst()
      .then(Boolean);
  },

  update(db: DB, id: string, v: { name: string; country: string | null; device_quota: number | null }) {
    return db
      .updateTable("organizations")
      .set({ ...v, updated_at: new Date() })
      .where("id", "=", id)
      .execute();
  },

  setStatus(db: DB, id: string, status: OrganizationStatus) {
    return db
      .updateTable("organizations")
      .set({ status, status_changed_at: new Date(), updated_at: new Date() })
      .where("id", "=", id)
      .execute();
  },

  deleteSessions(db: DB, orgId: string) {
    return db.deleteFrom("sessions").where("org_id", "=", orgId).execute();
  },

  deviceIdentifiers(db: DB, orgId: string) {
    return db.selectFrom("vehicles").select(["id", "device_imei"]).where("org_id", "=", orgId).execute();
  },

  /** Positions have no foreign key (partitioned by time); they go by vehicle before the organisation does. */
  async deleteOrganization(db: DB, orgId: string, vehicleIds: string[]) {
    for (let i = 0; i < vehicleIds.length; i += 500) {
      await db
        .deleteFrom("positions")
        .where("vehicle_id", "in", vehicleIds.slice(i, i + 500))
        .execute();
    }
    return db.deleteFrom("organizations").where("id", "=", orgId).executeTakeFirst();
  },

  /** Locks the organisation row: two saves cannot both take the last free device slot. */
  lockQuota(db: DB, orgId: string) {
    return db.selectFrom("organizations").select("device_quota").where("id", "=", orgId).forUpdate().executeTakeFirst();
  },

  countDevices(db: DB, orgId: string) {
    return db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("org_id", "=", orgId)
      .where("device_imei", "is not", null)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },

  firstActiveAdministrator(db: DB, orgId: string) {
    return db
      .selectFrom("users as u")
      .innerJoin("roles as r", "r.id", "u.role_id")
      .select(["u.id", "u.org_id", "u.web_only", "u.first_name", "u.last_name", "u.email"])
      .where("u.org_id", "=", orgId)
      .where("r.key", "=", "administrator")
      .where("u.active", "=", true)
      .orderBy("u.created_at")
      .orderBy("u.id")
      .limit(1)
      .executeTakeFirst();
  },

  deleteSession(db: DB, sessionId: string) {
    return db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  },
};
