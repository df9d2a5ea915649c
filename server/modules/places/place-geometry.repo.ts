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
