import type { DB } from "../../db/database";
import { vehicleStateRepo } from "../positions";

/**
 * The latest known position of trucks, read for the TMS screens and the public tracking page (which has no signed-in
 * user, so the position module's principal-scoped services do not apply); the organisation id is always explicit.
 */
export const truckPositionsRepo = {
  async latest(db: DB, orgId: string, vehicleIds: readonly string[]) {
    const rows = await vehicleStateRepo.latestFixes(db, orgId, vehicleIds);
    return new Map(
      rows.map((r) => [r.vehicle_id, { lat: r.lat, lon: r.lon, speed_kmh: r.speed_kmh, at: r.last_fix_time }]),
    );
  },
};
