import { sql } from "kysely";
import type { DB } from "../../db/database";

/** The integration API's keys (only their hash is stored). */
export const apiKeysRepo = {
  list(db: DB, orgId: string) {
    return db
      .selectFrom("tms_api_keys")
      .select(["id", "name", "prefix", "created_at", "last_used_at", "revoked_at"])
      .where("org_id", "=", orgId)
      .orderBy("created_at", "desc")
      .execute();
  },
  insert(db: DB, orgId: string, v: { name: string; prefix: string; key_hash: string; created_by: string | null }) {
    return db
      .insertInto("tms_api_keys")
      .values({ org_id: orgId, ...v })
      .returning(["id", "name", "prefix"])
      .executeTakeFirstOrThrow();
  },
  /** Revokes a key not yet revoked; undefined when there is none. */
  revoke(db: DB, orgId: string, id: string) {
    return db
      .updateTable("tms_api_keys")
      .set({ revoked_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .returning(["id", "name", "prefix"])
      .executeTakeFirst();
  },
  /** The live key with this hash, marked used now; undefined for an unknown or revoked key. */
  use(db: DB, keyHash: string) {
    return db
      .updateTable("tms_api_keys")
      .set({ last_used_at: sql`now()` })
      .where("key_hash", "=", keyHash)
      .where("revoked_at", "is", null)
      .returning(["id", "org_id", "name", "created_by"])
      .executeTakeFirst();
  },
};
