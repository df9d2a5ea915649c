import { randomInt } from "node:crypto";
import type { AppContext } from "../../server/context";
import type { DevicePosition } from "../../server/shared/device-contract";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

/** A 15-digit identifier nobody else in the shared test database uses. */
export const randomImei = () => `86${String(randomInt(0, 1e9)).padStart(9, "0")}${String(randomInt(0, 1e4)).padStart(4, "0")}`;

/** Gives the first `n` vehicles of an organisation a fresh device; returns [{ id, imei, team_id, registration }]. */
export async function attachDevices(ctx: AppContext, orgId: string, n: number, protocol: "teltonika" | "gt06" | "osmand" | "h02" = "teltonika") {
  const vehicles = await ctx.db.selectFrom("vehicles").select(["id", "team_id", "registration"]).where("org_id", "=", orgId).orderBy("registration").limit(n).execute();
  const out = [];
  for (const v of vehicles) {
    const imei = randomImei();
    await ctx.db.updateTable("vehicles").set({ device_imei: imei, device_protocol: protocol }).where("id", "=", v.id).execute();
    out.push({ ...v, imei });
  }
  return out;
}

export function position(deviceId: string, over: Partial<DevicePosition> = {}): DevicePosition {
  return {
    deviceId, protocol: "teltonika", fixTime: new Date(), latitude: 41.3275, longitude: 19.8187, altitude: 110, speed: 0, course: 0,
    satellites: 9, valid: true, attributes: {}, ...over,
  };
}

export async function stateOf(ctx: AppContext, vehicleId: string) {
  return ctx.db.selectFrom("vehicle_state").selectAll().where("vehicle_id", "=", vehicleId).executeTakeFirst();
}

export async function countPositions(ctx: AppContext, vehicleId: string): Promise<number> {
  const r = await ctx.db.selectFrom("positions").select((eb) => eb.fn.countAll<number>().as("n")).where("vehicle_id", "=", vehicleId).executeTakeFirstOrThrow();
  return Number(r.n);
}
