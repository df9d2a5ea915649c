import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";

/** The replay's reads: the vehicle the user may see, and its valid fixes of a period in time order. */
export const replayRepo = {
  visibleVehicle(db: DB, p: Principal, vehicleId: string) {
    return scopeVehicles(db.selectFrom("vehicles").select(["id", "registration", "identifier_name", "org_id"]), p)
      .where("vehicles.id", "=", vehicleId)
      .executeTakeFirst();
  },

  track(db: DB, orgId: string, vehicleId: string, from: Date, to: Date) {
    return (
      db
        .selectFrom("positions")
        // Epoch milliseconds, not timestamptz: node-postgres parses a number far faster than a date (a month is ~80,000 rows).
        .select([
          sql<number>`(extract(epoch from fix_time) * 1000)::float8`.as("fix_ms"),
          "lat",
          "lon",
          "speed_kmh",
          "course",
          "ignition",
        ])
        .where("vehicle_id", "=", vehicleId)
        .where("org_id", "=", orgId)
        .where("fix_time", ">=", from)
        .where("fix_time", "<=", to)
        .where("valid", "=", true)
        .orderBy("fix_time")
        .execute()
    );
  },
};
