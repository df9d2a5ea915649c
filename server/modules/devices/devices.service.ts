import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import { listFleetState } from "../positions/fleet.service";
import { assertUuid } from "../positions/positions.schema";
import { devicesPolicy } from "./devices.policy";

export const attachDeviceSchema = z.object({
  identifier: z.string().trim().min(1).max(64),
  vehicleId: z.string().min(1),
});

const PROTOCOLS = ["teltonika", "gt06", "osmand", "h02", "ruptela", "meitrack", "suntech", "galileosky"] as const;

/** Vehicles with at least one device fault (manage:read): no positions, no data for over 12 h, ignition, antenna. */
export async function listDeviceFaults(ctx: AppContext, p: Principal) {
  const fleet = await listFleetState(ctx, p);
  return fleet
    .filter((v) => v.faults.length > 0)
    .map((v) => ({
      vehicleId: v.vehicleId,
      registration: v.registration,
      teamName: v.teamName,
      deviceImei: v.deviceImei,
      faults: v.faults,
      fixTime: v.fixTime,
      lastServerTime: v.lastServerTime,
    }));
}

/** Identifiers the gateways refused (the installation's administrators), most recent first. */
export async function listUnknownDevices(ctx: AppContext, p: Principal) {
  devicesPolicy.manageUnknown(p);
  return ctx.db
    .selectFrom("unknown_devices")
    .select([
      "identifier",
      "protocol",
      "remote_address as remoteAddress",
      "first_seen as firstSeen",
      "last_seen as lastSeen",
      "attempts",
    ])
    .orderBy("last_seen", "desc")
    .limit(500)
    .execute();
}

/** Attaches a refused identifier to a vehicle the user may see; the device is accepted from its next connection. */
export async function attachUnknownDevice(
  ctx: AppContext,
  p: Principal,
  input: { identifier: string; vehicleId: string },
) {
  devicesPolicy.manageUnknown(p);
  const { identifier, vehicleId } = attachDeviceSchema.parse(input);
  assertUuid(vehicleId);
  const vehicle = await scopeVehicles(ctx.db.selectFrom("vehicles").select(["vehicles.id", "vehicles.device_imei"]), p)
    .where("vehicles.id", "=", vehicleId)
    .executeTakeFirst();
  if (!vehicle) throw notFound("vehicle");
  const unknown = await ctx.db
    .selectFrom("unknown_devices")
    .select(["identifier", "protocol"])
    .where("identifier", "=", identifier)
    .orderBy("last_seen", "desc")
    .executeTakeFirst();
  if (!unknown) throw notFound("device");
  const taken = await ctx.db
    .selectFrom("vehicles")
    .select("id")
    .where("device_imei", "=", identifier)
    .executeTakeFirst();
  if (taken && taken.id !== vehicleId) throw new AppError("DEVICE_TAKEN", "This device is attached to another vehicle");
  const protocol = (PROTOCOLS as readonly string[]).includes(unknown.protocol)
    ? (unknown.protocol as (typeof PROTOCOLS)[number])
    : null;
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("vehicles")
        .set({ device_imei: identifier, device_protocol: protocol, updated_at: new Date() })
        .where("id", "=", vehicleId)
        .where("org_id", "=", p.orgId)
        .execute();
      await trx.deleteFrom("unknown_devices").where("identifier", "=", identifier).execute();
    })
    .catch((err: { code?: string }) => {
      if (err?.code === "23505") throw new AppError("DEVICE_TAKEN", "This device is attached to another vehicle");
      throw err;
    });
  // this process's gateways see the device at once; other processes within the registry's TTL
  ctx.devices?.invalidate(identifier);
  if (vehicle.device_imei) ctx.devices?.invalidate(vehicle.device_imei);
  return { vehicleId, identifier, protocol };
}
