import type { DB } from "../../db/database";

/**
 * The latest known position of trucks, read for the TMS screens and the public tracking page (which has no signed-in
 * user, so the position module's principal-scoped services do not apply); the organisation id is always explicit.
 */
export const truckPositionsRepo = {
  async latest(db: DB, orgId: string, vehicleIds: readonly string[]) {
    if (!vehicleIds.length) return new Map<string, { lat: number; lon: number; speed_kmh: number; at: Date | null }>();
    const rows = await db
      .selectFrom("vehicle_state")
      .select(["vehicle_id", "lat", "lon", "speed_kmh", "last_fix_time"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "in", [...vehicleIds])
      .where("lat", "is not", null)
      .execute();
    return new Map(
      rows.map((r) => [r.vehicle_id, { lat: r.lat!, lon: r.lon!, speed_kmh: r.speed_kmh, at: r.last_fix_time }]),
    );
  },
};
