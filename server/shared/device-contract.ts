import type { ProtocolName } from "./protocols";

/** a device protocol's name (server/shared/protocols.ts) */
export type TelematicsProtocol = ProtocolName;

export const ALARM_TYPES = [
  "sos",
  "powerCut",
  "powerOff",
  "tamper",
  "vibration",
  "crash",
  "lowBattery",
  "overspeed",
  "geofenceEnter",
  "geofenceExit",
  "door",
  "towing",
  "jamming",
  "harshAcceleration",
  "harshBraking",
  "harshCornering",
  "fallDown",
  "general",
] as const;

export type AlarmType = (typeof ALARM_TYPES)[number];

export function isAlarmType(value: string): value is AlarmType {
  return (ALARM_TYPES as readonly string[]).includes(value);
}

export type AttributeValue = number | string | boolean;

export interface DevicePosition {
  /** IMEI or other device identifier as sent by the device. */
  deviceId: string;
  protocol: TelematicsProtocol;
  fixTime: Date;
  latitude: number;
  longitude: number;
  /** metres above sea level */
  altitude: number;
  /** km/h */
  speed: number;
  /** degrees, 0 = north */
  course: number;
  satellites: number;
  valid: boolean;
  ignition?: boolean;
  motion?: boolean;
  /** metres */
  odometer?: number;
  /** external power in volts */
  power?: number;
  alarm?: AlarmType;
  attributes: Record<string, AttributeValue>;
}

/** Device state reported without a position (GT06 0x13 heartbeat, H02 HTBT). */
export interface DeviceStatus {
  ignition?: boolean;
  alarm?: AlarmType;
  attributes: Record<string, AttributeValue>;
}

/** Command a caller can send to a connected device through a gateway. */
export type DeviceCommand = { type: "engineStop" } | { type: "engineResume" } | { type: "custom"; text: string };

export interface CommandResult {
  ok: boolean;
  response?: string;
  error?: string;
}

export type ValidationResult = { ok: true } | { ok: false; reason: string };

const MAX_FUTURE_MS = 5 * 60 * 1000;
// Older timestamps are almost always GPS week-rollover or an unset RTC.
const EARLIEST_FIX = Date.UTC(2000, 0, 1);
const MAX_SPEED_KMH = 1500;

export function validatePosition(position: DevicePosition, now: Date = new Date()): ValidationResult {
  const { latitude, longitude, fixTime } = position;
  if (!position.deviceId) return { ok: false, reason: "missing device id" };
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    return { ok: false, reason: `latitude out of range: ${latitude}` };
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    return { ok: false, reason: `longitude out of range: ${longitude}` };
  }
  if (latitude === 0 && longitude === 0 && !position.valid) {
    return { ok: false, reason: "0/0 coordinates without a valid fix" };
  }
  const time = fixTime instanceof Date ? fixTime.getTime() : Number.NaN;
  if (!Number.isFinite(time)) return { ok: false, reason: "invalid fix time" };
  if (time > now.getTime() + MAX_FUTURE_MS) {
    return { ok: false, reason: `fix time ${fixTime.toISOString()} is more than 5 minutes in the future` };
  }
  if (time < EARLIEST_FIX) return { ok: false, reason: `fix time ${fixTime.toISOString()} is before 2000` };
  if (!Number.isFinite(position.speed) || position.speed < 0 || position.speed > MAX_SPEED_KMH) {
    return { ok: false, reason: `implausible speed: ${position.speed}` };
  }
  if (!Number.isFinite(position.course) || position.course < 0 || position.course > 360) {
    return { ok: false, reason: `course out of range: ${position.course}` };
  }
  if (!Number.isFinite(position.altitude) || Math.abs(position.altitude) > 100_000) {
    return { ok: false, reason: `implausible altitude: ${position.altitude}` };
  }
  if (!Number.isInteger(position.satellites) || position.satellites < 0) {
    return { ok: false, reason: `invalid satellite count: ${position.satellites}` };
  }
  return { ok: true };
}

/** Thrown by decoders for input that must close the connection (bad CRC, absurd length, garbage). */
export class ProtocolError extends Error {
  override name = "ProtocolError";
}

/** The faults a device can show on the device faults page and in device-fault alert policies. */
export const DEVICE_FAULTS = ["noPositions", "noData12h", "ignitionNotDetected", "antennaProblems"] as const;
export type DeviceFault = (typeof DEVICE_FAULTS)[number];
