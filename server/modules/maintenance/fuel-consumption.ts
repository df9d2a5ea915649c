import { CONSUMPTION_TOLERANCE } from "./maintenance.schema";

export type FuelFlag = "over_tank" | "consumption_far" | "odometer_backwards" | "odometer_disagrees";

export interface FuelEntry {
  id: string;
  filled_on: string;
  odometer_km: number;
  liters: number;
  full_tank: boolean;
}

export interface FuelVehicle {
  tank_volume: number | null;
  /** the vehicle's estimated consumption (l/100 km): its fuel consumption, else its city/estimated one */
  estimate: number | null;
}

export interface FuelResult {
  /** l/100 km by the full-tank method, on full-tank reports that close an interval */
  consumption: number | null;
  distance_km: number | null;
  flags: FuelFlag[];
}

/**
 * Full-tank method over one vehicle's reports in fill order: at a full tank, the liters of every fill since the
 * previous full tank (partials included, this one too) over the km driven since that full tank. Flags: a fill larger
 * than the tank, a consumption further than `tolerance` (the organisation's, default CONSUMPTION_TOLERANCE) from the estimate, an odometer below the previous fill's.
 */
export function analyseFuel(entries: readonly FuelEntry[], vehicle: FuelVehicle, tolerance = CONSUMPTION_TOLERANCE): Map<string, FuelResult> {
  const out = new Map<string, FuelResult>();
  let lastFull: FuelEntry | null = null;
  let litersSince = 0;
  let previous: FuelEntry | null = null;
  for (const e of entries) {
    const flags: FuelFlag[] = [];
    if (vehicle.tank_volume !== null && vehicle.tank_volume > 0 && e.liters > vehicle.tank_volume) flags.push("over_tank");
    const backwards = previous !== null && e.odometer_km < previous.odometer_km;
    if (backwards) flags.push("odometer_backwards");
    let consumption: number | null = null;
    let distance: number | null = null;
    litersSince += e.liters;
    if (e.full_tank && !backwards) {
      if (lastFull && e.odometer_km > lastFull.odometer_km) {
        distance = Math.round((e.odometer_km - lastFull.odometer_km) * 10) / 10;
        consumption = Math.round((litersSince / distance) * 100 * 100) / 100;
        // rounded so that exactly the tolerance (10.4 against 8) is not flagged by a floating-point hair
        const off = Math.round((Math.abs(consumption - (vehicle.estimate ?? 0)) / (vehicle.estimate || 1)) * 10_000) / 10_000;
        if (vehicle.estimate && off > tolerance) flags.push("consumption_far");
      }
      lastFull = e;
      litersSince = 0;
    }
    if (e.full_tank && !lastFull) lastFull = e;
    out.set(e.id, { consumption, distance_km: distance, flags });
    if (!backwards) previous = e;
  }
  return out;
}
