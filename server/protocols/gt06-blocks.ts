/** Building blocks shared by the GT06 message decoders: GPS, cell and status blocks, alarm codes. */
import { type AlarmType, type AttributeValue, type DevicePosition, type DeviceStatus } from "../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { type Gt06Frame } from "./gt06-frame";

export type Gt06Message =
  | { kind: "login"; frame: Gt06Frame; imei: string }
  /** `ack` overrides the standard reply; null = the device expects none. */
  | { kind: "position"; frame: Gt06Frame; position: DevicePosition; ack?: Buffer | null }
  | { kind: "status"; frame: Gt06Frame; status: DeviceStatus; ack?: Buffer | null }
  | { kind: "commandResponse"; frame: Gt06Frame; serverFlag: number; text: string }
  | { kind: "ignored"; frame: Gt06Frame; reason: string };

export type Attrs = Record<string, AttributeValue>;

export const ALARMS: Record<number, AlarmType> = {
  0x01: "sos",
  0x02: "powerCut",
  0x03: "vibration",
  0x04: "geofenceEnter",
  0x05: "geofenceExit",
  0x06: "overspeed",
  0x09: "vibration",
  0x0c: "tamper",
  0x0e: "lowBattery",
  0x0f: "lowBattery",
  0x11: "powerOff",
  0x13: "tamper",
  0x14: "door",
  0x1a: "harshBraking",
  0x1b: "harshCornering",
  0x23: "fallDown",
  0x25: "tamper",
  0x28: "harshBraking",
  0x29: "harshAcceleration",
  0x2a: "harshCornering",
  0x2b: "harshCornering",
  0x2c: "crash",
  0x30: "jamming",
};

// Terminal information byte, bits 3-5.
// 7 = removal from the vehicle (tamper).
export const TERMINAL_ALARMS: Record<number, AlarmType> = {
  1: "vibration",
  2: "powerCut",
  3: "lowBattery",
  4: "sos",
  7: "tamper",
};

export function applyTerminalInfo(info: number, status: DeviceStatus): void {
  status.attributes.status = info;
  status.attributes.armed = (info & 0x01) !== 0;
  status.ignition = (info & 0x02) !== 0;
  status.attributes.charge = (info & 0x04) !== 0;
  status.attributes.blocked = (info & 0x80) !== 0;
  const alarm = TERMINAL_ALARMS[(info >> 3) & 0x07];
  if (alarm) status.alarm = alarm;
}

/**
 * Status block: terminal info, voltage level (0-6, or a percentage), GSM signal, alarm, language.
 * Some models send a 2-byte battery field instead of the 1-byte level (6-byte block).
 */
export function decodeStatusBlock(r: ByteReader, status: DeviceStatus, reserve = 0): void {
  if (r.remaining - reserve < 1) return;
  const wideBattery = r.remaining - reserve === 6;
  applyTerminalInfo(r.u8(), status);
  if (wideBattery) {
    const value = r.u16();
    if (value <= 100) status.attributes.batteryLevel = value;
    else status.attributes.batteryRaw = value;
  } else if (r.remaining - reserve >= 1) {
    const level = r.u8();
    status.attributes.voltageLevel = level;
    if (level <= 6) status.attributes.batteryLevel = Math.round((level * 100) / 6);
    else if (level <= 100) status.attributes.batteryLevel = level;
  }
  if (r.remaining - reserve >= 1) status.attributes.rssi = r.u8();
  if (r.remaining - reserve >= 1) {
    const alarmByte = r.u8();
    if (alarmByte !== 0) status.attributes.alarmCode = alarmByte;
    if (ALARMS[alarmByte]) status.alarm = ALARMS[alarmByte];
  }
}

export function readDate(r: ByteReader): Date {
  return new Date(Date.UTC(2000 + r.u8(), r.u8() - 1, r.u8(), r.u8(), r.u8(), r.u8()));
}

export interface GpsOptions {
  /** extended AZ735 form: a GPS-info length byte first, 0 = no fix data follows */
  hasLength?: boolean;
  satellites?: boolean;
  speed?: boolean;
}

/** Date, satellites, lat/lon in 1/1,800,000 degree, speed km/h, course/status word. */
export function decodeGps(r: ByteReader, deviceId: string, options: GpsOptions = {}): DevicePosition | null {
  const fixTime = readDate(r);
  if (options.hasLength && r.u8() === 0) return null;
  const satellites = options.satellites === false ? 0 : r.u8() & 0x0f;
  let latitude = r.u32() / 1_800_000;
  let longitude = r.u32() / 1_800_000;
  const speed = options.speed === false ? 0 : r.u8();
  const flags = r.u16();
  if ((flags & 0x0400) === 0) latitude = -latitude;
  if ((flags & 0x0800) !== 0) longitude = -longitude;
  const position: DevicePosition = {
    deviceId,
    protocol: "gt06",
    fixTime,
    latitude,
    longitude,
    altitude: 0,
    speed,
    course: flags & 0x03ff,
    satellites,
    valid: (flags & 0x1000) !== 0,
    attributes: {},
  };
  if (flags & 0x4000) position.ignition = (flags & 0x8000) !== 0;
  return position;
}

/**
 * Serving cell: MCC (bit 15 = 2-byte MNC), MNC, LAC, cell id. `long` is the 4G form (4-byte LAC, 8-byte
 * cell id); with a length byte (it counts itself) the form is told by the length and the rest skipped.
 */
export function decodeLbs(
  r: ByteReader,
  attrs: Attrs,
  opts: { hasLength?: boolean; long?: boolean; wide?: boolean },
): void {
  const start = r.offset;
  const length = opts.hasLength ? r.u8() : 0;
  if (opts.hasLength && length === 0) return;
  const mcc = r.u16();
  const mncBytes = mcc & 0x8000 || opts.wide ? 2 : 1;
  const long = opts.long || (opts.hasLength && length >= 1 + 2 + mncBytes + 12);
  attrs.mcc = mcc & 0x7fff;
  attrs.mnc = mncBytes === 2 ? r.u16() : r.u8();
  attrs.lac = long ? r.u32() : r.u16();
  attrs.cellId = long ? Number(r.u64()) : opts.wide ? r.u32() : r.u24();
  if (opts.hasLength && r.offset < start + length) r.skip(start + length - r.offset);
}
