import { sql, type Selectable } from "kysely";
import type { DB } from "../../db/database";
import type { VehicleSegmentsTable } from "../../db/schema/analytics";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";

const SEGMENT_COLUMNS = [
  "vehicle_id",
  "kind",
  "start_time",
  "end_time",
  "driver_id",
  "start_lat",
  "start_lon",
  "end_lat",
  "end_lon",
  "distance_m",
  "max_speed_kmh",
  "engine_s",
  "idle_s",
  "start_odometer_m",
  "end_odometer_m",
  "gap",
  "points",
  "harsh_accel",
  "harsh_brake",
  "harsh_corner",
  "speeding_s",
] as const;

/** A stored segment as reports read it. */
export type SegmentRecord = Pick<Selectable<VehicleSegmentsTable>, (typeof SEGMENT_COLUMNS)[number]>;

/** Which segments to read (a report's `ReportScope` carries every field but `kinds` and `limit`). */
export interface SegmentQuery {
  orgId: string;
  vehicleIds: string[];
  kinds: SegmentRecord["kind"][];
  /** segments that start in [start, end) */
  period: { start: Date; end: Date };
  /** only these drivers' segments; null or absent: every driver's */
  driverIds?: string[] | null;
  /** at most this many rows */
  limit?: number;
}

/** "REG (name)" or the registration: how reports and tiles name a vehicle. */
export const vehicleLabel = (v: { registration: string; identifier_name: string | null }) =>
  v.identifier_name ? `${v.registration} (${v.identifier_name})` : v.registration;

/** The organisation's vehicles' segments of the kinds asked for (the rest of the query is the caller's). */
const segmentsOfKinds = (db: DB, q: Pick<SegmentQuery, "orgId" | "vehicleIds" | "kinds">) =>
  db
    .selectFrom("vehicle_segments")
    .select(SEGMENT_COLUMNS)
    .where("org_id", "=", q.orgId)
    .where("vehicle_id", "in", q.vehicleIds)
    .where("kind", "in", q.kinds);

export const analyticsRepo = {
  /** The vehicles a report covers: visible to the principal, narrowed by the chosen vehicles, teams and drivers. */
  async scopedVehicles(db: DB, p: Principal, f: { vehicleIds: string[]; teamIds: string[]; driverIds: string[] }) {
    let q = scopeVehicles(
      db
        .selectFrom("vehicles")
        .select([
          "vehicles.id",
          "vehicles.registration",
          "vehicles.identifier_name",
          "vehicles.team_id",
          "vehicles.driver_id",
          "vehicles.fuel_consumption",
        ]),
      p,
    );
    if (f.vehicleIds.length || f.teamIds.length) {
      q = q.where((eb) =>
        eb.or([
          ...(f.vehicleIds.length ? [eb("vehicles.id", "in", f.vehicleIds)] : []),
          ...(f.teamIds.length ? [eb("vehicles.team_id", "in", f.teamIds)] : []),
        ]),
      );
    }
    if (f.driverIds.length) {
      // a driver narrows to the vehicles they drove (segments) or are assigned to
      q = q.where((eb) =>
        eb.or([
          eb("vehicles.driver_id", "in", f.driverIds),
          eb.exists(
            eb
              .selectFrom("vehicle_segments as g")
              .select(sql.lit(1).as("one"))
              .whereRef("g.vehicle_id", "=", "vehicles.id")
              .where("g.driver_id", "in", f.driverIds),
          ),
        ]),
      );
    }
    return q.orderBy("vehicles.registration").execute();
  },

  /**
   * Segments of the kinds asked for that start in the period [start, end), optionally only some drivers', in vehicle
   * and time order. A report passes its scope: `segments(scope.db, { ...scope, kinds: ["trip"] })`.
   */
  segments(db: DB, q: SegmentQuery) {
    let query = segmentsOfKinds(db, q).where("start_time", ">=", q.period.start).where("start_time", "<", q.period.end);
    if (q.driverIds) query = query.where("driver_id", "in", q.driverIds);
    query = query.orderBy("vehicle_id").orderBy("start_time");
    if (q.limit) query = query.limit(q.limit);
    return query.execute();
  },

  /** Stops and idling that overlap the period [start, end) (an overnight stop that began the day before counts). */
  overlapping(db: DB, q: Pick<SegmentQuery, "orgId" | "vehicleIds" | "kinds" | "period">) {
    return segmentsOfKinds(db, q)
      .where("start_time", "<", q.period.end)
      .where("end_time", ">", q.period.start)
      .orderBy("vehicle_id")
      .orderBy("start_time")
      .execute();
  },

  /** Team names (benchmarks by team). */
  async teamNames(db: DB, orgId: string): Promise<Map<string, string>> {
    const rows = await db.selectFrom("teams").select(["id", "name"]).where("org_id", "=", orgId).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
