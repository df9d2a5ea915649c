import { DEVICE_FAULTS, type DeviceFault } from "../../shared/device-contract";
/**
 * Vehicle status, display state, counters, pin colours and device faults (spec section 4).
 * Pure: no imports from the server, so the web UI may import it too.
 */

export type VehicleStatus = "Off" | "Idle" | "Moving" | "Unknown";
export type DisplayState = "moving" | "stopped" | "stand by" | "idle" | "off";
export type CounterKey = "moving" | "stopped" | "standBy" | "off" | "unknown";

/** The fields of a vehicle's last known state that the rules look at. */
export interface StateLike {
  /** null/undefined when the vehicle never sent a position */
  lastFixTime?: Date | string | null;
  /** when the server last heard from the device */
  lastServerTime?: Date | string | null;
  /** null when the device does not report ignition */
  ignition?: boolean | null;
  /** km/h */
  speed?: number | null;
  /** since when the vehicle has been in its current motion state */
  stateSince?: Date | string | null;
  hasDevice?: boolean;
  /** stored flags: antenna problems, ignition not detected */
  storedFaults?: readonly string[] | null;
}

/** Spec section 9: a device silent for more than 12 hours is faulty (and shown as off). */
export const NO_DATA_FAULT_MS = 12 * 3_600_000;
/** Engine on and standing still for longer than this is "idle" rather than "stand by". */
export const IDLE_AFTER_MS = 5 * 60_000;

const time = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : null);
const hasPosition = (s: StateLike) => time(s.lastFixTime) !== null;

/**
 * Ignition as the rules see it. Devices without an ignition input (phones) count as engine on while
 * moving and engine off when standing.
 */
export function effectiveIgnition(s: Pick<StateLike, "ignition" | "speed">): boolean {
  if (s.ignition === true || s.ignition === false) return s.ignition;
  return (s.speed ?? 0) > 0;
}

/** Off (engine off), Idle (engine on and speed 0), Moving, Unknown (no position). */
export function vehicleStatus(s: StateLike): VehicleStatus {
  if (!hasPosition(s)) return "Unknown";
  if (!effectiveIgnition(s)) return "Off";
  return (s.speed ?? 0) > 0 ? "Moving" : "Idle";
}

/** Spec counters: ignition 0 is stopped; ignition 1 with speed above 0 is moving; otherwise stand-by. */
export function motionCounter(s: Pick<StateLike, "ignition" | "speed">): "moving" | "stopped" | "standBy" {
  if (!effectiveIgnition(s)) return "stopped";
  return (s.speed ?? 0) > 0 ? "moving" : "standBy";
}

export function isOffline(s: StateLike, now: Date = new Date()): boolean {
  const heard = time(s.lastServerTime) ?? time(s.lastFixTime);
  return heard === null || now.getTime() - heard > NO_DATA_FAULT_MS;
}

/**
 * moving (ignition on, speed > 0), stopped (ignition off), stand by (ignition on, standing for up to
 * 5 minutes), idle (ignition on, standing longer), off (no position, or silent for over 12 hours).
 */
export function displayState(s: StateLike, now: Date = new Date()): DisplayState {
  if (!hasPosition(s) || isOffline(s, now)) return "off";
  const counter = motionCounter(s);
  if (counter !== "standBy") return counter;
  const since = time(s.stateSince);
  return since !== null && now.getTime() - since > IDLE_AFTER_MS ? "idle" : "stand by";
}

/** Counter bucket: unknown (no position), off (silent over 12 h), else the spec's motion counter. */
export function counterOf(s: StateLike, now: Date = new Date()): CounterKey {
  if (!hasPosition(s)) return "unknown";
  if (isOffline(s, now)) return "off";
  return motionCounter(s);
}

/** Pin colours: moving green, off blue, stopped orange (spec); stand by and idle are not specified: yellow. */
export const PIN_COLORS: Record<DisplayState, string> = {
  moving: "#2e9e44",
  off: "#2f6fdb",
  stopped: "#f28c28",
  "stand by": "#e6c229",
  idle: "#e6c229",
};
export const PIN_COLOR_NAMES: Record<DisplayState, string> = {
  moving: "green",
  off: "blue",
  stopped: "orange",
  "stand by": "yellow",
  idle: "yellow",
};

export function pinColor(s: StateLike | DisplayState, now: Date = new Date()): string {
  return PIN_COLORS[typeof s === "string" ? s : displayState(s, now)];
}

export { DEVICE_FAULTS, type DeviceFault };

/** Time-dependent faults are computed here; the two that need history are stored flags (see faultFlags). */
export function deviceFaults(s: StateLike, now: Date = new Date()): DeviceFault[] {
  if (s.hasDevice === false) return [];
  if (!hasPosition(s)) return ["noPositions"];
  const out: DeviceFault[] = [];
  if (isOffline(s, now)) out.push("noData12h");
  for (const f of ["ignitionNotDetected", "antennaProblems"] as const) if (s.storedFaults?.includes(f)) out.push(f);
  return out;
}

/** How many of the last records must lack a fix before the antenna is suspect. */
export const ANTENNA_WINDOW = 20;
export const ANTENNA_MIN_RECORDS = 10;
export const ANTENNA_BAD_SHARE = 0.5;
/** Moving this long while the device reports no ignition (missing or off) means the ignition input is not wired. */
export const IGNITION_MISSING_MOVING_S = 30 * 60;

export interface FaultHistory {
  /** one bit per recent record, newest lowest, 1 = no fix or no satellites */
  recentFixBits: number;
  recentCount: number;
  /** seconds of movement reported with ignition missing or off; reset by ignition on */
  movingWithoutIgnitionS: number;
}

/** Stored fault flags derived from the record history kept in vehicle_state. */
/** The four possible answers of faultFlags, shared: it runs for every stored fix, and they are never changed. */
const FAULT_SETS: ReadonlyArray<readonly DeviceFault[]> = [
  [],
  ["ignitionNotDetected"],
  ["antennaProblems"],
  ["ignitionNotDetected", "antennaProblems"],
];

export function faultFlags(h: FaultHistory): readonly DeviceFault[] {
  let set = h.movingWithoutIgnitionS >= IGNITION_MISSING_MOVING_S ? 1 : 0;
  const n = Math.min(h.recentCount, ANTENNA_WINDOW);
  if (n >= ANTENNA_MIN_RECORDS) {
    let bad = 0;
    for (let i = 0; i < n; i++) if (h.recentFixBits & (1 << i)) bad++;
    if (bad / n >= ANTENNA_BAD_SHARE) set += 2;
  }
  return FAULT_SETS[set];
}

export interface FleetCounters {
  moving: number;
  stopped: number;
  standBy: number;
  off: number;
  unknown: number;
  total: number;
}

export function fleetCounters(
  list: ReadonlyArray<StateLike | { counter: CounterKey }>,
  now: Date = new Date(),
): FleetCounters {
  const c: FleetCounters = { moving: 0, stopped: 0, standBy: 0, off: 0, unknown: 0, total: 0 };
  for (const item of list) {
    c[("counter" in item ? item.counter : counterOf(item, now)) as CounterKey]++;
    c.total++;
  }
  return c;
}
