import { sql } from "kysely";
import type { DB } from "../../db/database";
import { likePattern, type ListQuery } from "../shared/listing";

const SORTS = { name: "t.name", vehicles: "vehicle_count", members: "member_count" } as const;
export type TeamSort = keyof typeof SORTS;

export const teamsRepo = {
  async list(db: DB, orgId: string, teamIds: readonly string[] | "all", q: ListQuery, sort: TeamSort) {
    let base = db.selectFrom("teams as t").where("t.org_id", "=", orgId);
    if (teamIds !== "all")
      base = teamIds.length ? base.where("t.id", "in", [...teamIds]) : base.where(sql<boolean>`false`);
    if (q.q) base = base.where("t.name", "ilike", likePattern(q.q));
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .select([
        "t.id",
        "t.name",
        "t.description",
        "t.updated_at",
        (eb) =>
          eb
            .selectFrom("vehicles")
            .whereRef("vehicles.team_id", "=", "t.id")
            .select(eb.fn.countAll<number>().as("n"))
            .as("vehicle_count"),
        (eb) =>
          eb
            .selectFrom("users")
            .whereRef("users.team_id", "=", "t.id")
            .select(eb.fn.countAll<number>().as("n"))
            .as("member_count"),
      ])
      .orderBy(sql.ref(SORTS[sort]), q.dir)
      .orderBy("t.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  findById(db: DB, orgId: string, id: string) {
    return db.selectFrom("teams").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  listAll(db: DB, orgId: string) {
    return db.selectFrom("teams").select(["id", "name"]).where("org_id", "=", orgId).orderBy("name").execute();
  },
  insert(db: DB, orgId: string, v: { name: string; description: string | null }) {
    return db
      .insertInto("teams")
      .values({ org_id: orgId, ...v })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  update(db: DB, orgId: string, id: string, v: { name: string; description: string | null }) {
    return db
      .updateTable("teams")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  delete(db: DB, orgId: string, id: string) {
    return db.deleteFrom("teams").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  async usage(db: DB, orgId: string, id: string) {
    const [vehicles, members] = await Promise.all([
      db
        .selectFrom("vehicles")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("org_id", "=", orgId)
        .where("team_id", "=", id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("org_id", "=", orgId)
        .where("team_id", "=", id)
        .executeTakeFirstOrThrow(),
    ]);
    return { vehicles: Number(vehicles.n), members: Number(members.n) };
  },
  async existingIds(db: DB, orgId: string, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  },
  nameExists(db: DB, orgId: string, name: string, exceptId?: string) {
    let q = db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", orgId)
      .where(sql<string>`lower(name)`, "=", name.toLowerCase());
    if (exceptId) q = q.where("id", "!=", exceptId);
    return q.executeTakeFirst().then(Boolean);
  },
};
