import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Conn = Kysely<Database>;

export interface WebhookValues {
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
}

const LIST_COLUMNS = [
  "id",
  "url",
  "description",
  "events",
  "active",
  "disabled_reason",
  "failing_since",
  "created_by",
  "created_at",
  "updated_at",
] as const;

export const webhooksRepo = {
  list(db: Conn, orgId: string) {
    return db
      .selectFrom("webhooks as w")
      .select(LIST_COLUMNS.map((c) => `w.${c}` as const))
      .select((eb) => [
        eb
          .selectFrom("webhook_deliveries as d")
          .whereRef("d.webhook_id", "=", "w.id")
          .select("d.last_attempt_at")
          .where("d.last_attempt_at", "is not", null)
          .orderBy("d.last_attempt_at", "desc")
          .limit(1)
          .as("last_attempt_at"),
        eb
          .selectFrom("webhook_deliveries as d")
          .whereRef("d.webhook_id", "=", "w.id")
          .select("d.status")
          .where("d.last_attempt_at", "is not", null)
          .orderBy("d.last_attempt_at", "desc")
          .limit(1)
          .as("last_status"),
        eb
          .selectFrom("webhook_deliveries as d")
          .whereRef("d.webhook_id", "=", "w.id")
          .select("d.response_status")
          .where("d.last_attempt_at", "is not", null)
          .orderBy("d.last_attempt_at", "desc")
          .limit(1)
          .as("last_response_status"),
        eb
          .selectFrom("webhook_deliveries as d")
          .whereRef("d.webhook_id", "=", "w.id")
          .where("d.status", "=", "pending")
          .select(eb.fn.countAll<string>().as("n"))
          .as("pending_count"),
      ])
      .where("w.org_id", "=", orgId)
      .orderBy("w.created_at")
      .orderBy("w.id")
      .execute();
  },
  findById(db: Conn, orgId: string, id: string) {
    return db.selectFrom("webhooks").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  insert(db: Conn, orgId: string, createdBy: string, v: WebhookValues & { secret: string }) {
    return db
      .insertInto("webhooks")
      .values({ org_id: orgId, created_by: createdBy, ...v })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  /** Switching a webhook on again forgets its run of failures and why it was switched off. */
  update(db: Conn, orgId: string, id: string, v: WebhookValues) {
    return db
      .updateTable("webhooks")
      .set({
        ...v,
        updated_at: sql`now()`,
        disabled_reason: v.active ? null : sql`disabled_reason`,
        failing_since: v.active ? sql`CASE WHEN active THEN failing_since ELSE NULL END` : sql`failing_since`,
      })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  setSecret(db: Conn, orgId: string, id: string, secret: string) {
    return db
      .updateTable("webhooks")
      .set({ secret, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async delete(db: Conn, orgId: string, id: string) {
    const r = await db.deleteFrom("webhooks").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  // --- deliveries ----------------------------------------------------------------------------------------------
  deliveries(db: Conn, orgId: string, webhookId: string, status: string | undefined, limit: number) {
    let q = db
      .selectFrom("webhook_deliveries")
      .select([
        "id",
        "event_id",
        "event_type",
        "status",
        "attempts",
        "next_attempt_at",
        "last_attempt_at",
        "response_status",
        "error",
        "delivered_at",
        "created_at",
      ])
      .where("org_id", "=", orgId)
      .where("webhook_id", "=", webhookId);
    if (status) q = q.where("status", "=", status as "pending");
    return q.orderBy("event_seq", "desc").orderBy("id").limit(limit).execute();
  },
  /** Back in the queue now; the same delivery id, so a receiver that already has it can tell. */
  async redeliver(db: Conn, orgId: string, webhookId: string, deliveryId: string) {
    const r = await db
      .updateTable("webhook_deliveries")
      .set({ status: "pending", next_attempt_at: new Date(), delivered_at: null })
      .where("org_id", "=", orgId)
      .where("webhook_id", "=", webhookId)
      .where("id", "=", deliveryId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** One delivery of an event to one webhook, outside the fan-out (the "send a test event" button). */
  insertDelivery(
    db: Conn,
    v: { org_id: string; webhook_id: string; event_id: string; event_seq: string; event_type: string },
  ) {
    return db
      .insertInto("webhook_deliveries")
      .values({ ...v, next_attempt_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
  },
};
