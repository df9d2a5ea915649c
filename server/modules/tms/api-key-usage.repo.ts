import { sql } from "kysely";
import type { DB } from "../../db/database";

export const apiKeyUsageRepo = {
  /**
   * Counts one request in the key's current minute and returns it with the previous minute's count, in one
   * statement; minutes older than the previous one are deleted on the way (the statement's snapshot still shows
   * the previous minute, which is kept).
   */
  async count(db: DB, orgId: string, keyId: string, windowStart: Date): Promise<{ current: number; previous: number }> {
    const previousStart = new Date(windowStart.getTime() - 60_000);
    const r = await sql<{ current: number; previous: number | null }>`
      WITH gone AS (DELETE FROM tms_api_key_usage WHERE key_id = ${keyId} AND window_start < ${previousStart}),
      cur AS (
        INSERT INTO tms_api_key_usage (org_id, key_id, window_start, requests) VALUES (${orgId}, ${keyId}, ${windowStart}, 1)
        ON CONFLICT (key_id, window_start) DO UPDATE SET requests = tms_api_key_usage.requests + 1
        RETURNING requests)
      SELECT (SELECT requests FROM cur) AS current,
        (SELECT requests FROM tms_api_key_usage WHERE key_id = ${keyId} AND window_start = ${previousStart}) AS previous`.execute(
      db,
    );
    const row = r.rows[0];
    return { current: Number(row.current), previous: Number(row.previous ?? 0) };
  },
};
