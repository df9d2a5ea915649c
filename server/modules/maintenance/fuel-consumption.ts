import { CONSUMPTION_TOLERANCE } from "./maintenance.schema";

export type FuelFlag =
  | "over_tank"
  | "consumption_far"
  | "odometer_backwards"
  | "engine_hours_backwards"
  | "odometer_disagrees";

export interface FuelEntry {
  id: string;
  filled_on: string;
  odometer_km: number;
  /** the engine-hours reading entered with the fill; null or missing: none */
  engine_hours?: number | null;
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
  /** l/h by the same method, between consecutive full tanks that both carry an engine-hours reading */
  l_per_hour: number | null;
  hours_run: number | null;
  flags: FuelFlag[];
}

interface Interval {
  /** liters per unit of the reading (km or h) since the previous full tank; null when this fill closes no interval */
  perUnit: number | null;
  /** the reading's run since the previous full tank, in tenths */
  run: number | null;
  /** the reading is below the previous fill's */
  backwards: boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The full-tank method along one reading (the odometer, or the engine hours): at a full tank, the liters of every fill
 * since the previous full tank (partials included, this one too) over the reading's run since that full tank. A
 * reading below the previous fill's is `backwards`: that fill closes and starts no interval (its liters count at the
 * next full tank). A full tank without a reading starts an interval that nothing can close.
 */
function fullTankIntervals(
  entries: readonly FuelEntry[],
  readingOf: (e: FuelEntry) => number | null,
): Map<string, Interval> {
  const out = new Map<string, Interval>();
  let lastFull: { reading: number | null } | null = null;
  let litersSince = 0;
  let previous: number | null = null;
  for (const e of entries) {
    const reading = readingOf(e);
    const backwards = reading !== null && previous !== null && reading < previous;
    let perUnit: number | null = null;
    let run: number | null = null;
    litersSince += e.liters;
    if (e.full_tank && !backwards) {
      if (lastFull && lastFull.reading !== null && reading !== null && reading > lastFull.reading) {
        run = round1(reading - lastFull.reading);
        perUnit = litersSince / run;
      }
      lastFull = { reading };
      litersSince = 0;
    }
    if (e.full_tank && !lastFull) lastFull = { reading };
    out.set(e.id, { perUnit, run, backwards });
    if (reading !== null && !backwards) previous = reading;
  }
  return out;
}

/**
 * Full-tank method over one vehicle's reports in fill order, by the odometer (l/100 km) and by the engine hours
 * (l/h). Flags: a fill larger than the tank, a consumption further than `tolerance` (the organisation's, default
 * CONSUMPTION_TOLERANCE) from the estimate, an odometer or engine-hours reading below the previous fill's.
 */
export function analyseFuel(
  entries: readonly FuelEntry[],
  vehicle: FuelVehicle,
  tolerance = CONSUMPTION_TOLERANCE,
): Map<string, FuelResult> {
  const byKm = fullTankIntervals(entries, (e) => e.odometer_km);
  const byHours = fullTankIntervals(entries, (e) => e.engine_hours ?? null);
  const out = new Map<string, FuelResult>();
  for (const e of entries) {
    const km = byKm.get(e.id)!;
    const hours = byHours.get(e.id)!;
    const flags: FuelFlag[] = [];
    if (vehicle.tank_volume !== null && vehicle.tank_volume > 0 && e.liters > vehicle.tank_volume)
      flags.push("over_tank");
    if (km.backwards) flags.push("odometer_backwards");
    if (hours.backwards) flags.push("engine_hours_backwards");
    const consumption = km.perUnit === null ? null : Math.round(km.perUnit * 100 * 100) / 100;
    if (consumption !== null && vehicle.estimate) {
      // rounded so that exactly the tolerance (10.4 against 8) is not flagged by a floating-point hair
      const off = Math.round((Math.abs(consumption - vehicle.estimate) / vehicle.estimate) * 10_000) / 10_000;
      if (off > tolerance) flags.push("consumption_far");
    }
    const lPerHour = hours.perUnit === null ? null : Math.round(hours.perUnit * 100) / 100;
    out.set(e.id, { consumption, distance_km: km.run, l_per_hour: lPerHour, hours_run: hours.run, flags });
  }
  return out;
}
