import { sql, type Selectable } from "kysely";
import type { DB } from "../../db/database";
import type { ForwardingTargetsTable } from "../../db/schema/forwarding";

export type ForwardingTargetRow = Selectable<ForwardingTargetsTable>;

/** What a forwarder needs of an active target. */
export type ActiveTarget = Pick<ForwardingTargetRow, "id" | "org_id" | "kind" | "url" | "topic" | "secret">;

export interface TargetValues {
  name: string;
  kind: "http" | "mqtt";
  url: string;
  topic: string | null;
  secret: string;
  active: boolean;
}

/** One delivery attempt's outcome, added to the target's counters (every process adds its own). */
export interface DeliveryRecord {
  ok: boolean | null;
  error: string | null;
  sent: number;
  failedBatches: number;
  dropped: number;
}

export const forwardingRepo = {
  list: (db: DB, orgId: string) =>
    db.selectFrom("forwarding_targets").selectAll().where("org_id", "=", orgId).orderBy("name").execute(),

  find: (db: DB, orgId: string, id: string) =>
    db.selectFrom("forwarding_targets").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst(),

  nameExists: async (db: DB, orgId: string, name: string, exceptId?: string) =>
    Boolean(
      await db
        .selectFrom("forwarding_targets")
        .select("id")
        .where("org_id", "=", orgId)
        .where(sql`lower(name)`, "=", name.toLowerCase())
        .$if(Boolean(exceptId), (q) => q.where("id", "<>", exceptId!))
        .executeTakeFirst(),
    ),

  insert: (db: DB, orgId: string, v: TargetValues) =>
    db
      .insertInto("forwarding_targets")
      .values({ org_id: orgId, ...v })
      .returningAll()
      .executeTakeFirstOrThrow(),

  update: (db: DB, orgId: string, id: string, v: TargetValues) =>
    db
      .updateTable("forwarding_targets")
      .set({ ...v, updated_at: new Date() })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst(),

  delete: (db: DB, orgId: string, id: string) =>
    db.deleteFrom("forwarding_targets").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst(),

  /** Every organisation's active targets (the forwarders' periodic reload). */
  active: (db: DB): Promise<ActiveTarget[]> =>
    db
      .selectFrom("forwarding_targets")
      .select(["id", "org_id", "kind", "url", "topic", "secret"])
      .where("active", "=", true)
      .execute(),

  recordDelivery: (db: DB, id: string, r: DeliveryRecord) =>
    db
      .updateTable("forwarding_targets")
      .set({
        sent_count: sql<number>`sent_count + ${r.sent}`,
        failed_batches: sql<number>`failed_batches + ${r.failedBatches}`,
        dropped_count: sql<number>`dropped_count + ${r.dropped}`,
        ...(r.ok === null
          ? {}
          : {
              last_status: r.ok ? ("ok" as const) : ("failed" as const),
              last_attempt_at: new Date(),
              last_error: r.error,
              ...(r.ok ? { last_success_at: new Date() } : {}),
            }),
      })
      .where("id", "=", id)
      .execute(),

  /** Registration and device identifier of the vehicles in a batch (any organisation: the forwarder's own lookup). */
  vehicles: (db: DB, ids: readonly string[]) =>
    ids.length
      ? db
          .selectFrom("vehicles")
          .select(["id", "registration", "device_imei"])
          .where("id", "in", [...ids])
          .execute()
      : Promise.resolve([]),
};
