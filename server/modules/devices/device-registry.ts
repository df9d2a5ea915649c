import type { DB } from "../../db/database";
import type { DevicePort, KnownDevice } from "../../shared/ports";

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
    const row = await this.db
      .selectFrom("vehicles")
      .select(["id", "org_id"])
      .where("device_imei", "=", identifier)
      .executeTakeFirst();
    const value = row ? { vehicleId: row.id, orgId: row.org_id } : null;
    this.cache.set(identifier, { value, expires: Date.now() + (value ? this.ttlMs : this.unknownTtlMs) });
    return value;
  }

  invalidate(identifier?: string): void {
    if (identifier === undefined) this.cache.clear();
    else this.cache.delete(identifier);
  }
}

/** Records a refused identifier (gateway callback). */
export async function recordUnknownDevice(
  db: DB,
  identifier: string,
  protocol: string,
  remoteAddress: string,
): Promise<void> {
  await db
    .insertInto("unknown_devices")
    .values({ identifier: identifier.slice(0, 64), protocol, remote_address: remoteAddress.slice(0, 100) })
    .onConflict((oc) =>
      oc.columns(["identifier", "protocol"]).doUpdateSet((eb) => ({
        last_seen: new Date(),
        remote_address: eb.ref("excluded.remote_address"),
        attempts: eb("unknown_devices.attempts", "+", 1),
      })),
    )
    .execute();
}
