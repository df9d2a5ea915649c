import type { DB } from "../../db/database";
import type { AttributeValue, DeviceStatus } from "../../shared/device-contract";
import type { KnownDevice } from "../../shared/ports";
import { devicesRepo } from "./devices.repo";

/** A refused frame keeps its first bytes only: enough to read the header and see why. */
export const REFUSED_FRAME_MAX_BYTES = 1024;
const MAX_KEYS = 100;
const MAX_TEXT = 200;

/** Bounded copy: at most 100 keys, text values cut to 200 characters, non-finite numbers dropped. */
export function boundedAttributes(attributes: Record<string, AttributeValue>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes).slice(0, MAX_KEYS)) {
    if (typeof value === "number" && !Number.isFinite(value)) continue;
    out[key.slice(0, 64)] = typeof value === "string" ? value.slice(0, MAX_TEXT) : value;
  }
  return out;
}

/**
 * Merges a device's status report into its vehicle's device_status row (newer keys win). Resolves once
 * committed: the gateway acknowledges the frame afterwards.
 */
export async function recordDeviceStatus(
  db: DB,
  device: KnownDevice,
  identifier: string,
  status: DeviceStatus,
): Promise<void> {
  const attributes = JSON.stringify(boundedAttributes(status.attributes));
  await devicesRepo.upsertStatus(db, {
    vehicleId: device.vehicleId,
    orgId: device.orgId,
    identifier,
    attributes,
    alarm: status.alarm ?? null,
    ignition: status.ignition ?? null,
    maxKeys: MAX_KEYS,
  });
}

/** Keeps the last refused frame of a device (one row per identifier and protocol, the frame cut to 1 KiB). */
export async function recordRefusedFrame(
  db: DB,
  input: { identifier: string; protocol: string; frame: Buffer; reason: string; knownDevice: boolean },
): Promise<void> {
  const frame = Buffer.from(input.frame.subarray(0, REFUSED_FRAME_MAX_BYTES));
  const values = {
    identifier: input.identifier.slice(0, 64),
    protocol: input.protocol.slice(0, 32),
    frame,
    frame_length: input.frame.length,
    reason: input.reason.slice(0, 500),
    known_device: input.knownDevice,
  };
  await devicesRepo.upsertRefusedFrame(db, values);
}
