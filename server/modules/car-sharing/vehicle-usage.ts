import type { DB } from "../../db/database";
import { tripReadsRepo } from "../analytics";
import { ignitionKey, vehicleStateRepo } from "../positions";

/** The vehicle's actual use during [from, to) from telematics: distance, trips, first ignition, positions seen. */
export async function vehicleUsage(db: DB, orgId: string, vehicleId: string, from: Date, to: Date) {
  const [pos, trips, now] = await Promise.all([
    vehicleStateRepo.usage(db, orgId, vehicleId, from, to),
    tripReadsRepo.tripCount(db, orgId, vehicleId, from, to),
    vehicleStateRepo.current(db, orgId, vehicleId),
  ]);
  return {
    distanceKm: pos?.distance_m == null ? null : Math.round(Number(pos.distance_m) / 100) / 10,
    points: Number(pos?.points ?? 0),
    firstIgnition: pos?.first_ignition ?? null,
    trips,
    position:
      now && now.lat !== null && now.lon !== null
        ? { lat: now.lat, lon: now.lon, at: now.last_fix_time, speedKmh: now.speed_kmh, ignition: now.ignition }
        : null,
  };
}

/**
 * Active bookings whose vehicle is back inside its base now with the ignition off: when it entered (at or after the
 * booking's start) and the last time its ignition was on during the booking (null: never driven).
 */
export async function bookingsBackAtBase<
  C extends { org_id: string; vehicle_id: string; base_place_id: string; starts_at: Date },
>(db: DB, candidates: readonly C[], now: Date): Promise<Array<C & { enterTime: Date; lastOn: Date | null }>> {
  const off = await vehicleStateRepo.ignitionOff(
    db,
    candidates.map((c) => ({ orgId: c.org_id, vehicleId: c.vehicle_id })),
  );
  const parked = candidates.filter((c) => off.has(c.vehicle_id));
  const entered = await tripReadsRepo.insideSince(
    db,
    parked.map((c) => ({ orgId: c.org_id, vehicleId: c.vehicle_id, placeId: c.base_place_id, since: c.starts_at })),
  );
  const back = parked.flatMap((c) => {
    const enterTime = entered.get(`${c.vehicle_id}:${c.base_place_id}`);
    return enterTime ? [{ ...c, enterTime }] : [];
  });
  const lastOn = await vehicleStateRepo.lastIgnitionOn(
    db,
    back.map((c) => ({ orgId: c.org_id, vehicleId: c.vehicle_id, from: c.starts_at })),
    now,
  );
  return back.map((c) => ({ ...c, lastOn: lastOn.get(ignitionKey(c.vehicle_id, c.starts_at)) ?? null }));
}
