import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";

/** The devices' SQL: the gateways' lookups and records (status, refused frames, unknown identifiers) and the device pages. */
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

  /** The vehicle a device identifier belongs to (the gateways' lookup). */
  vehicleOfDevice(db: DB, identifier: string) {
    return db.selectFrom("vehicles").select(["id", "org_id"]).where("device_imei", "=", identifier).executeTakeFirst();
  },

  async recordUnknown(db: DB, v: { identifier: string; protocol: string; remoteAddress: string }) {
    await db
      .insertInto("unknown_devices")
      .values({ identifier: v.identifier, protocol: v.protocol, remote_address: v.remoteAddress })
      .onConflict((oc) =>
        oc.columns(["identifier", "protocol"]).doUpdateSet((eb) => ({
          last_seen: new Date(),
          remote_address: eb.ref("excluded.remote_address"),
          attempts: eb("unknown_devices.attempts", "+", 1),
        })),
      )
      .execute();
  },

  /** Merges a status report into the vehicle's row: the report's keys replace the stored ones, at most `maxKeys`. */
  async upsertStatus(
    db: DB,
    s: {
      vehicleId: string;
      orgId: string;
      identifier: string;
      attributes: string;
      alarm: string | null;
      ignition: boolean | null;
      maxKeys: number;
    },
  ) {
    await db
      .insertInto("device_status")
      .values({
        vehicle_id: s.vehicleId,
        org_id: s.orgId,
        identifier: s.identifier,
        attributes: s.attributes,
        alarm: s.alarm,
        ignition: s.ignition,
      })
      .onConflict((oc) =>
        oc.column("vehicle_id").doUpdateSet({
          identifier: s.identifier,
          attributes: sql`(SELECT COALESCE(jsonb_object_agg(key, value), '{}'::jsonb) FROM (
            SELECT key, value FROM jsonb_each(device_status.attributes || ${s.attributes}::jsonb) LIMIT ${s.maxKeys}) kv)`,
          alarm: s.alarm,
          ignition: sql`COALESCE(${s.ignition}::boolean, device_status.ignition)`,
          updated_at: new Date(),
        }),
      )
      .execute();
  },

  /** Keeps the last refused frame per identifier and protocol, counting refusals. */
  async upsertRefusedFrame(
    db: DB,
    values: {
      identifier: string;
      protocol: string;
      frame: Buffer;
      frame_length: number;
      reason: string;
      known_device: boolean;
    },
  ) {
    await db
      .insertInto("device_refused_frames")
      .values(values)
      .onConflict((oc) =>
        oc.columns(["identifier", "protocol"]).doUpdateSet((eb) => ({
          frame: values.frame,
          frame_length: values.frame_length,
          reason: values.reason,
          known_device: values.known_device,
          refused_at: new Date(),
          refusals: eb("device_refused_frames.refusals", "+", 1),
        })),
      )
      .execute();
  },
};
