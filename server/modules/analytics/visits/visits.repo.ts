import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../../db/schema";
import { GeofenceIndex, placeGeometryRepo, placeSql, type IndexedGeofence } from "../../places";
import type { OpenVisit, VisitChange } from "./geofence-visits";

type Conn = Kysely<Database>;

export interface VisitRow extends VisitChange {
  orgId: string;
  vehicleId: string;
  driverId: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const visitsRepo = {
  /** Each organisation's geofences, indexed (null for an organisation without any). */
  async fenceIndexes(db: Conn, orgIds: string[]): Promise<Map<string, GeofenceIndex | null>> {
    const out = new Map<string, GeofenceIndex | null>(orgIds.map((id) => [id, null]));
    if (!orgIds.length) return out;
    const byOrg = new Map<string, IndexedGeofence[]>();
    for (const { orgId, fence } of await placeGeometryRepo.geofences(db, orgIds)) {
      byOrg.set(orgId, [...(byOrg.get(orgId) ?? []), fence]);
    }
    for (const [orgId, list] of byOrg) out.set(orgId, new GeofenceIndex(list));
    return out;
  },

  /** Stores visits opened or closed; a visit of a geofence deleted meanwhile is dropped. */
  async upsert(trx: Conn, rows: VisitRow[]): Promise<void> {
    if (rows.length) await visitsRepo.upsertSql(rows).execute(trx);
  },

  /** The statement of `upsert` (written with the segments in one round trip by the position transaction). */
  upsertSql(rows: VisitRow[]): RawBuilder<unknown> {
    // one row per visit: a visit entered and left in the same batch is written once, closed
    const byKey = new Map<string, VisitRow>();
    for (const r of rows) byKey.set(`${r.vehicleId}|${r.placeId}|${r.enter.t}`, r);
    const list = [...byKey.values()];
    const col = <T>(f: (r: VisitRow) => T) => list.map(f);
    return sql`
      INSERT INTO geofence_visits (org_id, vehicle_id, place_id, enter_time, exit_time, driver_id, enter_lat, enter_lon, exit_lat, exit_lon,
        enter_odometer_m, exit_odometer_m)
      SELECT x.* FROM unnest(
        ${col((r) => r.orgId)}::uuid[], ${col((r) => r.vehicleId)}::uuid[], ${col((r) => r.placeId)}::uuid[],
        ${col((r) => iso(r.enter.t))}::timestamptz[], ${col((r) => (r.exit ? iso(r.exit.t) : null))}::timestamptz[], ${col((r) => r.driverId)}::uuid[],
        ${col((r) => r.enter.lat)}::float8[], ${col((r) => r.enter.lon)}::float8[], ${col((r) => r.exit?.lat ?? null)}::float8[],
        ${col((r) => r.exit?.lon ?? null)}::float8[], ${col((r) => r.enter.odometerM)}::float8[], ${col((r) => r.exit?.odometerM ?? null)}::float8[]
      ) AS x(org_id, vehicle_id, place_id, enter_time, exit_time, driver_id, enter_lat, enter_lon, exit_lat, exit_lon, enter_odometer_m, exit_odometer_m)
      WHERE ${placeSql.exists(sql.ref("x.org_id"), sql.ref("x.place_id"))}
      ON CONFLICT (vehicle_id, place_id, enter_time) DO UPDATE SET
        exit_time = excluded.exit_time, exit_lat = excluded.exit_lat, exit_lon = excluded.exit_lon, exit_odometer_m = excluded.exit_odometer_m`;
  },

  /**
   * Before re-deriving from `from`: removes the visits that start there or later and reopens those that were
   * open at `from`, returning them (the tracker continues them, so their entry time survives the rebuild).
   */
  async reopenFrom(trx: Conn, vehicleId: string, from: number): Promise<Record<string, OpenVisit>> {
    await trx
      .deleteFrom("geofence_visits")
      .where("vehicle_id", "=", vehicleId)
      .where("enter_time", ">=", new Date(from))
      .execute();
    const rows = await sql<{
      place_id: string;
      enter_time: Date;
      enter_lat: number;
      enter_lon: number;
      enter_odometer_m: number;
    }>`
      UPDATE geofence_visits SET exit_time = NULL, exit_lat = NULL, exit_lon = NULL, exit_odometer_m = NULL
      WHERE vehicle_id = ${vehicleId} AND enter_time < ${iso(from)}::timestamptz AND (exit_time IS NULL OR exit_time >= ${iso(from)}::timestamptz)
      RETURNING place_id, enter_time, enter_lat, enter_lon, enter_odometer_m`.execute(trx);
    const open: Record<string, OpenVisit> = {};
    for (const r of rows.rows)
      open[r.place_id] = {
        t: r.enter_time.getTime(),
        lat: r.enter_lat,
        lon: r.enter_lon,
        odometerM: r.enter_odometer_m,
      };
    return open;
  },

  /**
   * Geofence visits of the vehicles that overlap [start, end) (still open ones too), oldest first; those that
   * lasted at least `minS` seconds (an open one until now), at most `limit`.
   */
  geofenceVisits(
    db: Conn,
    orgId: string,
    vehicleIds: string[],
    start: Date,
    end: Date,
    placeIds: string[],
    driverIds: string[] | null,
    minS = 0,
    limit?: number,
  ) {
    let q = db
      .selectFrom("geofence_visits as v")
      .select([
        "v.vehicle_id",
        "v.place_id",
        // a visit's place exists: deleting a place deletes its visits (foreign key)
        placeSql.nameOf(sql.ref("v.org_id"), sql.ref("v.place_id")).as("place_name"),
        "v.enter_time",
        "v.exit_time",
        "v.driver_id",
        "v.enter_odometer_m",
        "v.exit_odometer_m",
      ])
      .where("v.org_id", "=", orgId)
      .where("v.vehicle_id", "in", vehicleIds)
      .where("v.enter_time", "<", end)
      .where((eb) => eb.or([eb("v.exit_time", "is", null), eb("v.exit_time", ">", start)]));
    if (placeIds.length) q = q.where("v.place_id", "in", placeIds);
    if (driverIds) q = q.where("v.driver_id", "in", driverIds);
    if (minS > 0)
      q = q.where(sql<boolean>`coalesce(v.exit_time, now()) - v.enter_time >= make_interval(secs => ${minS})`);
    q = q.orderBy("v.vehicle_id").orderBy("v.enter_time").orderBy("place_name");
    return (limit ? q.limit(limit) : q).execute();
  },

  /**
   * Stops that overlap [start, end) at a point of interest: the stop's position within the POI's radius
   * (its own, else `radiusM`); a stop near several POIs goes to the nearest one.
   */
  async poiStops(
    db: Conn,
    orgId: string,
    vehicleIds: string[],
    start: Date,
    end: Date,
    radiusM: number,
    placeIds: string[],
    driverIds: string[] | null,
  ) {
    const r = await sql<{
      vehicle_id: string;
      driver_id: string | null;
      start_time: Date;
      end_time: Date;
      engine_s: number;
      gap: boolean;
      place_id: string;
      place_name: string;
      category: string;
      distance_m: number;
    }>`
      SELECT DISTINCT ON (s.vehicle_id, s.start_time) s.vehicle_id, s.driver_id, s.start_time, s.end_time, s.engine_s, s.gap,
        p.id AS place_id, p.name AS place_name, p.category, d.m AS distance_m
      FROM vehicle_segments s
      CROSS JOIN LATERAL (${placeSql.pointsOfInterestAround(sql.ref("s.org_id"), sql.ref("s.start_lat"), sql.ref("s.start_lon"), radiusDeg(radiusM))}) p
      CROSS JOIN LATERAL (SELECT 2 * 6371008.8 * asin(sqrt(
        power(sin(radians(p.latitude - s.start_lat) / 2), 2)
        + cos(radians(s.start_lat)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - s.start_lon) / 2), 2))) AS m) d
      WHERE s.org_id = ${orgId} AND s.vehicle_id = ANY(${vehicleIds}::uuid[]) AND s.kind = 'stop'
        AND s.start_time < ${end.toISOString()}::timestamptz AND s.end_time > ${start.toISOString()}::timestamptz
        AND d.m <= COALESCE(p.radius_m, ${radiusM})
        ${placeIds.length ? sql`AND p.id = ANY(${placeIds}::uuid[])` : sql``}
        ${driverIds ? sql`AND s.driver_id = ANY(${driverIds}::uuid[])` : sql``}
      ORDER BY s.vehicle_id, s.start_time, d.m, p.name`.execute(db);
    return r.rows;
  },
};

/** The largest POI radius the report accepts (2 km). */
export const MAX_POI_RADIUS_M = 2000;
/** A radius in degrees of latitude, a little wide: the prefilter before the exact distance. */
const radiusDeg = (m: number) => Math.min(m, MAX_POI_RADIUS_M) / 111_000 + 1e-5;
