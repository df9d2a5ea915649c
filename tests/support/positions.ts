/** Device positions for the pipeline tests, and what the pipeline stored for a vehicle. */
import type { AppContext } from "../../server/context";
import type { DevicePosition } from "../../server/shared/device-contract";

/** A valid Teltonika fix in Tirana, now, at rest; `over` changes any field. */
export function position(deviceId: string, over: Partial<DevicePosition> = {}): DevicePosition {
  return {
    deviceId,
    protocol: "teltonika",
    fixTime: new Date(),
    latitude: 41.3275,
    longitude: 19.8187,
    altitude: 110,
    speed: 0,
    course: 0,
    satellites: 9,
    valid: true,
    attributes: {},
    ...over,
  };
}

export async function stateOf(ctx: AppContext, vehicleId: string) {
  return ctx.db.selectFrom("vehicle_state").selectAll().where("vehicle_id", "=", vehicleId).executeTakeFirst();
}

export async function countPositions(ctx: AppContext, vehicleId: string): Promise<number> {
  const r = await ctx.db
    .selectFrom("positions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("vehicle_id", "=", vehicleId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A position stored behind the pipeline's back (as an import would): the pipeline's next COPY meets it. */
export async function storeOutsidePipeline(
  ctx: AppContext,
  orgId: string,
  vehicle: { id: string; imei: string },
  fixTime: Date,
): Promise<void> {
  await ctx.db
    .insertInto("positions")
    .values({ org_id: orgId, vehicle_id: vehicle.id, device_id: vehicle.imei, fix_time: fixTime, lat: 41, lon: 19 })
    .execute();
}
