import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";

/** The device pages' SQL: identifiers the gateways refused, refused frames of known devices, attaching. */
export const devicesRepo = {
  /** Refused identifiers, most recent first, each with its last refused frame. */
  unknownWithFrames(db: DB) {
    return db
      .selectFrom("unknown_devices as u")
      .leftJoin("device_refused_frames as f", (j) =>
        j.onRef("f.identifier", "=", "u.identifier").onRef("f.protocol", "=", "u.protocol"),
      )
      .select([
        "u.identifier",
        "u.protocol",
        "u.remote_address as remoteAddress",
        "u.first_seen as firstSeen",
        "u.last_seen as lastSeen",
        "u.attempts",
        "f.frame",
        "f.frame_length",
        "f.reason",
      ])
      .orderBy("u.last_seen", "desc")
      .limit(500)
      .execute();
  },

  /** Vehicles the user may see whose device sent refused frames, most recent first. */
  failingVisible(db: DB, p: Principal) {
    return scopeVehicles(
      db
        .selectFrom("vehicles")
        .innerJoin("device_refused_frames as f", (j) =>
          j.onRef("f.identifier", "=", "vehicles.device_imei").on("f.known_device", "=", true),
        )
        .select([
          "vehicles.id as vehicleId",
          "vehicles.registration",
          "f.identifier",
          "f.protocol",
          "f.frame",
          "f.frame_length",
          "f.reason",
          "f.refused_at as refusedAt",
          "f.refusals",
        ]),
      p,
    )
      .orderBy("refusedAt", "desc")
      .limit(200)
      .execute();
  },

  visibleVehicle(db: DB, p: Principal, vehicleId: string) {
    return scopeVehicles(db.selectFrom("vehicles").select(["vehicles.id", "vehicles.device_imei"]), p)
      .where("vehicles.id", "=", vehicleId)
      .executeTakeFirst();
  },

  latestUnknown(db: DB, identifier: string) {
    return db
      .selectFrom("unknown_devices")
      .select(["identifier", "protocol"])
      .where("identifier", "=", identifier)
      .orderBy("last_seen", "desc")
      .executeTakeFirst();
  },

  async forgetUnknown(db: DB, identifier: string) {
    await db.deleteFrom("unknown_devices").where("identifier", "=", identifier).execute();
  },
};
