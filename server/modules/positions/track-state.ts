import { segmentDistanceM } from "./geo";
import { faultFlags, motionCounter } from "./vehicle-status";

/** A vehicle's running state, as kept in vehicle_state (times in ms). */
export interface TrackState {
  deviceId: string | null;
  lat: number | null;
  lon: number | null;
  speed: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  ignition: boolean | null;
  odometerM: number;
  deviceOdometerM: number | null;
  engineHoursS: number;
  lastFixTime: number | null;
  stateSince: number | null;
  recentFixBits: number;
  recentCount: number;
  movingWithoutIgnitionS: number;
  ignitionSeen: boolean;
  faults: readonly string[];
  /** the alert engine's memory for this vehicle (opaque here; see alerts/alert-engine.ts) */
  alerts: Record<string, unknown>;
}

export interface Fix {
  fixTime: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  ignition: boolean | null;
  /** device's own total odometer in metres, when it reports one */
  odometer: number | null;
}

export const emptyTrackState = (): TrackState => ({
  deviceId: null,
  lat: null,
  lon: null,
  speed: 0,
  course: 0,
  altitude: 0,
  satellites: 0,
  valid: false,
  ignition: null,
  odometerM: 0,
  deviceOdometerM: null,
  engineHoursS: 0,
  lastFixTime: null,
  stateSince: null,
  recentFixBits: 0,
  recentCount: 0,
  movingWithoutIgnitionS: 0,
  ignitionSeen: false,
  faults: [],
  alerts: {},
});

/** Gaps longer than this are missing data: no engine time and no ignition-fault time is counted across them. */
export const MAX_COUNTED_GAP_S = 30 * 60;
/** Above this speed a record counts as "moving" for the ignition fault. */
const MOVING_KMH = 5;
const FIX_BITS_MASK = (1 << 20) - 1;

/**
 * Advances the state by one fix and returns the odometer (m) to store with it. A fix not newer than
 * the last one (resent or buffered out of order) changes nothing and gets the current odometer.
 */
export function applyFix(s: TrackState, f: Fix): number {
  if (s.lastFixTime !== null && f.fixTime <= s.lastFixTime) return s.odometerM;
  const dtS = s.lastFixTime === null ? 0 : (f.fixTime - s.lastFixTime) / 1000;
  const counted = dtS > 0 && dtS <= MAX_COUNTED_GAP_S;

  // Distance: the device's odometer delta when plausible, else great-circle between valid fixes.
  let distance = 0;
  const deviceDelta = f.odometer !== null && s.deviceOdometerM !== null ? f.odometer - s.deviceOdometerM : null;
  if (deviceDelta !== null && deviceDelta >= 0 && deviceDelta <= (dtS * 250) / 3.6 + 1000) {
    distance = deviceDelta;
  } else if (f.valid && s.valid && s.lat !== null && s.lon !== null && s.lastFixTime !== null) {
    distance = segmentDistanceM({ lat: s.lat, lon: s.lon, t: s.lastFixTime }, { lat: f.lat, lon: f.lon, t: f.fixTime });
  }
  s.odometerM += distance;
  if (f.odometer !== null) s.deviceOdometerM = f.odometer;

  // Engine hours: time elapsed while the ignition was on at the previous fix.
  if (s.ignition === true && counted) s.engineHoursS += dtS;

  // Ignition fault: movement reported while the ignition is missing or off; ignition on clears it.
  if (f.ignition !== null) s.ignitionSeen = true;
  if (f.ignition === true) s.movingWithoutIgnitionS = 0;
  else if (f.speed > MOVING_KMH && counted) s.movingWithoutIgnitionS += dtS;

  // Antenna fault: share of recent records without a fix.
  const noFix = !f.valid || f.satellites === 0;
  s.recentFixBits = ((s.recentFixBits << 1) | (noFix ? 1 : 0)) & FIX_BITS_MASK;
  s.recentCount = Math.min(s.recentCount + 1, 20);

  const before = s.lastFixTime === null ? null : motionCounter(s);
  const after = motionCounter(f);
  if (before !== after) s.stateSince = f.fixTime;

  if (f.valid || s.lat === null) {
    s.lat = f.lat;
    s.lon = f.lon;
    s.course = f.course;
    s.altitude = f.altitude;
  }
  s.valid = f.valid;
  s.speed = f.speed;
  s.satellites = f.satellites;
  s.ignition = f.ignition;
  s.lastFixTime = f.fixTime;
  s.faults = faultFlags(s);
  return s.odometerM;
}
