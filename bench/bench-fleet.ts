/** What the fleet benches share: seeded random numbers, the area round Tirana, and an organisation with tracked vehicles. */
import type { AppContext } from "../server/context";
import { circleBoundingBox, type LonLat } from "../server/modules/places";
import { createOrganization } from "../server/seed/seed";

/** Tirana: where the report benches' vans drive. */
export const HOME: LonLat = [19.8187, 41.3275];

/** Deterministic pseudo-random numbers (Lehmer, 16807 mod 2^31 − 1), so reruns drive the same tracks. */
export function rng(seed: number) {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** A circle geofence row of `orgId` (category "Bench"), with the bounding box the places queries filter on. */
export function circleGeofence(orgId: string, name: string, centre: LonLat, radiusM: number) {
  const box = circleBoundingBox(centre, radiusM);
  return {
    org_id: orgId,
    kind: "geofence" as const,
    shape: "circle" as const,
    name,
    category: "Bench",
    latitude: centre[1],
    longitude: centre[0],
    radius_m: radiusM,
    polygon: null,
    min_lat: box.minLat,
    max_lat: box.maxLat,
    min_lon: box.minLon,
    max_lon: box.maxLon,
  };
}

/** An organisation with `vehicles` Teltonika-tracked vehicles whose IMEIs start with `prefix`. */
export async function makeBenchOrg(
  ctx: AppContext,
  name: string,
  vehicles: number,
  prefix: string,
  category: "Car" | "Van" = "Car",
) {
  const { org, adminId } = await createOrganization(ctx.db, {
    name,
    admin: { email: `${prefix}@bench.flota`, password: "bench-password" },
  });
  const imeis = Array.from({ length: vehicles }, (_, i) => `${prefix}${String(i).padStart(15 - prefix.length, "0")}`);
  const rows = await ctx.db
    .insertInto("vehicles")
    .values(
      imeis.map((imei, i) => ({
        org_id: org.id,
        registration: `${prefix.toUpperCase()} ${String(i).padStart(3, "0")}`,
        category,
        device_imei: imei,
        device_protocol: "teltonika" as const,
      })),
    )
    .returning("id")
    .execute();
  return { orgId: org.id, orgName: name, adminId, imeis, vehicleIds: rows.map((r) => r.id) };
}
