import type { DB } from "../../db/database";
import type { DevicePort, KnownDevice, LivePort } from "../../shared/ports";
import { devicesRepo } from "./devices.repo";

export type { KnownDevice } from "../../shared/ports";

/**
 * identifier → vehicle lookups for the gateways, cached briefly: every packet asks, and a device
 * attached to a vehicle (or removed) is picked up within the TTL. Unknown ids are cached shorter.
 */
export class DeviceRegistry implements DevicePort {
  private cache = new Map<string, { value: KnownDevice | null; expires: number }>();

  constructor(
    private readonly db: DB,
    private readonly ttlMs = 30_000,
    private readonly unknownTtlMs = 5_000,
  ) {}

  async lookup(identifier: string): Promise<KnownDevice | null> {
    const hit = this.cache.get(identifier);
    if (hit && hit.expires > Date.now()) return hit.value;
    const row = await devicesRepo.vehicleOfDevice(this.db, identifier);
    const value = row ? { vehicleId: row.id, orgId: row.org_id } : null;
    this.cache.set(identifier, { value, expires: Date.now() + (value ? this.ttlMs : this.unknownTtlMs) });
    return value;
  }

  invalidate(identifier?: string): void {
    if (identifier === undefined) this.cache.clear();
    else this.cache.delete(identifier);
  }
}

/**
 * The registry of a process in a fleet of processes: an invalidation goes out on the live bus, so the gateway
 * process holding the device drops its cached lookup at once instead of after the TTL. The publishing
 * process gets its own message back and drops the entry then too (the local drop is immediate).
 */
export function sharedDeviceRegistry(local: DeviceRegistry, bus: LivePort): DevicePort & { close(): void } {
  const unsubscribe = bus.onMessage((m) => {
    if (m.k === "dev") local.invalidate(m.i);
  });
  return {
    lookup: (identifier) => local.lookup(identifier),
    invalidate(identifier) {
      local.invalidate(identifier);
      bus.publish(identifier === undefined ? { k: "dev" } : { k: "dev", i: identifier }).catch(() => {
        // the other processes still pick the change up within the registry's TTL
      });
    },
    close: () => void unsubscribe(),
  };
}

/** Records a refused identifier (gateway callback). */
export async function recordUnknownDevice(
  db: DB,
  identifier: string,
  protocol: string,
  remoteAddress: string,
): Promise<void> {
  await devicesRepo.recordUnknown(db, {
    identifier: identifier.slice(0, 64),
    protocol,
    remoteAddress: remoteAddress.slice(0, 100),
  });
}
