import { sql } from "kysely";
import type { DB } from "../../db/database";
import { placeGeometryRepo, type IndexedGeofence } from "../places";

/** A coordinate rounded to 4 decimals (about 11 m), the geocoder cache's key. */
export interface CellKey {
  latE4: number;
  lonE4: number;
}

export interface Poi {
  name: string;
  lat: number;
  lon: number;
}

export type CacheStatus = "pending" | "found" | "none" | "failed";

/** A failed lookup is asked again after this long. */
const RETRY_FAILED = "1 day";

export const addressesRepo = {
  /** The organisation's geofences (as the alert engine indexes them) and points of interest. */
  async places(db: DB, orgId: string): Promise<{ fences: IndexedGeofence[]; pois: Poi[] }> {
    const [fences, pois] = await Promise.all([
      placeGeometryRepo.geofences(db, [orgId]),
      placeGeometryRepo.pointsOfInterest(db, orgId),
    ]);
    return { fences: fences.map((f) => f.fence), pois };
  },

  /** The cache's rows for these cells (any status). */
  async cached(db: DB, keys: CellKey[]): Promise<Array<CellKey & { status: CacheStatus; address: string | null }>> {
    if (!keys.length) return [];
    const r = await sql<{ lat_e4: number; lon_e4: number; status: CacheStatus; address: string | null }>`
      SELECT c.lat_e4, c.lon_e4, c.status, c.address
        FROM unnest(${keys.map((k) => k.latE4)}::int[], ${keys.map((k) => k.lonE4)}::int[]) AS k(lat_e4, lon_e4)
        JOIN geocode_cache c ON c.lat_e4 = k.lat_e4 AND c.lon_e4 = k.lon_e4`.execute(db);
    return r.rows.map((x) => ({ latE4: x.lat_e4, lonE4: x.lon_e4, status: x.status, address: x.address }));
  },

  /** Asks for these cells' addresses (those not yet in the cache); returns how many were new. */
  async request(db: DB, keys: CellKey[]): Promise<number> {
    if (!keys.length) return 0;
    const r = await sql`
      INSERT INTO geocode_cache (lat_e4, lon_e4)
      SELECT * FROM unnest(${keys.map((k) => k.latE4)}::int[], ${keys.map((k) => k.lonE4)}::int[])
      ON CONFLICT DO NOTHING`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  /** The oldest cells waiting for a lookup (and failed ones due for another try). */
  async waiting(db: DB, limit: number): Promise<CellKey[]> {
    const r = await sql<{ lat_e4: number; lon_e4: number }>`
      SELECT lat_e4, lon_e4 FROM geocode_cache
       WHERE status = 'pending' OR (status = 'failed' AND resolved_at < now() - ${RETRY_FAILED}::interval)
       ORDER BY requested_at LIMIT ${limit}`.execute(db);
    return r.rows.map((x) => ({ latE4: x.lat_e4, lonE4: x.lon_e4 }));
  },

  /** Stores a lookup's answer: an address, none there, or one more failed attempt (failed after `maxAttempts`). */
  async store(db: DB, k: CellKey, answer: { address: string | null } | { error: true; maxAttempts: number }) {
    if ("error" in answer) {
      await sql`
        UPDATE geocode_cache SET attempts = attempts + 1, resolved_at = now(),
               status = CASE WHEN attempts + 1 >= ${answer.maxAttempts} THEN 'failed' ELSE status END
         WHERE lat_e4 = ${k.latE4} AND lon_e4 = ${k.lonE4}`.execute(db);
      return;
    }
    await db
      .insertInto("geocode_cache")
      .values({
        lat_e4: k.latE4,
        lon_e4: k.lonE4,
        status: answer.address ? "found" : "none",
        address: answer.address,
        resolved_at: new Date(),
      })
      .onConflict((oc) =>
        oc.columns(["lat_e4", "lon_e4"]).doUpdateSet({
          status: answer.address ? "found" : "none",
          address: answer.address,
          attempts: 0,
          resolved_at: new Date(),
        }),
      )
      .execute();
  },

  /**
   * Takes the geocoder's next free moment, shared by every process: moves the slot on by `intervalMs` and returns
   * how long to wait before this lookup may go out.
   */
  async reserveSlot(db: DB, intervalMs: number): Promise<number> {
    const r = await sql<{ wait_ms: number }>`
      UPDATE geocoder_slots
         SET next_at = greatest(next_at, clock_timestamp()) + make_interval(secs => ${intervalMs / 1000})
       WHERE id = 1
   RETURNING extract(epoch FROM (next_at - make_interval(secs => ${intervalMs / 1000}) - clock_timestamp())) * 1000
             AS wait_ms`.execute(db);
    return Math.max(0, Number(r.rows[0]?.wait_ms ?? 0));
  },
};
