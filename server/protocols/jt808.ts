import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../shared/device-contract";
import { ByteReader } from "./byte-reader";

/**
 * JT/T 808 (2011/2013/2019), the Chinese national terminal protocol: 0x7E-delimited frames, 0x7E/0x7D
 * escaped as 7D 02 / 7D 01, a header with the terminal's phone number in BCD, and an XOR check byte over
 * header and body. Times are GMT+8 as the standard prescribes.
 */
/** Escaped bytes on the wire; a body is at most 1023 bytes, escaping can double it. */
export const JT808_MAX_FRAME = 2 * 1024 + 64;

export const JT808 = {
  TERMINAL_ANSWER: 0x0001,
  HEARTBEAT: 0x0002,
  DEREGISTER: 0x0003,
  REGISTER: 0x0100,
  AUTH: 0x0102,
  PARAMETERS_ANSWER: 0x0104,
  ATTRIBUTES_ANSWER: 0x0107,
  LOCATION: 0x0200,
  LOCATION_ANSWER: 0x0201,
  VEHICLE_CONTROL_ANSWER: 0x0500,
  BATCH: 0x0704,
  TEXT_REPORT: 0x6006,
  PLATFORM_ANSWER: 0x8001,
  REGISTER_ANSWER: 0x8100,
  TERMINAL_CONTROL: 0x8105,
  TEXT: 0x8300,
} as const;

/** 0x8105 command words of the vendor extension most trackers implement (cut / restore the fuel-pump relay). */
export const JT808_OIL_CUT = 0x64;
export const JT808_OIL_RESTORE = 0x65;

/** Result codes of 0x8001/0x0001 and of 0x8100. */
export const JT808_RESULT = { ok: 0, failure: 1, messageError: 2, unsupported: 3 } as const;
export const JT808_REGISTER_NO_TERMINAL = 4;

const GMT8_MS = 8 * 3600 * 1000;

export interface Jt808Header {
  messageId: number;
  /** 2019 frames carry a protocol version and a 10-byte phone number. */
  version2019: boolean;
  protocolVersion: number;
  /** The BCD phone number with its leading zeros removed: the device identifier. */
  terminalId: string;
  /** The phone number exactly as sent (BCD digits), echoed in the server's frames. */
  phone: Buffer;
  serial: number;
  /** Set when the message is one part of a sub-packaged message. */
  packet?: { total: number; index: number };
}

export interface Jt808Frame {
  header: Jt808Header;
  body: Buffer;
}

export type Jt808Message =
  | { kind: "register"; attributes: Record<string, AttributeValue> }
  | { kind: "auth"; code: string; attributes: Record<string, AttributeValue> }
  | { kind: "heartbeat" }
  | { kind: "deregister" }
  | { kind: "positions"; positions: DevicePosition[]; answerTo?: { serial: number } }
  | { kind: "terminalAnswer"; replySerial: number; replyId: number; result: number }
  | { kind: "commandResponse"; text: string; positions: DevicePosition[] }
  | { kind: "unsupported"; reason: string };

/** Length of the next frame (delimiters included), 1 for a stray delimiter, 0 when more bytes are needed. */
export function jt808FrameLength(buf: Buffer, maxFrame = JT808_MAX_FRAME): number {
  if (buf.length === 0) return 0;
  if (buf[0] !== 0x7e) throw new ProtocolError(`unexpected JT/T 808 start byte 0x${buf[0].toString(16)}`);
  if (buf.length > 1 && buf[1] === 0x7e) return 1; // back-to-back delimiters: the first one is stray
  const end = buf.indexOf(0x7e, 1);
  if (end === -1) {
    if (buf.length > maxFrame) throw new ProtocolError(`JT/T 808 frame longer than ${maxFrame} bytes`);
    return 0;
  }
  if (end + 1 > maxFrame) throw new ProtocolError(`JT/T 808 frame longer than ${maxFrame} bytes`);
  return end + 1;
}

export function jt808Unescape(data: Buffer): Buffer {
  const out = Buffer.alloc(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (b !== 0x7d) {
      out[n++] = b;
      continue;
    }
    const next = data[++i];
    if (next === 0x01) out[n++] = 0x7d;
    else if (next === 0x02) out[n++] = 0x7e;
    else throw new ProtocolError("bad JT/T 808 escape sequence");
  }
  return out.subarray(0, n);
}

export function jt808Escape(data: Buffer): Buffer {
  const out: number[] = [];
  for (const b of data) {
    if (b === 0x7e) out.push(0x7d, 0x02);
    else if (b === 0x7d) out.push(0x7d, 0x01);
    else out.push(b);
  }
  return Buffer.from(out);
}

export function xorChecksum(data: Uint8Array): number {
  let x = 0;
  for (let i = 0; i < data.length; i++) x ^= data[i];
  return x;
}

/** Unescapes, checks the XOR byte and the declared body length, and splits header and body. */
export function parseJt808Frame(raw: Buffer): Jt808Frame {
  if (raw.length < 2 || raw[0] !== 0x7e || raw[raw.length - 1] !== 0x7e) {
    throw new ProtocolError("JT/T 808 frame without 0x7E delimiters");
  }
  const data = jt808Unescape(raw.subarray(1, -1));
  if (data.length < 13) throw new ProtocolError(`JT/T 808 frame too short (${data.length} bytes)`);
  const check = data[data.length - 1];
  if (xorChecksum(data.subarray(0, -1)) !== check) throw new ProtocolError("JT/T 808 checksum mismatch");
  const r = new ByteReader(data, 0, data.length - 1);
  const messageId = r.u16();
  const props = r.u16();
  const bodyLength = props & 0x3ff;
  if ((props >> 10) & 0x7) throw new ProtocolError("encrypted JT/T 808 messages are not supported");
  const version2019 = (props & 0x4000) !== 0;
  const protocolVersion = version2019 ? r.u8() : 0;
  const phone = Buffer.from(r.bytes(version2019 ? 10 : 6));
  const digits = phone.toString("hex");
  if (!/^\d+$/.test(digits)) throw new ProtocolError("JT/T 808 phone number is not BCD");
  const serial = r.u16();
  const packet = props & 0x2000 ? { total: r.u16(), index: r.u16() } : undefined;
  if (r.remaining !== bodyLength) {
    throw new ProtocolError(`JT/T 808 body is ${r.remaining} bytes, header says ${bodyLength}`);
  }
  return {
    header: {
      messageId,
      version2019,
      protocolVersion,
      terminalId: digits.replace(/^0+(?=\d)/, ""),
      phone,
      serial,
      packet,
    },
    body: Buffer.from(r.bytes(bodyLength)),
  };
}

/** A server frame to the terminal whose header `to` came in (same phone format), escaped and delimited. */
export function encodeJt808Frame(to: Jt808Header, messageId: number, serial: number, body: Buffer): Buffer {
  const head: number[] = [messageId >> 8, messageId & 0xff];
  const props = body.length | (to.version2019 ? 0x4000 : 0);
  head.push(props >> 8, props & 0xff);
  if (to.version2019) head.push(to.protocolVersion);
  const plain = Buffer.concat([Buffer.from(head), to.phone, Buffer.from([serial >> 8, serial & 0xff]), body]);
  return Buffer.concat([
    Buffer.from([0x7e]),
    jt808Escape(Buffer.concat([plain, Buffer.from([xorChecksum(plain)])])),
    Buffer.from([0x7e]),
  ]);
}

/** 0x8001: the platform's general answer to a terminal message. */
export function jt808PlatformAnswer(to: Jt808Header, serial: number, result: number = JT808_RESULT.ok): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(to.serial, 0);
  body.writeUInt16BE(to.messageId, 2);
  body[4] = result;
  return encodeJt808Frame(to, JT808.PLATFORM_ANSWER, serial, body);
}

/** 0x8100: the answer to a registration, with the authentication code on success. */
export function jt808RegisterAnswer(to: Jt808Header, serial: number, result: number, authCode: string): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(to.serial, 0);
  head[2] = result;
  const body = result === 0 ? Buffer.concat([head, Buffer.from(authCode, "latin1")]) : head;
  return encodeJt808Frame(to, JT808.REGISTER_ANSWER, serial, body);
}

/** Engine stop/resume as 0x8105 (oil cut / restore); any other text as a 0x8300 text message (vendor commands). */
export function encodeJt808Command(to: Jt808Header, serial: number, command: DeviceCommand): Buffer {
  if (command.type === "custom") {
    return encodeJt808Frame(to, JT808.TEXT, serial, Buffer.concat([Buffer.from([0x01]), Buffer.from(command.text)]));
  }
  const word = command.type === "engineStop" ? JT808_OIL_CUT : JT808_OIL_RESTORE;
  return encodeJt808Frame(to, JT808.TERMINAL_CONTROL, serial, Buffer.from([word]));
}

const bcdDigits = (b: Buffer) => b.toString("hex");

/** BCD[6] YYMMDDhhmmss in GMT+8; an unset clock (zeros, non-BCD) gives an invalid date the pipeline rejects. */
function gmt8Time(b: Buffer): Date {
  const d = bcdDigits(b);
  if (!/^\d{12}$/.test(d)) return new Date(Number.NaN);
  const n = (i: number) => Number(d.slice(i, i + 2));
  if (n(2) < 1 || n(2) > 12 || n(4) < 1 || n(4) > 31) return new Date(Number.NaN);
  return new Date(Date.UTC(2000 + n(0), n(2) - 1, n(4), n(6), n(8), n(10)) - GMT8_MS);
}

// Alarm flag bits of the 2013 standard that map onto the platform's alarm types, most urgent first.
const ALARM_BITS: Array<[number, AlarmType]> = [
  [0, "sos"],
  [29, "crash"],
  [8, "powerCut"],
  [28, "towing"],
  [1, "overspeed"],
  [7, "lowBattery"],
  [31, "door"],
];

/** The 0x0200 body (also inside 0x0201, 0x0500 and each 0x0704 item). */
export function decodeJt808Location(body: Buffer, deviceId: string): DevicePosition {
  const r = new ByteReader(body);
  const alarmFlags = r.u32();
  const status = r.u32();
  const lat = r.u32() / 1e6;
  const lon = r.u32() / 1e6;
  const altitude = r.i16();
  const speed = r.u16() / 10;
  const course = r.u16();
  const fixTime = gmt8Time(r.bytes(6));
  const attributes: Record<string, AttributeValue> = { status, alarmFlags };
  const position: DevicePosition = {
    deviceId,
    protocol: "jt808",
    fixTime,
    latitude: status & 0x4 ? -lat : lat,
    longitude: status & 0x8 ? -lon : lon,
    altitude,
    speed,
    course,
    satellites: 0,
    valid: (status & 0x2) !== 0,
    ignition: (status & 0x1) !== 0,
    attributes,
  };
  if (status & 0x400) attributes.fuelCut = true;
  if (status & 0x800) attributes.circuitCut = true;
  if (status & 0x1000) attributes.doorLocked = true;
  for (const [bit, alarm] of ALARM_BITS) {
    if ((alarmFlags >>> bit) & 1) {
      position.alarm = alarm;
      break;
    }
  }
  while (r.remaining >= 2) {
    const id = r.u8();
    const length = r.u8();
    if (length > r.remaining) throw new ProtocolError(`JT/T 808 additional item 0x${id.toString(16)} truncated`);
    const v = r.bytes(length);
    switch (length > 0 ? id : -1) {
      case 0x01:
        if (length === 4) position.odometer = v.readUInt32BE(0) * 100;
        break;
      case 0x02:
        if (length === 2) attributes.fuel = v.readUInt16BE(0) / 10;
        break;
      case 0x03:
        if (length === 2) attributes.obdSpeed = v.readUInt16BE(0) / 10;
        break;
      case 0x25:
        if (length === 4) attributes.extendedStatus = v.readUInt32BE(0);
        break;
      case 0x2a:
        if (length === 2) attributes.io = v.readUInt16BE(0);
        break;
      case 0x2b:
        if (length === 4) {
          attributes.adc1 = v.readUInt16BE(2);
          attributes.adc2 = v.readUInt16BE(0);
        }
        break;
      case 0x30:
        attributes.rssi = v[0];
        break;
      case 0x31:
        position.satellites = v[0];
        break;
      default:
        attributes[`item${id.toString(16).padStart(2, "0")}`] = v.toString("hex");
    }
  }
  if (r.remaining > 0) r.skip(r.remaining);
  return position;
}

/** Fixed-length, zero-padded text fields of the registration body. */
const text = (b: Buffer) => b.toString("latin1").replace(/\0+$/, "").trim();

export function decodeJt808Message(frame: Jt808Frame): Jt808Message {
  const { header, body } = frame;
  const id = header.terminalId;
  switch (header.messageId) {
    case JT808.HEARTBEAT:
      return { kind: "heartbeat" };
    case JT808.DEREGISTER:
      return { kind: "deregister" };
    case JT808.REGISTER: {
      const r = new ByteReader(body);
      const attributes: Record<string, AttributeValue> = { province: r.u16(), city: r.u16() };
      const wide = header.version2019;
      attributes.manufacturer = text(r.bytes(wide ? 11 : 5));
      // 2011 terminals send an 8-byte model, 2013 a 20-byte one, 2019 a 30-byte one
      const modelLength = wide ? 30 : r.remaining >= 20 + 7 + 1 ? 20 : 8;
      attributes.model = text(r.bytes(Math.min(modelLength, r.remaining)));
      attributes.terminalId = text(r.bytes(Math.min(wide ? 30 : 7, r.remaining)));
      if (r.remaining > 0) attributes.plateColor = r.u8();
      if (r.remaining > 0) attributes.plate = text(r.bytes(r.remaining));
      return { kind: "register", attributes };
    }
    case JT808.AUTH: {
      if (header.version2019 && body.length > 0) {
        const r = new ByteReader(body);
        const code = text(r.bytes(Math.min(r.u8(), r.remaining)));
        const attributes: Record<string, AttributeValue> = {};
        if (r.remaining >= 15) attributes.imei = text(r.bytes(15));
        if (r.remaining >= 20) attributes.firmware = text(r.bytes(20));
        return { kind: "auth", code, attributes };
      }
      return { kind: "auth", code: text(body), attributes: {} };
    }
    case JT808.LOCATION:
      return { kind: "positions", positions: [decodeJt808Location(body, id)] };
    case JT808.BATCH: {
      const r = new ByteReader(body);
      const count = r.u16();
      const type = r.u8();
      const positions: DevicePosition[] = [];
      for (let i = 0; i < count; i++) {
        const item = decodeJt808Location(r.bytes(r.u16()), id);
        if (type === 1) item.attributes.archive = true;
        positions.push(item);
      }
      if (r.remaining > 0) throw new ProtocolError("JT/T 808 batch longer than its items");
      return { kind: "positions", positions };
    }
    case JT808.TERMINAL_ANSWER: {
      const r = new ByteReader(body);
      return { kind: "terminalAnswer", replySerial: r.u16(), replyId: r.u16(), result: r.u8() };
    }
    case JT808.LOCATION_ANSWER:
    case JT808.VEHICLE_CONTROL_ANSWER: {
      const replySerial = body.length >= 2 ? body.readUInt16BE(0) : 0;
      const positions = body.length >= 30 ? [decodeJt808Location(body.subarray(2), id)] : [];
      return { kind: "commandResponse", text: `0x${hex4(header.messageId)} answer to ${replySerial}`, positions };
    }
    case JT808.TEXT_REPORT:
      return { kind: "commandResponse", text: text(body.subarray(1)), positions: [] };
    case JT808.PARAMETERS_ANSWER:
    case JT808.ATTRIBUTES_ANSWER:
      return { kind: "commandResponse", text: `0x${hex4(header.messageId)} ${body.toString("hex")}`, positions: [] };
    default:
      return { kind: "unsupported", reason: `JT/T 808 message 0x${hex4(header.messageId)}` };
  }
}

const hex4 = (n: number) => n.toString(16).padStart(4, "0");

/** The text the command path records for a 0x0001 answer. */
export function describeTerminalAnswer(replyId: number, result: number): string {
  const names = ["success", "failure", "message error", "not supported"];
  return `0x${hex4(replyId)} ${names[result] ?? `result ${result}`}`;
}
