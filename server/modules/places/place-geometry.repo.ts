import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../db/database";
import type { LonLat } from "../../shared/geometry";
import type { IndexedGeofence } from "./geofence-index";

/**
 * The places other modules index: geofences as the alert engine, the visit detector and the address namer match
 * positions against them, and points of interest by name and point.
 */
export const placeGeometryRepo = {
  /** The geofences of these organisations (only `ids` when given), each with its organisation. */
  async geofences(
    db: DB,
    orgIds: readonly string[],
    ids: readonly string[] | null = null,
  ): Promise<Array<{ orgId: string; fence: IndexedGeofence }>> {
    if (!orgIds.length || ids?.length === 0) return [];
    let q = db
      .selectFrom("places")
      .select([
        "id",
        "org_id",
        "name",
        "shape",
        "latitude",
        "longitude",
        "radius_m",
        "polygon",
        "min_lat",
        "max_lat",
        "min_lon",
        "max_lon",
      ])
      .where("org_id", "in", [...orgIds])
      .where("kind", "=", "geofence");
    if (ids) q = q.where("id", "in", [...ids]);
    const rows = await q.execute();
    return rows.map((r) => ({
      orgId: r.org_id,
      fence: {
        id: r.id,
        name: r.name,
        shape: r.shape === "polygon" ? "polygon" : "circle",
        centre: [r.longitude, r.latitude],
        radiusM: r.radius_m,
        ring: (r.polygon as LonLat[] | null) ?? null,
        box: { minLat: r.min_lat, maxLat: r.max_lat, minLon: r.min_lon, maxLon: r.max_lon },
      },
    }));
  },

  /** The organisation's points of interest. */
  pointsOfInterest(db: DB, orgId: string) {
    return db
      .selectFrom("places")
      .select(["name", "latitude as lat", "longitude as lon"])
      .where("org_id", "=", orgId)
      .where("kind", "=", "poi")
      .execute();
  },

  /** Which of these places still exist (each checked against its organisation), kept from deletion until the caller's transaction ends. */
  async existing(db: DB, places: ReadonlyArray<{ orgId: string; id: string }>): Promise<Set<string>> {
    if (!places.length) return new Set();
    const rows = await db
      .selectFrom("places")
      .select(["id", "org_id"])
      .where("id", "in", [...new Set(places.map((p) => p.id))])
      .forKeyShare()
      .execute();
    const org = new Map(rows.map((r) => [r.id, r.org_id]));
    return new Set(places.filter((p) => org.get(p.id) === p.orgId).map((p) => p.id));
  },
};

/**
 * SQL fragments over places, for another module's statement that must stay one round trip (the position
 * transaction's upsert, a report's spatial join). Places owns the SQL; the caller passes column references
 * (`sql.ref("x.place_id")`) and composes the fragment into its own statement.
 */
export const placeSql = {
  /** True while the place exists in that organisation. */
  exists(orgId: RawBuilder<unknown>, placeId: RawBuilder<unknown>): RawBuilder<boolean> {
    return sql<boolean>`EXISTS (SELECT 1 FROM places p WHERE p.id = ${placeId} AND p.org_id = ${orgId})`;
  },

  /** The place's name. */
  nameOf(orgId: RawBuilder<unknown>, placeId: RawBuilder<unknown>): RawBuilder<string> {
    return sql<string>`(SELECT p.name FROM places p WHERE p.id = ${placeId} AND p.org_id = ${orgId})`;
  },

  /**
   * The organisation's points of interest whose point lies within `radiusDeg` degrees of latitude of (lat, lon),
   * found on the (org_id, min_lat, min_lon) index (a point's bounding box is the point): a subquery with the columns
   * id, name, category, latitude, longitude, radius_m, to join LATERAL and then measure exactly.
   */
  pointsOfInterestAround(
    orgId: RawBuilder<unknown>,
    lat: RawBuilder<unknown>,
    lon: RawBuilder<unknown>,
    radiusDeg: number,
  ): RawBuilder<unknown> {
    return sql`SELECT p.id, p.name, p.category, p.latitude, p.longitude, p.radius_m FROM places p
      WHERE p.org_id = ${orgId} AND p.kind = 'poi'
        AND p.min_lat BETWEEN ${lat} - ${radiusDeg} AND ${lat} + ${radiusDeg}
        AND p.min_lon BETWEEN ${lon} - ${radiusDeg} / cos(radians(${lat})) AND ${lon} + ${radiusDeg} / cos(radians(${lat}))`;
  },
};
