import { sql } from "kysely";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import { likePattern } from "../shared/listing";
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

function fleetQuery(ctx: AppContext, p: Principal) {
  return scopeVehicles(
    ctx.db
      .selectFrom("vehicles")
      .leftJoin("vehicle_state as s", "s.vehicle_id", "vehicles.id")
      .leftJoin("teams as t", "t.id", "vehicles.team_id")
      .leftJoin("users as d", "d.id", "vehicles.driver_id")
      .select([
        "vehicles.id",
        "vehicles.org_id",
        "vehicles.registration",
        "vehicles.category",
        "vehicles.identifier_name",
        "vehicles.team_id",
        "vehicles.device_imei",
        "vehicles.odometer_km",
        "t.name as team_name",
        sql<string | null>`nullif(trim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), '')`.as(
          "driver_name",
        ),
        "s.lat",
        "s.lon",
        "s.speed_kmh",
        "s.course",
        "s.ignition",
        "s.last_fix_time",
        "s.last_server_time",
        "s.state_since",
        "s.odometer_m",
        "s.engine_hours_s",
        "s.faults",
      ]),
    p,
  );
}

type FleetRow = Awaited<ReturnType<ReturnType<typeof fleetQuery>["execute"]>>[number];

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
  let qb = fleetQuery(ctx, p);
  const q = filter.q?.trim();
  if (q) {
    const like = likePattern(q);
    qb = qb.where((eb) =>
      eb.or([
        eb("vehicles.registration", "ilike", like),
        eb("vehicles.identifier_name", "ilike", like),
        eb("vehicles.fleet_number", "ilike", like),
        eb(sql`coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')`, "ilike", like),
      ]),
    );
  }
  if (filter.team) qb = qb.where("vehicles.team_id", "=", filter.team);
  const rows = await qb.orderBy("vehicles.registration").execute();
  const now = new Date();
  return rows.map((r) => toFleetVehicle(r, now));
}

export { fleetCounters };

/** One vehicle's live state (manage:read); another organisation's or an invisible vehicle is NOT_FOUND. */
export async function getVehicleLive(ctx: AppContext, p: Principal, vehicleId: string): Promise<FleetVehicle> {
  authorize(p, "manage:read");
  assertUuid(vehicleId);
  const row = await fleetQuery(ctx, p).where("vehicles.id", "=", vehicleId).executeTakeFirst();
  if (!row) throw notFound("vehicle");
  return toFleetVehicle(row);
}
