import { sql } from "kysely";
import type { DB } from "../../../db/database";

/**
 * What other modules read of analytics' derived tables (trips and geofence visits), always of one organisation:
 * maintenance's cost per km and car sharing's use of a booked vehicle and its return to base.
 */
export const tripReadsRepo = {
  /** Kilometres driven per vehicle in trips that started on the local days `fromDay`–`toDay` of `timeZone`. */
  async kmByVehicle(db: DB, orgId: string, ids: readonly string[], fromDay: string, toDay: string, timeZone: string) {
    if (!ids.length) return new Map<string, number>();
    const { rows } = await sql<{ vehicle_id: string; km: number }>`
      SELECT vehicle_id, sum(distance_m) / 1000.0 AS km FROM vehicle_segments
       WHERE org_id = ${orgId} AND vehicle_id = ANY(${[...ids]}::uuid[]) AND kind = 'trip'
         AND start_time >= (${fromDay}::date)::timestamp AT TIME ZONE ${timeZone}
         AND start_time < ((${toDay}::date) + 1)::timestamp AT TIME ZONE ${timeZone}
       GROUP BY 1`.execute(db);
    return new Map(rows.map((r) => [r.vehicle_id, Number(r.km)]));
  },

  /** Trips of the vehicle that started in [from, to). */
  async tripCount(db: DB, orgId: string, vehicleId: string, from: Date, to: Date): Promise<number> {
    const row = await db
      .selectFrom("vehicle_segments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("kind", "=", "trip")
      .where("start_time", ">=", from)
      .where("start_time", "<", to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /**
   * For each (vehicle, place, since) asked: when the vehicle entered the place, if it is inside it now and entered
   * at or after `since` (the earliest such entry).
   */
  async insideSince(
    db: DB,
    asked: ReadonlyArray<{ orgId: string; vehicleId: string; placeId: string; since: Date }>,
  ): Promise<Map<string, Date>> {
    if (!asked.length) return new Map();
    const { rows } = await sql<{ vehicle_id: string; place_id: string; enter_time: Date }>`
      SELECT a.vehicle_id, a.place_id, min(gv.enter_time) AS enter_time
      FROM unnest(${asked.map((a) => a.orgId)}::uuid[], ${asked.map((a) => a.vehicleId)}::uuid[],
                  ${asked.map((a) => a.placeId)}::uuid[], ${asked.map((a) => a.since.toISOString())}::timestamptz[])
             AS a(org_id, vehicle_id, place_id, since)
      JOIN geofence_visits gv ON gv.org_id = a.org_id AND gv.vehicle_id = a.vehicle_id AND gv.place_id = a.place_id
       AND gv.exit_time IS NULL AND gv.enter_time >= a.since
      GROUP BY 1, 2`.execute(db);
    return new Map(rows.map((r) => [`${r.vehicle_id}:${r.place_id}`, r.enter_time]));
  },
};
