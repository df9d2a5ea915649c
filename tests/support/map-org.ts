import type { AppContext } from "../../server/context";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { createPositionPipeline } from "../../server/modules/positions/positions.service";
import type { DevicePosition } from "../../server/shared/device-contract";
import type { TestOrg } from "./context";
import { attachDevices, createOrganisation } from "./factories";

export interface MapTestOrg extends TestOrg {
  viewerEmail: string;
  viewerPassword: string;
  vehicles: { id: string; registration: string; imei: string }[];
}

/** A demo organisation where `devices` vehicles of the viewer's team carry a fresh Teltonika IMEI. */
export async function createMapOrg(
  ctx: AppContext,
  devices = 3,
  opts: { operator?: boolean } = {},
): Promise<MapTestOrg> {
  const org = await createOrganisation(ctx, { demo: true, operator: opts.operator });
  const viewer = await ctx.db
    .selectFrom("users")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select(["users.email", "users.team_id"])
    .where("users.org_id", "=", org.orgId)
    .where("roles.key", "=", "viewer")
    .executeTakeFirstOrThrow();
  const vehicles = (
    await attachDevices(ctx, org.orgId, devices, "teltonika", { teamId: viewer.team_id as string })
  ).map(({ id, registration, imei }) => ({ id, registration, imei }));
  return { ...org, vehicles, viewerEmail: viewer.email as string, viewerPassword: DEMO_PASSWORD };
}

export interface SimpleFix {
  at: Date;
  lat: number;
  lon: number;
  speed: number;
  course?: number;
  ignition?: boolean;
}

/** Stores fixes through the real position pipeline (validation, vehicle state, positions table). */
export async function storeFixes(
  ctx: AppContext,
  org: { orgId: string },
  vehicle: { id: string; imei: string },
  fixes: SimpleFix[],
) {
  const pipeline = createPositionPipeline({
    db: ctx.db,
    log: ctx.log,
    lookup: async (id) => (id === vehicle.imei ? { vehicleId: vehicle.id, orgId: org.orgId } : null),
  });
  const positions: DevicePosition[] = fixes.map((f) => ({
    deviceId: vehicle.imei,
    protocol: "teltonika",
    fixTime: f.at,
    latitude: f.lat,
    longitude: f.lon,
    altitude: 100,
    speed: f.speed,
    course: f.course ?? 90,
    satellites: 9,
    valid: true,
    ignition: f.ignition ?? f.speed > 0,
    attributes: {},
  }));
  await pipeline.onPositions(vehicle.imei, positions);
  await pipeline.close();
}

/** A short drive ending `endMinutesAgo` minutes ago: moving east through Tirana, then a 5-minute stop. */
export function sampleDrive(endMinutesAgo = 5): SimpleFix[] {
  const end = Date.now() - endMinutesAgo * 60_000;
  const fixes: SimpleFix[] = [];
  for (let i = 0; i < 10; i++)
    fixes.push({
      at: new Date(end - (20 - i) * 60_000),
      lat: 41.3275,
      lon: 19.8187 + i * 0.004,
      speed: 40 + i,
      course: 90,
    });
  for (let i = 0; i < 6; i++)
    fixes.push({
      at: new Date(end - (10 - i) * 60_000),
      lat: 41.3275,
      lon: 19.8587,
      speed: 0,
      course: 90,
      ignition: false,
    });
  fixes.push({ at: new Date(end), lat: 41.33, lon: 19.87, speed: 30, course: 45 });
  return fixes;
}
