import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { formatInstantDate } from "../../shared/dates";
import { orgTimeZone } from "../organization";
import { vehicleOptions } from "../vehicles";

export type VehicleOption = Awaited<ReturnType<typeof vehicleOptions>>[number];

/** The vehicles the user may see, by id. */
export async function visibleVehicles(ctx: AppContext, p: Principal): Promise<Map<string, VehicleOption>> {
  return new Map((await vehicleOptions(ctx, p)).map((v) => [v.id, v]));
}

/** A record's vehicle the user may not see reads as a record that does not exist. */
export async function assertVisible(ctx: AppContext, p: Principal, vehicleId: string, what = "record") {
  const v = (await visibleVehicles(ctx, p)).get(vehicleId);
  if (!v) throw notFound(what);
  return v;
}

/** A vehicle chosen in a form must be one the user may see (another organisation's id is simply unknown). */
export async function assertChosen(ctx: AppContext, p: Principal, ids: readonly string[], field = "vehicle_id") {
  const visible = await visibleVehicles(ctx, p);
  if (!ids.length || ids.some((id) => !visible.has(id))) throw new AppError("VALIDATION", "Unknown vehicle", { field });
  return visible;
}

/** Today in the organisation's time zone (reminder days are the organisation's days). */
export async function orgToday(ctx: AppContext, orgId: string, now = new Date()): Promise<string> {
  return formatInstantDate(now, await orgTimeZone(ctx, orgId));
}
