import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Conn = Kysely<Database>;

export interface StoredEvent {
  id: string;
  seq: string;
  org_id: string;
  type: string;
  occurred_at: Date;
  data: Record<string, unknown>;
}

export const eventsRepo = {
  insert(db: Conn, rows: Array<{ org_id: string; type: string; occurred_at: Date; data: Record<string, unknown> }>) {
    return db
      .insertInto("events")
      .values(rows.map((r) => ({ ...r, data: JSON.stringify(r.data) })))
      .returning("id")
      .execute();
  },
  /**
   * The oldest undispatched events, locked for this transaction (another dispatcher skips them): `ids` and the older
   * undispatched events of their organisations, or every undispatched event of `orgIds`, or (`olderThanMs`) those
   * written longer ago than that, or all.
   */
  async claim(
    trx: Conn,
    limit: number,
    only: { ids?: readonly string[]; orgIds?: readonly string[]; olderThanMs?: number } = {},
  ): Promise<StoredEvent[]> {
    const ids = only.ids ? [...only.ids] : null;
    const orgs = only.orgIds ? [...only.orgIds] : null;
    const { rows } = await sql<StoredEvent>`
      SELECT id, seq::text AS seq, org_id, type, occurred_at, data FROM events
      WHERE dispatched_at IS NULL
        AND (${ids}::uuid[] IS NULL OR EXISTS (
          SELECT 1 FROM events o WHERE o.id = ANY(${ids}::uuid[]) AND o.org_id = events.org_id AND o.seq >= events.seq))
        AND (${orgs}::uuid[] IS NULL OR org_id = ANY(${orgs}::uuid[]))
        AND (${only.olderThanMs ?? null}::float8 IS NULL OR created_at < now() - make_interval(secs => ${(only.olderThanMs ?? 0) / 1000}))
      ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx);
    return rows;
  },
  async markDispatched(trx: Conn, ids: readonly string[]) {
    if (!ids.length) return;
    await trx
      .updateTable("events")
      .set({ dispatched_at: sql`now()` })
      .where("id", "in", [...ids])
      .execute();
  },
  findById(db: Conn, orgId: string, id: string) {
    return db
      .selectFrom("events")
      .select(["id", "org_id", "type", "occurred_at", "data"])
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  async seqOf(db: Conn, id: string): Promise<string> {
    const row = await db.selectFrom("events").select("seq").where("id", "=", id).executeTakeFirstOrThrow();
    return String(row.seq);
  },
  /** Events dispatched before the cutoff (their deliveries go with them). */
  async prune(db: Conn, before: Date) {
    const r = await db
      .deleteFrom("events")
      .where("occurred_at", "<", before)
      .where("dispatched_at", "is not", null)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
