import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DevicePosition,
  type DeviceStatus,
} from "../../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { crc16X25 } from "./checksum";

export const GT06_DEFAULT_PORT = 5023;
export const GT06_DEFAULT_MAX_FRAME = 4 * 1024;

export const GT06_LOGIN = 0x01;
export const GT06_GPS = 0x10;
export const GT06_GPS_LBS = 0x12;
export const GT06_STATUS = 0x13;
export const GT06_STRING_RESPONSE = 0x15;
export const GT06_ALARM = 0x16;
export const GT06_STRING_RESPONSE_EXT = 0x21;
export const GT06_GPS_LBS_2 = 0x22;
export const GT06_ALARM_2 = 0x26;
export const GT06_ALARM_3 = 0x27;
export const GT06_COMMAND = 0x80;

/** Relay texts differ between firmware families; both are public Concox command sets. */
export const GT06_ENGINE_COMMANDS = {
  dyd: { stop: "DYD,000000#", resume: "HFYD,000000#" },
  relay: { stop: "Relay,1#", resume: "Relay,0#" },
} as const;

export interface Gt06Frame {
  protocolNumber: number;
  serial: number;
  /** 0x7979 frames carry a 2-byte length. */
  extended: boolean;
  /** Information content between the protocol number and the serial. */
  content: Buffer;
}

export type Gt06Status = DeviceStatus;

export type Gt06Message =
  | { kind: "login"; frame: Gt06Frame; imei: string }
  | { kind: "position"; frame: Gt06Frame; position: DevicePosition }
  | { kind: "status"; frame: Gt06Frame; status: Gt06Status }
  | { kind: "commandResponse"; frame: Gt06Frame; serverFlag: number; text: string }
  | { kind: "ignored"; frame: Gt06Frame; reason: string };

/** Length of the next complete frame at the start of buf, or 0 when more bytes are needed. */
export function gt06FrameLength(buf: Buffer, maxFrame = GT06_DEFAULT_MAX_FRAME): number {
  if (buf.length < 2) {
    if (buf.length === 1 && buf[0] !== 0x78 && buf[0] !== 0x79) throw new ProtocolError("bad start bits");
    return 0;
  }
  const start = buf.readUInt16BE(0);
  if (start !== 0x7878 && start !== 0x7979) throw new ProtocolError(`bad start bits 0x${start.toString(16)}`);
  const headerLength = start === 0x7878 ? 3 : 4;
  if (buf.length < headerLength) return 0;
  const length = start === 0x7878 ? buf[2] : buf.readUInt16BE(2);
  const total = headerLength + length + 2;
  if (length < 5 || total > maxFrame) throw new ProtocolError(`absurd packet length ${length}`);
  return buf.length >= total ? total : 0;
}

export function parseGt06Frame(frame: Buffer): Gt06Frame {
  const extended = frame.readUInt16BE(0) === 0x7979;
  const headerLength = extended ? 4 : 3;
  if (frame[frame.length - 2] !== 0x0d || frame[frame.length - 1] !== 0x0a) {
    throw new ProtocolError("missing 0D0A stop bits");
  }
  const crcAt = frame.length - 4;
  const expected = frame.readUInt16BE(crcAt);
  const actual = crc16X25(frame.subarray(2, crcAt));
  if (expected !== actual) {
    throw new ProtocolError(`bad CRC-ITU: frame says ${expected.toString(16)}, computed ${actual.toString(16)}`);
  }
  return {
    protocolNumber: frame[headerLength],
    serial: frame.readUInt16BE(crcAt - 2),
    extended,
    content: frame.subarray(headerLength + 1, crcAt - 2),
  };
}

/** Builds a complete frame: start bits, length, protocol number, content, serial, CRC-ITU, 0D0A. */
export function encodeGt06Frame(
  protocolNumber: number,
  serial: number,
  content: Buffer = Buffer.alloc(0),
  extended = false,
): Buffer {
  const headerLength = extended ? 4 : 3;
  const length = 1 + content.length + 2 + 2;
  const frame = Buffer.alloc(headerLength + length + 2);
  frame.writeUInt16BE(extended ? 0x7979 : 0x7878, 0);
  if (extended) frame.writeUInt16BE(length, 2);
  else frame[2] = length;
  frame[headerLength] = protocolNumber;
  content.copy(frame, headerLength + 1);
  const serialAt = headerLength + 1 + content.length;
  frame.writeUInt16BE(serial & 0xffff, serialAt);
  frame.writeUInt16BE(crc16X25(frame.subarray(2, serialAt + 2)), serialAt + 2);
  frame[serialAt + 4] = 0x0d;
  frame[serialAt + 5] = 0x0a;
  return frame;
}

/** The standard server response: same protocol number and serial, empty content. */
export function gt06Ack(frame: Pick<Gt06Frame, "protocolNumber" | "serial">): Buffer {
  return encodeGt06Frame(frame.protocolNumber, frame.serial);
}

/** Online command 0x80: command length, 4-byte server flag (echoed in the reply), ASCII command. */
export function encodeGt06Command(text: string, serverFlag = 0, serial = 0): Buffer {
  const command = Buffer.from(text, "ascii");
  const content = Buffer.alloc(5 + command.length);
  content[0] = 4 + command.length;
  content.writeUInt32BE(serverFlag >>> 0, 1);
  command.copy(content, 5);
  return encodeGt06Frame(GT06_COMMAND, serial, content);
}

const ALARMS: Record<number, AlarmType> = {
  0x01: "sos",
  0x02: "powerCut",
  0x03: "vibration",
  0x04: "geofenceEnter",
  0x05: "geofenceExit",
  0x06: "overspeed",
  0x09: "vibration",
  0x0e: "lowBattery",
  0x0f: "lowBattery",
  0x11: "powerOff",
  0x13: "tamper",
  0x14: "door",
};

// Terminal information byte, bits 3-5.
const TERMINAL_ALARMS: Record<number, AlarmType> = { 1: "vibration", 2: "powerCut", 3: "lowBattery", 4: "sos" };

function applyTerminalInfo(info: number, status: Gt06Status): void {
  status.attributes.status = info;
  status.attributes.armed = (info & 0x01) !== 0;
  status.ignition = (info & 0x02) !== 0;
  status.attributes.charge = (info & 0x04) !== 0;
  status.attributes.blocked = (info & 0x80) !== 0;
  const alarm = TERMINAL_ALARMS[(info >> 3) & 0x07];
  if (alarm) status.alarm = alarm;
}

/**
 * Status block: terminal info, voltage level (0-6), GSM signal, alarm, language.
 * Some models send a 2-byte battery field instead of the 1-byte level (6-byte block).
 */
function decodeStatusBlock(r: ByteReader, status: Gt06Status): void {
  if (r.remaining < 1) return;
  const wideBattery = r.remaining === 6;
  applyTerminalInfo(r.u8(), status);
  if (wideBattery) {
    const value = r.u16();
    if (value <= 100) status.attributes.batteryLevel = value;
    else status.attributes.batteryRaw = value;
  } else if (r.remaining >= 1) {
    const level = r.u8();
    status.attributes.voltageLevel = level;
    if (level <= 6) status.attributes.batteryLevel = Math.round((level * 100) / 6);
  }
  if (r.remaining >= 1) status.attributes.rssi = r.u8();
  if (r.remaining >= 1) {
    const alarmByte = r.u8();
    if (alarmByte !== 0) status.attributes.alarmCode = alarmByte;
    if (ALARMS[alarmByte]) status.alarm = ALARMS[alarmByte];
  }
}

function decodeGps(r: ByteReader, deviceId: string): DevicePosition {
  const fixTime = new Date(Date.UTC(2000 + r.u8(), r.u8() - 1, r.u8(), r.u8(), r.u8(), r.u8()));
  const satellites = r.u8() & 0x0f;
  let latitude = r.u32() / 1_800_000;
  let longitude = r.u32() / 1_800_000;
  const speed = r.u8();
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

function decodeLbs(r: ByteReader, attrs: Record<string, AttributeValue>, hasLength: boolean): void {
  const end = hasLength ? r.offset + 1 + r.u8() - 1 : -1;
  if (hasLength && end <= r.offset) return;
  const mcc = r.u16();
  attrs.mcc = mcc & 0x7fff;
  attrs.mnc = mcc & 0x8000 ? r.u16() : r.u8();
  attrs.lac = r.u16();
  attrs.cellId = r.u24();
  if (hasLength && r.offset < end) r.skip(end - r.offset);
}

const GPS_TYPES = new Set([GT06_GPS, GT06_GPS_LBS, GT06_GPS_LBS_2, GT06_ALARM, GT06_ALARM_2, GT06_ALARM_3]);
const STATUS_TYPES = new Set([GT06_ALARM, GT06_ALARM_2, GT06_ALARM_3]);

export function decodeGt06Message(frame: Gt06Frame, deviceId: string): Gt06Message {
  const { protocolNumber: type, content } = frame;
  const r = new ByteReader(content);

  if (type === GT06_LOGIN) {
    const imei = r.bytes(8).toString("hex").replace(/^0/, "");
    if (!/^[0-9]+$/.test(imei)) throw new ProtocolError("login IMEI is not BCD digits");
    return { kind: "login", frame, imei };
  }
  if (type === GT06_STATUS) {
    const status: Gt06Status = { attributes: {} };
    decodeStatusBlock(r, status);
    return { kind: "status", frame, status };
  }
  if (type === GT06_STRING_RESPONSE || type === GT06_STRING_RESPONSE_EXT) {
    const commandLength = type === GT06_STRING_RESPONSE ? r.u8() : r.remaining;
    const serverFlag = r.u32();
    if (type === GT06_STRING_RESPONSE_EXT) r.u8(); // content encoding
    const textLength = type === GT06_STRING_RESPONSE ? commandLength - 4 : r.remaining;
    const text = r.bytes(Math.min(Math.max(textLength, 0), r.remaining)).toString("latin1");
    return { kind: "commandResponse", frame, serverFlag, text };
  }
  if (!GPS_TYPES.has(type)) {
    return { kind: "ignored", frame, reason: `unsupported protocol number 0x${type.toString(16)}` };
  }
  if (content.length < 18) return { kind: "ignored", frame, reason: "location packet without GPS data" };

  const position = decodeGps(r, deviceId);
  const attrs = position.attributes;
  if (type !== GT06_GPS && r.remaining >= 8) decodeLbs(r, attrs, STATUS_TYPES.has(type));
  const status: Gt06Status = { attributes: attrs };
  if (STATUS_TYPES.has(type)) {
    decodeStatusBlock(r, status);
  } else if (r.remaining === 5) {
    // Terminal info, external power in 0.01 V, GSM signal, reserved.
    applyTerminalInfo(r.u8(), status);
    position.power = r.u16() / 100;
    attrs.rssi = r.u8();
  } else if (r.remaining === 3 || r.remaining === 7) {
    // ACC, data upload mode, GPS real-time / re-upload flag [, mileage].
    const hasMileage = r.remaining === 7;
    position.ignition = r.u8() > 0;
    attrs.uploadMode = r.u8();
    attrs.archive = r.u8() === 1;
    if (hasMileage) position.odometer = r.u32();
  }
  if (status.ignition !== undefined) position.ignition = status.ignition;
  if (status.alarm) position.alarm = status.alarm;
  return { kind: "position", frame, position };
}
