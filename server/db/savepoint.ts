import { sql, type Transaction } from "kysely";
import type { Database } from "./schema";

/**
 * Runs `work` under a savepoint of the caller's transaction. When it throws, only its own writes are undone, the
 * transaction goes on and the error is handed to `failed`. On success the savepoint is left for the commit to
 * release (no extra round trip).
 */
export async function underSavepoint(
  trx: Transaction<Database>,
  name: string,
  work: () => Promise<void>,
  failed: (err: unknown) => void,
): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a savepoint name: ${name}`);
  const savepoint = sql.raw(name);
  await sql`SAVEPOINT ${savepoint}`.execute(trx);
  try {
    await work();
  } catch (err) {
    failed(err);
    await sql`ROLLBACK TO SAVEPOINT ${savepoint}`.execute(trx);
  }
}
