import type { DB } from "../../db/database";

/** SQL of Web Push: the installation's VAPID keys and the devices' subscriptions. */
export const pushRepo = {
  keys(db: DB) {
    return db.selectFrom("push_vapid_keys").select(["public_key", "private_key"]).executeTakeFirst();
  },

  /** Stores a key pair unless one exists (two processes starting together keep the first). */
  async insertKeys(db: DB, publicKey: string, privateKey: string) {
    await db
      .insertInto("push_vapid_keys")
      .values({ id: true, public_key: publicKey, private_key: privateKey })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  },

  /** One row per user and endpoint: the same device subscribed again by its user takes the new keys. */
  upsert(
    db: DB,
    row: { org_id: string; user_id: string; endpoint: string; p256dh: string; auth: string; user_agent: string | null },
  ) {
    return db
      .insertInto("push_subscriptions")
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(["user_id", "endpoint"])
          .doUpdateSet({ p256dh: row.p256dh, auth: row.auth, user_agent: row.user_agent })
          .where("push_subscriptions.org_id", "=", row.org_id),
      )
      .returning(["id", "endpoint", "created_at"])
      .executeTakeFirstOrThrow();
  },

  async deleteOwn(db: DB, orgId: string, userId: string, endpoint: string): Promise<boolean> {
    const r = await db
      .deleteFrom("push_subscriptions")
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  forUser(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("push_subscriptions")
      .select(["id", "endpoint", "p256dh", "auth", "created_at", "user_agent"])
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
  },

  async hasAny(db: DB, orgId: string, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom("push_subscriptions")
      .select("id")
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async remove(db: DB, id: string) {
    await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
  },

  async touch(db: DB, id: string) {
    await db.updateTable("push_subscriptions").set({ last_sent_at: new Date() }).where("id", "=", id).execute();
  },

  recipient(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("users")
      .select(["default_language"])
      .where("org_id", "=", orgId)
      .where("id", "=", userId)
      .executeTakeFirst();
  },
};
