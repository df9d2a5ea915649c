import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { StoredEvent } from "../events";

type Conn = Kysely<Database>;

/** The delivery machinery's SQL: fan-out, the per-webhook lease, attempts and the switch-off. */
export const deliveryRepo = {
  /** One pending delivery per active webhook of the event's organisation subscribed to its type. */
  async fanOut(trx: Conn, events: readonly StoredEvent[], now: Date): Promise<string[]> {
    if (!events.length) return [];
    const { rows } = await sql<{ webhook_id: string }>`
      INSERT INTO webhook_deliveries (org_id, webhook_id, event_id, event_seq, event_type, next_attempt_at)
      SELECT e.org_id, w.id, e.id, e.seq, e.type, ${now}::timestamptz
      FROM unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.org_id)}::uuid[],
                  ${events.map((e) => e.seq)}::bigint[], ${events.map((e) => e.type)}::text[]) AS e(id, org_id, seq, type)
      JOIN webhooks w ON w.org_id = e.org_id AND w.active AND e.type = ANY(w.events)
      ON CONFLICT (webhook_id, event_id) DO NOTHING
      RETURNING webhook_id`.execute(trx);
    return [...new Set(rows.map((r) => r.webhook_id))];
  },
  /** Active webhooks whose oldest pending delivery is due (later ones wait behind it) and no run holds. */
  async dueWebhooks(db: Conn, now: Date, limit: number, orgIds?: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT w.id FROM webhooks w
      WHERE w.active AND (w.lease_until IS NULL OR w.lease_until < ${now})
        AND (${orgIds ? [...orgIds] : null}::uuid[] IS NULL OR w.org_id = ANY(${orgIds ? [...orgIds] : null}::uuid[]))
        AND (SELECT d.next_attempt_at FROM webhook_deliveries d
             WHERE d.webhook_id = w.id AND d.status = 'pending' ORDER BY d.event_seq, d.id LIMIT 1) <= ${now}
      LIMIT ${limit}`.execute(db);
    return rows.map((r) => r.id);
  },
  /** Takes the webhook for one delivery run (events go out one at a time, in order); null when taken or off. */
  claim(db: Conn, webhookId: string, now: Date, leaseMs: number) {
    return db
      .updateTable("webhooks")
      .set({ lease_until: new Date(now.getTime() + leaseMs) })
      .where("id", "=", webhookId)
      .where("active", "=", true)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .returning(["id", "org_id", "url", "secret", "failing_since", "created_by"])
      .executeTakeFirst();
  },
  async extend(db: Conn, webhookId: string, until: Date) {
    await db.updateTable("webhooks").set({ lease_until: until }).where("id", "=", webhookId).execute();
  },
  async release(db: Conn, webhookId: string) {
    await db.updateTable("webhooks").set({ lease_until: null }).where("id", "=", webhookId).execute();
  },
  /** The oldest pending delivery (event order); its event is read from the events module. */
  nextPending(db: Conn, webhookId: string) {
    return db
      .selectFrom("webhook_deliveries as d")
      .select(["d.id", "d.attempts", "d.next_attempt_at", "d.event_id", "d.org_id"])
      .where("d.webhook_id", "=", webhookId)
      .where("d.status", "=", "pending")
      .orderBy("d.event_seq")
      .orderBy("d.id")
      .limit(1)
      .executeTakeFirst();
  },
  async delivered(db: Conn, deliveryId: string, webhookId: string, at: Date, status: number) {
    await db
      .updateTable("webhook_deliveries")
      .set({
        status: "delivered",
        attempts: sql`attempts + 1`,
        last_attempt_at: at,
        delivered_at: at,
        response_status: status,
        error: null,
      })
      .where("id", "=", deliveryId)
      .execute();
    await db.updateTable("webhooks").set({ failing_since: null }).where("id", "=", webhookId).execute();
  },
  /** A failed attempt; returns since when the webhook has been failing (this attempt starts the run if none). */
  async failed(
    db: Conn,
    d: { id: string; webhookId: string; at: Date; next: Date; status: number | null; error: string },
  ): Promise<Date> {
    await db
      .updateTable("webhook_deliveries")
      .set({
        attempts: sql`attempts + 1`,
        last_attempt_at: d.at,
        next_attempt_at: d.next,
        response_status: d.status,
        error: d.error.slice(0, 500),
      })
      .where("id", "=", d.id)
      .execute();
    const w = await db
      .updateTable("webhooks")
      .set({ failing_since: sql`coalesce(failing_since, ${d.at})` })
      .where("id", "=", d.webhookId)
      .returning("failing_since")
      .executeTakeFirstOrThrow();
    return w.failing_since ?? d.at;
  },
  /** After a day of failures: off, its waiting deliveries given up; answers whether this call switched it off. */
  async switchOff(db: Conn, webhookId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("webhooks")
        .set({ active: false, disabled_reason: "failing", lease_until: null, updated_at: sql`now()` })
        .where("id", "=", webhookId)
        .where("active", "=", true)
        .executeTakeFirst();
      await trx
        .updateTable("webhook_deliveries")
        .set({ status: "failed" })
        .where("webhook_id", "=", webhookId)
        .where("status", "=", "pending")
        .execute();
      return Number(r.numUpdatedRows) > 0;
    });
  },
  owner(db: Conn, orgId: string, userId: string) {
    return db
      .selectFrom("users")
      .select(["email", "default_language", "first_name"])
      .where("org_id", "=", orgId)
      .where("id", "=", userId)
      .where("active", "=", true)
      .executeTakeFirst();
  },
};
