import { sql } from "kysely";
import type { DB } from "../../db/database";
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

  deviceIdentifiers(db: DB, orgId: string) {
    return db.selectFrom("vehicles").select(["id", "device_imei"]).where("org_id", "=", orgId).execute();
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
};
