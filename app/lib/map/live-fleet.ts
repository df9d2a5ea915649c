import type { FleetCounters, FleetVehicle, LivePositionMessage } from "./fleet-types";

type CounterKey = keyof Omit<FleetCounters, "total">;

/** Counter bucket from the display state (server counterOf): no position unknown, silent off, stand by and idle together. */
export function counterKey(v: Pick<FleetVehicle, "status" | "displayState">): CounterKey {
  if (v.status === "Unknown" || !v.displayState) return "unknown";
  if (v.displayState === "stand by" || v.displayState === "idle") return "standBy";
  return v.displayState;
}

export function countFleet(vehicles: Pick<FleetVehicle, "status" | "displayState">[]): FleetCounters {
  const c: FleetCounters = { moving: 0, stopped: 0, standBy: 0, off: 0, unknown: 0, total: vehicles.length };
  for (const v of vehicles) c[counterKey(v)] += 1;
  return c;
}

export function isLivePosition(msg: unknown): msg is LivePositionMessage {
  if (!msg || typeof msg !== "object") return false;
  const m = msg as Record<string, unknown>;
  return (
    m.type === "position" &&
    typeof m.vehicleId === "string" &&
    typeof m.latitude === "number" &&
    typeof m.longitude === "number"
  );
}

/** The vehicle after a live position, or the same object when the position is older than what it shows. */
function positioned(v: FleetVehicle, msg: LivePositionMessage): FleetVehicle {
  if (v.fixTime && msg.fixTime && Date.parse(msg.fixTime) < Date.parse(v.fixTime)) return v;
  const ignition = msg.ignition ?? (typeof msg.IsEngineOn === "boolean" ? (msg.IsEngineOn ? 1 : 0) : v.ignition);
  return {
    ...v,
    latitude: msg.latitude,
    longitude: msg.longitude,
    speed: msg.speed ?? msg.Speed ?? v.speed,
    course: msg.course ?? v.course,
    fixTime: msg.fixTime ?? v.fixTime,
    ignition,
    status: msg.status ?? v.status,
    displayState: msg.displayState ?? v.displayState,
    pinColor: msg.pinColor ?? v.pinColor,
  };
}

/** The list after one live position: only the matching vehicle changes; an older fix never overwrites a newer one. */
export function applyPosition(vehicles: FleetVehicle[], msg: LivePositionMessage): FleetVehicle[] {
  return applyPositions(vehicles, [msg]);
}

/**
 * The list after a batch of live positions (what arrived during one animation frame), in one pass:
 * one new array, new objects only for the vehicles that moved, the same list when nothing applied.
 */
export function applyPositions(vehicles: FleetVehicle[], batch: Iterable<LivePositionMessage>): FleetVehicle[] {
  const byId = new Map<string, LivePositionMessage[]>();
  for (const msg of batch) {
    const list = byId.get(msg.vehicleId);
    if (list) list.push(msg);
    else byId.set(msg.vehicleId, [msg]);
  }
  if (!byId.size) return vehicles;
  let out: FleetVehicle[] | null = null;
  for (let i = 0; i < vehicles.length; i++) {
    const msgs = byId.get(vehicles[i].vehicleId);
    if (!msgs) continue;
    let v = vehicles[i];
    for (const msg of msgs) v = positioned(v, msg);
    if (v === vehicles[i]) continue;
    out ??= vehicles.slice();
    out[i] = v;
  }
  return out ?? vehicles;
}

/** Latest position per vehicle waiting for the next frame: at most one entry per vehicle, however fast they come. */
export function queuePosition(queue: Map<string, LivePositionMessage>, msg: LivePositionMessage) {
  const held = queue.get(msg.vehicleId);
  if (held?.fixTime && msg.fixTime && Date.parse(msg.fixTime) < Date.parse(held.fixTime)) return;
  queue.set(msg.vehicleId, msg);
}

const fixMs = (v: Pick<FleetVehicle, "fixTime">) => (v.fixTime ? Date.parse(v.fixTime) : -Infinity);

/**
 * Fresh server rows (a reload or filter change) merged with what the socket already delivered:
 * the server decides which vehicles are listed, but a pin never moves back to an older fix.
 */
export function mergeFleet(server: FleetVehicle[], live: FleetVehicle[]): FleetVehicle[] {
  const byId = new Map(live.map((v) => [v.vehicleId, v]));
  return server.map((v) => {
    const known = byId.get(v.vehicleId);
    if (!known || fixMs(known) <= fixMs(v)) return v;
    return {
      ...v,
      latitude: known.latitude,
      longitude: known.longitude,
      speed: known.speed,
      course: known.course,
      fixTime: known.fixTime,
      ignition: known.ignition,
      status: known.status,
      displayState: known.displayState,
      pinColor: known.pinColor,
    };
  });
}
