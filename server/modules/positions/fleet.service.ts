import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { fleetRepo } from "./fleet.repo";
import { assertUuid } from "./positions.schema";
import {
  counterOf,
  deviceFaults,
  displayState,
  fleetCounters,
  pinColor,
  vehicleStatus,
  type CounterKey,
  type DeviceFault,
  type DisplayState,
  type StateLike,
  type VehicleStatus,
} from "./vehicle-status";

export interface FleetVehicle {
  vehicleId: string;
  registration: string;
  category: "Truck" | "Van" | "Car";
  identifierName: string | null;
  teamId: string | null;
  teamName: string | null;
  driverName: string | null;
  deviceImei: string | null;
  status: VehicleStatus;
  displayState: DisplayState;
  pinColor: string;
  counter: CounterKey;
  /** 0/1 as the socket sends it; null when the device never reported ignition */
  ignition: 0 | 1 | null;
  speed: number;
  latitude: number | null;
  longitude: number | null;
  course: number;
  fixTime: string | null;
  lastServerTime: string | null;
  odometerKm: number;
  engineHours: number;
  faults: DeviceFault[];
}

type FleetRow = Awaited<ReturnType<typeof fleetRepo.list>>[number];

export function toFleetVehicle(r: FleetRow, now: Date = new Date()): FleetVehicle {
  const state: StateLike = {
    lastFixTime: r.last_fix_time,
    lastServerTime: r.last_server_time,
    ignition: r.ignition,
    speed: r.speed_kmh ?? 0,
    stateSince: r.state_since,
    hasDevice: Boolean(r.device_imei),
    storedFaults: r.faults,
  };
  const display = displayState(state, now);
  return {
    vehicleId: r.id,
    registration: r.registration,
    category: r.category,
    identifierName: r.identifier_name,
    teamId: r.team_id,
    teamName: r.team_name,
    driverName: r.driver_name,
    deviceImei: r.device_imei,
    status: vehicleStatus(state),
    displayState: display,
    pinColor: pinColor(display),
    counter: counterOf(state, now),
    ignition: r.ignition === null || r.ignition === undefined ? null : r.ignition ? 1 : 0,
    speed: Math.round((r.speed_kmh ?? 0) * 10) / 10,
    latitude: r.lat,
    longitude: r.lon,
    course: r.course ?? 0,
    fixTime: r.last_fix_time ? new Date(r.last_fix_time).toISOString() : null,
    lastServerTime: r.last_server_time ? new Date(r.last_server_time).toISOString() : null,
    odometerKm: Math.round((Number(r.odometer_km) + (r.odometer_m ?? 0) / 1000) * 10) / 10,
    engineHours: Math.round(((r.engine_hours_s ?? 0) / 3600) * 10) / 10,
    faults: deviceFaults(state, now),
  };
}

/** The live fleet for the manage map and list (manage:read), scoped to the vehicles the user may see. */
export async function listFleetState(
  ctx: AppContext,
  p: Principal,
  filter: { q?: string; team?: string } = {},
): Promise<FleetVehicle[]> {
  authorize(p, "manage:read");
  const rows = await fleetRepo.list(ctx.db, p, filter);
  const now = new Date();
  return rows.map((r) => toFleetVehicle(r, now));
}

export { fleetCounters };

/** One vehicle's live state (manage:read); another organisation's or an invisible vehicle is NOT_FOUND. */
export async function getVehicleLive(ctx: AppContext, p: Principal, vehicleId: string): Promise<FleetVehicle> {
  authorize(p, "manage:read");
  assertUuid(vehicleId);
  const row = await fleetRepo.one(ctx.db, p, vehicleId);
  if (!row) throw notFound("vehicle");
  return toFleetVehicle(row);
}
