import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { crc16Kermit } from "./checksum";

/**
 * Ruptela FM-Eco4/FM-Pro4/FM-Tco4/Trace5 and HCV5/LCV5 ("Ruptela protocol" for FM devices).
 * Device packet: u16 length of what follows up to the CRC, u64 IMEI, u8 command, payload, CRC-16/KERMIT
 * (big-endian) over IMEI..payload. Server packet: u16 length, u8 command (device command + 100), payload,
 * CRC-16/KERMIT over command..payload.
 */
export const RUPTELA_DEFAULT_MAX_FRAME = 4096;

export const RUPTELA_RECORDS = 1;
export const RUPTELA_CONFIGURATION = 2;
export const RUPTELA_VERSION = 3;
export const RUPTELA_FIRMWARE = 4;
export const RUPTELA_SMS_RESPONSE = 7;
export const RUPTELA_SMS_VIA_GPRS = 8;
export const RUPTELA_DTCS = 9;
export const RUPTELA_IDENTIFICATION = 15;
export const RUPTELA_HEARTBEAT = 16;
export const RUPTELA_SET_IO = 17;
export const RUPTELA_EXTENDED_RECORDS = 68;

/** "setio <DOUT1>,<DOUT2>" (0 low, 1 high, 2 unchanged) sent as an SMS-over-GPRS command; leading space = no SMS password. */
export const RUPTELA_ENGINE_STOP = " setio 1,2";
export const RUPTELA_ENGINE_RESUME = " setio 0,2";

const NO_FIX = -0x80000000;

export type RuptelaMessage =
  | { kind: "records"; imei: string; extended: boolean; recordsLeft: number; positions: DevicePosition[] }
  | { kind: "identification"; imei: string; attributes: Record<string, AttributeValue> }
  | { kind: "heartbeat"; imei: string }
  | { kind: "dtcs"; imei: string; attributes: Record<string, AttributeValue> }
  | { kind: "commandResponse"; imei: string; command: number; text: string }
  | { kind: "ignored"; imei: string; command: number };

/** Length of the next packet (0 = need more bytes); absurd lengths are a ProtocolError. */
export function ruptelaFrameLength(buf: Buffer, maxFrame = RUPTELA_DEFAULT_MAX_FRAME): number {
  if (buf.length < 2) return 0;
  const length = buf.readUInt16BE(0);
  if (length < 9 || length + 4 > maxFrame) {
    throw new ProtocolError(`bad Ruptela packet length ${length} (max frame ${maxFrame})`);
  }
  return buf.length >= length + 4 ? length + 4 : 0;
}

/** A server-to-device packet: command (already +100) and payload, with length and CRC. */
export function ruptelaServerPacket(command: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(payload.length + 5);
  out.writeUInt16BE(payload.length + 1, 0);
  out[2] = command;
  payload.copy(out, 3);
  out.writeUInt16BE(crc16Kermit(out.subarray(2, out.length - 2)), out.length - 2);
  return out;
}

/** What the server answers a device packet with once it is committed, or null when it expects nothing. */
export function ruptelaAck(command: number): Buffer | null {
  switch (command) {
    case RUPTELA_RECORDS:
    case RUPTELA_EXTENDED_RECORDS:
      return ruptelaServerPacket(100, Buffer.from([1]));
    case RUPTELA_DTCS:
    case RUPTELA_IDENTIFICATION:
    case RUPTELA_HEARTBEAT:
      return ruptelaServerPacket(100 + command, Buffer.from([1]));
    default:
      return null;
  }
}

export function encodeRuptelaCommand(command: DeviceCommand): Buffer {
  const text =
    command.type === "engineStop"
      ? RUPTELA_ENGINE_STOP
      : command.type === "engineResume"
        ? RUPTELA_ENGINE_RESUME
        : command.text;
  return ruptelaServerPacket(100 + RUPTELA_SMS_VIA_GPRS, Buffer.from(text, "latin1"));
}

function ioValue(reader: ByteReader, size: number): number | string {
  if (size === 1) return reader.u8();
  if (size === 2) return reader.u16();
  if (size === 4) return reader.u32();
  const big = reader.u64();
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big.toString();
}

const ALARM_IO: Record<number, AlarmType> = {
  88: "jamming",
  134: "harshBraking",
  136: "harshAcceleration",
  410: "towing",
  411: "crash",
};

/** Ruptela IO ids (FM "IO events" list); every value is kept as io<ID>, the common ones are mapped too. */
function applyIo(position: DevicePosition, id: number, value: number | string): void {
  position.attributes[`io${id}`] = value;
  if (typeof value !== "number") return;
  if (id >= 2 && id <= 5) position.attributes[`in${id - 1}`] = value > 0;
  else if (id === 29) position.power = value / 1000;
  else if (id === 30) position.attributes.battery = value / 1000;
  else if (id === 65) position.odometer = value;
  else if (id === 251 || id === 409) position.ignition = value > 0;
  else if (ALARM_IO[id] && value > 0) position.alarm = ALARM_IO[id];
}

function decodeRecords(reader: ByteReader, imei: string, extended: boolean): RuptelaMessage {
  const recordsLeft = reader.u8();
  const count = reader.u8();
  const positions: DevicePosition[] = [];
  for (let i = 0; i < count; i++) {
    const time = reader.u32();
    reader.u8(); // timestamp extension (sub-second ordering)
    let merge = false;
    if (extended) {
      const ext = reader.u8(); // high nibble: records merged into one, low nibble: this one's index
      merge = (ext & 0x0f) > 0 && (ext & 0x0f) <= ext >> 4 && positions.length > 0;
    }
    reader.u8(); // priority
    const lon = reader.i32();
    const lat = reader.i32();
    const fix = lon !== NO_FIX && lat !== NO_FIX;
    const position: DevicePosition = {
      deviceId: imei,
      protocol: "ruptela",
      fixTime: new Date(time * 1000),
      longitude: fix ? lon / 1e7 : 0,
      latitude: fix ? lat / 1e7 : 0,
      altitude: reader.u16() / 10,
      course: reader.u16() / 100,
      satellites: reader.u8(),
      speed: reader.u16(),
      valid: fix,
      attributes: {},
    };
    position.attributes.hdop = reader.u8() / 10;
    position.attributes.event = extended ? reader.u16() : reader.u8();
    const target = merge ? positions[positions.length - 1] : position;
    for (const size of [1, 2, 4, 8]) {
      const n = reader.u8();
      for (let j = 0; j < n; j++) {
        const id = extended ? reader.u16() : reader.u8();
        applyIo(target, id, ioValue(reader, size));
      }
    }
    if (!merge) positions.push(position);
  }
  if (reader.remaining !== 0) throw new ProtocolError(`${reader.remaining} bytes after the Ruptela records`);
  return { kind: "records", imei, extended, recordsLeft, positions };
}

/** The leading printable ASCII of a payload (command replies are plain text; identification starts with it). */
const printable = (b: Buffer) => (/^[\x20-\x7e]*/.exec(b.toString("latin1"))?.[0] ?? "").trim();

/** Checks length and CRC and decodes one device packet. */
export function decodeRuptelaFrame(frame: Buffer): RuptelaMessage {
  if (frame.length < 13 || frame.readUInt16BE(0) + 4 !== frame.length) {
    throw new ProtocolError("Ruptela packet length does not match its header");
  }
  const body = frame.subarray(2, frame.length - 2);
  const expected = frame.readUInt16BE(frame.length - 2);
  const actual = crc16Kermit(body);
  if (expected !== actual) {
    throw new ProtocolError(`bad Ruptela CRC: packet says ${expected.toString(16)}, computed ${actual.toString(16)}`);
  }
  const reader = new ByteReader(body);
  const imei = reader.u64().toString().padStart(15, "0");
  const command = reader.u8();
  const payload = body.subarray(reader.offset);
  switch (command) {
    case RUPTELA_RECORDS:
    case RUPTELA_EXTENDED_RECORDS:
      return decodeRecords(reader, imei, command === RUPTELA_EXTENDED_RECORDS);
    case RUPTELA_IDENTIFICATION:
      return { kind: "identification", imei, attributes: { identification: printable(payload) } };
    case RUPTELA_HEARTBEAT:
      return { kind: "heartbeat", imei };
    case RUPTELA_DTCS: {
      const count = reader.u8();
      const codes: string[] = [];
      for (let i = 0; i < count; i++) {
        reader.skip(1 + 4 + 4 + 4 + 1); // reserved, time, lon, lat, archive flag
        codes.push(reader.bytes(5).toString("latin1").replace(/\0+$/, ""));
      }
      return { kind: "dtcs", imei, attributes: { dtcs: codes.join(" ") } };
    }
    case RUPTELA_CONFIGURATION:
    case RUPTELA_VERSION:
    case RUPTELA_FIRMWARE:
    case RUPTELA_SMS_RESPONSE:
      return { kind: "commandResponse", imei, command, text: printable(payload) };
    case RUPTELA_SET_IO:
      return { kind: "commandResponse", imei, command, text: `SETIO result ${reader.u8()}` };
    default:
      return { kind: "ignored", imei, command };
  }
}

export interface RuptelaRecordInput {
  time: Date;
  latitude: number;
  longitude: number;
  altitude?: number;
  course?: number;
  satellites?: number;
  speed?: number;
  event?: number;
  /** IO elements by id; the value's byte size picks its group (default 1, 2 or 4 bytes by magnitude). */
  io?: Array<{ id: number; value: number; size?: 1 | 2 | 4 | 8 }>;
}

/** Device side: a records (command 1) or extended records (command 68) packet, as a tracker sends it. */
export function encodeRuptelaRecords(imei: string, records: RuptelaRecordInput[], extended = false): Buffer {
  const parts: Buffer[] = [Buffer.from([0, records.length])];
  for (const r of records) {
    const head = Buffer.alloc(extended ? 25 : 23);
    let o = head.writeUInt32BE(Math.floor(r.time.getTime() / 1000), 0);
    o = head.writeUInt8(0, o);
    if (extended) o = head.writeUInt8(0, o);
    o = head.writeUInt8(0, o);
    o = head.writeInt32BE(Math.round(r.longitude * 1e7), o);
    o = head.writeInt32BE(Math.round(r.latitude * 1e7), o);
    o = head.writeUInt16BE(Math.round((r.altitude ?? 0) * 10), o);
    o = head.writeUInt16BE(Math.round((r.course ?? 0) * 100), o);
    o = head.writeUInt8(r.satellites ?? 9, o);
    o = head.writeUInt16BE(Math.round(r.speed ?? 0), o);
    o = head.writeUInt8(10, o);
    if (extended) head.writeUInt16BE(r.event ?? 0, o);
    else head.writeUInt8(r.event ?? 0, o);
    parts.push(head);
    for (const size of [1, 2, 4, 8] as const) {
      const group = (r.io ?? []).filter((e) => (e.size ?? (e.value > 0xffff ? 4 : e.value > 0xff ? 2 : 1)) === size);
      const idSize = extended ? 2 : 1;
      const buf = Buffer.alloc(1 + group.length * (idSize + size));
      buf[0] = group.length;
      let at = 1;
      for (const e of group) {
        at = extended ? buf.writeUInt16BE(e.id, at) : buf.writeUInt8(e.id, at);
        at = size === 8 ? buf.writeBigUInt64BE(BigInt(e.value), at) : buf.writeUIntBE(e.value, at, size);
      }
      parts.push(buf);
    }
  }
  return encodeRuptelaPacket(imei, extended ? RUPTELA_EXTENDED_RECORDS : RUPTELA_RECORDS, Buffer.concat(parts));
}

/** Device side: any device packet (IMEI, command, payload) with length and CRC. */
export function encodeRuptelaPacket(imei: string, command: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(payload.length + 13);
  out.writeUInt16BE(payload.length + 9, 0);
  out.writeBigUInt64BE(BigInt(imei), 2);
  out[10] = command;
  payload.copy(out, 11);
  out.writeUInt16BE(crc16Kermit(out.subarray(2, out.length - 2)), out.length - 2);
  return out;
}
