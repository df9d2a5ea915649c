import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import { likePattern } from "../shared/listing";
import { userSql } from "../users";

function fleetQuery(db: DB, p: Principal) {
  return scopeVehicles(
    db
      .selectFrom("vehicles")
      .leftJoin("vehicle_state as s", "s.vehicle_id", "vehicles.id")
      .leftJoin("teams as t", "t.id", "vehicles.team_id")
      .leftJoin("users as d", "d.id", "vehicles.driver_id")
      .select([
        "vehicles.id",
        "vehicles.org_id",
        "vehicles.registration",
        "vehicles.category",
        "vehicles.identifier_name",
        "vehicles.team_id",
        "vehicles.device_imei",
        "vehicles.odometer_km",
        "t.name as team_name",
        userSql.fullNameOrNull("d").as("driver_name"),
        "s.lat",
        "s.lon",
        "s.speed_kmh",
        "s.course",
        "s.ignition",
        "s.last_fix_time",
        "s.last_server_time",
        "s.state_since",
        "s.odometer_m",
        "s.engine_hours_s",
        "s.faults",
      ]),
    p,
  );
}

/** The live fleet's rows: the vehicles the user may see with their last state, team and driver. */
export const fleetRepo = {
  list(db: DB, p: Principal, filter: { q?: string; team?: string }) {
    let qb = fleetQuery(db, p);
    const q = filter.q?.trim();
    if (q) {
      const like = likePattern(q);
      qb = qb.where((eb) =>
        eb.or([
          eb("vehicles.registration", "ilike", like),
          eb("vehicles.identifier_name", "ilike", like),
          eb("vehicles.fleet_number", "ilike", like),
          eb(userSql.fullName("d"), "ilike", like),
        ]),
      );
    }
    if (filter.team) qb = qb.where("vehicles.team_id", "=", filter.team);
    return qb.orderBy("vehicles.registration").execute();
  },
  one(db: DB, p: Principal, vehicleId: string) {
    return fleetQuery(db, p).where("vehicles.id", "=", vehicleId).executeTakeFirst();
  },
};
