import { sql, type Insertable } from "kysely";
import type { DB } from "../../db/database";
import type { AuditLogTable } from "../../db/schema/admin";

export interface AuditQuery {
  from?: Date;
  to?: Date;
  userId?: string;
  entity?: string;
}

/** An entry as written: the log stamps its own id and time; `before` and `after` are JSON text. */
export type NewAuditRow = Omit<Insertable<AuditLogTable>, "id" | "at">;

function filtered(db: DB, orgId: string, q: AuditQuery) {
  let base = db.selectFrom("audit_log").where("org_id", "=", orgId);
  if (q.from) base = base.where("at", ">=", q.from);
  if (q.to) base = base.where("at", "<", q.to);
  if (q.userId)
    base = base.where((eb) => eb.or([eb("user_id", "=", q.userId!), eb("support_user_id", "=", q.userId!)]));
  if (q.entity) base = base.where("entity_type", "=", q.entity);
  return base;
}

const COLUMNS = [
  "id",
  "at",
  "user_id",
  "user_name",
  "support_user_id",
  "support_user_name",
  "entity_type",
  "entity_id",
  "action",
  "before",
  "after",
] as const;

export const auditRepo = {
  insert(db: DB, row: NewAuditRow) {
    return db.insertInto("audit_log").values(row).execute();
  },

  /**
   * One page, newest first. The total is counted up to `countCap` rows only: counting a whole large log costs more
   * than the page itself, and nobody pages that deep (narrowing the filters does it).
   */
  async list(db: DB, orgId: string, q: AuditQuery, page: { page: number; size: number }, countCap: number) {
    const base = filtered(db, orgId, q);
    const counted = await db
      .selectFrom(
        base
          .select(sql<number>`1`.as("one"))
          .limit(countCap + 1)
          .as("c"),
      )
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const items = await base
      .select(COLUMNS)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute();
    const n = Number(counted.n);
    return { items, total: Math.min(n, countCap), more: n > countCap };
  },

  /** The next rows after `after` (newest first, keyset): the CSV export walks the whole filtered log this way. */
  chunk(db: DB, orgId: string, q: AuditQuery, after: { atKey: string; id: string } | null, limit: number) {
    let query = filtered(db, orgId, q);
    // `at` travels as text so its microseconds survive the round trip through JavaScript.
    if (after) query = query.where(sql<boolean>`(at, id) < (${after.atKey}::timestamptz, ${after.id}::bigint)`);
    return query
      .select([...COLUMNS, sql<string>`at::text`.as("at_key")])
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  },

  /** Everyone who appears in the organisation's log (authors and support administrators), for the user filter. */
  async authors(db: DB, orgId: string) {
    const rows = await db
      .selectFrom("audit_log")
      .select(["user_id as id", sql<string | null>`user_name`.as("name")])
      .where("org_id", "=", orgId)
      .where("user_id", "is not", null)
      .union(
        db
          .selectFrom("audit_log")
          .select(["support_user_id as id", "support_user_name as name"])
          .where("org_id", "=", orgId)
          .where("support_user_id", "is not", null),
      )
      .execute();
    const byId = new Map<string, string>();
    for (const r of rows) if (r.id && !byId.has(r.id)) byId.set(r.id, r.name ?? "");
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  },
};
