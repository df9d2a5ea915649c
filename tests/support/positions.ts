import { randomImei } from "../support/factories";
import type { AppContext } from "../../server/context";
import type { DevicePosition } from "../../server/shared/device-contract";

/** Gives the first `n` vehicles of an organisation a fresh device; returns [{ id, imei, team_id, registration }]. */
export async function attachDevices(
  ctx: AppContext,
  orgId: string,
  n: number,
  protocol: "teltonika" | "gt06" | "osmand" | "h02" = "teltonika",
) {
  const vehicles = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "team_id", "registration"])
    .where("org_id", "=", orgId)
    .orderBy("registration")
    .limit(n)
    .execute();
  const out = [];
  for (const v of vehicles) {
    const imei = randomImei();
    await ctx.db
      .updateTable("vehicles")
      .set({ device_imei: imei, device_protocol: protocol })
      .where("id", "=", v.id)
      .execute();
    out.push({ ...v, imei });
  }
  return out;
}

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
