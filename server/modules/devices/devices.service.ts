import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { listFleetState, assertUuid } from "../positions";
import { vehiclesRepo } from "../vehicles";
import { devicesPolicy } from "./devices.policy";
import { devicesRepo } from "./devices.repo";
import { describeFrame } from "../../protocols/describe-frame";
import { isProtocolName } from "../../shared/protocols";

export const attachDeviceSchema = z.object({
  identifier: z.string().trim().min(1).max(64),
  vehicleId: z.string().min(1),
});

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

/** A stored refused frame as the faults page shows it: hex, length, why, and what the decoder makes of it. */
function frameView(
  protocol: string,
  row: { frame: Buffer | null; frame_length: number | null; reason: string | null },
) {
  if (!row.frame) return { frameHex: null, frameLength: null, reason: row.reason, decoded: null };
  return {
    frameHex: row.frame.toString("hex"),
    frameLength: row.frame_length,
    reason: row.reason,
    // A frame cut to its first bytes cannot be decoded as a whole.
    decoded:
      row.frame_length !== null && row.frame_length > row.frame.length ? null : describeFrame(protocol, row.frame),
  };
}

/** Identifiers the gateways refused (the installation's administrators), most recent first, with their last frame. */
export async function listUnknownDevices(ctx: AppContext, p: Principal) {
  devicesPolicy.manageUnknown(p);
  const rows = await devicesRepo.unknownWithFrames(ctx.db);
  return rows.map(({ frame, frame_length, reason, ...u }) => ({
    ...u,
    ...frameView(u.protocol, { frame, frame_length, reason }),
  }));
}

/** Vehicles the user may see whose device sent frames that were refused (malformed or of an unknown layout). */
export async function listFailingDevices(ctx: AppContext, p: Principal) {
  const rows = await devicesRepo.failingVisible(ctx.db, p);
  return rows.map(({ frame, frame_length, reason, refusedAt, ...r }) => ({
    ...r,
    refusedAt: refusedAt as unknown as Date,
    ...frameView(r.protocol, { frame, frame_length, reason }),
  }));
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
  const vehicle = await devicesRepo.visibleVehicle(ctx.db, p, vehicleId);
  if (!vehicle) throw notFound("vehicle");
  const unknown = await devicesRepo.latestUnknown(ctx.db, identifier);
  if (!unknown) throw notFound("device");
  if (await vehiclesRepo.deviceTaken(ctx.db, identifier, vehicleId))
    throw new AppError("DEVICE_TAKEN", "This device is attached to another vehicle");
  const protocol = isProtocolName(unknown.protocol) ? unknown.protocol : null;
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await vehiclesRepo.update(trx, p.orgId, vehicleId, { device_imei: identifier, device_protocol: protocol });
      await devicesRepo.forgetUnknown(trx, identifier);
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
