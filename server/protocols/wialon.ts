import { ProtocolError, type AttributeValue, type DeviceCommand, type DevicePosition } from "../shared/device-contract";
import { crc16Ibm } from "./checksum";

/**
 * Wialon IPS (Gurtam's open protocol, v1.1 and v2.0): text packets `#TYPE#msg\r\n`. Version 2.0 appends
 * `;CRC16` (CRC-16/ARC, hex) computed over msg up to and including the last `;` before it (`#B#`: up to the
 * last `|`). The server answers every packet with a result code, which the device uses to resend.
 */
/** Black-box packets carry many messages in one line. */
export const WIALON_MAX_FRAME = 64 * 1024;

/** Engine commands: Wialon's standard command names, delivered as a `#M#` message to the device. */
export const WIALON_ENGINE_COMMANDS = { stop: "block_engine", resume: "unblock_engine" } as const;

export type WialonVersion = "1.1" | "2.0";

export type WialonMessage =
  | { kind: "login"; deviceId: string; password: string; version: WialonVersion; crcOk: boolean }
  | { kind: "ping" }
  | {
      kind: "data";
      type: "SD" | "D" | "B";
      /** Positions to store (an item without coordinates has none). */
      positions: DevicePosition[];
      /** Values of items without coordinates. */
      statuses: Array<Record<string, AttributeValue>>;
      /** The answer once stored (or right away when `error`). */
      answer: string;
      error?: string;
    }
  | { kind: "driverMessage"; text: string; answer: string }
  | { kind: "commandAnswer"; text: string }
  | { kind: "unsupported"; type: string };

/** Next packet up to and including its line break; stray line breaks are 1-byte frames. */
export function wialonFrameLength(buf: Buffer, maxFrame = WIALON_MAX_FRAME): number {
  if (buf.length === 0) return 0;
  if (buf[0] === 0x0d || buf[0] === 0x0a) return 1;
  if (buf[0] !== 0x23) throw new ProtocolError(`unexpected Wialon IPS start byte 0x${buf[0].toString(16)}`);
  const end = buf.indexOf(0x0a);
  if (end === -1) {
    if (buf.length > maxFrame) throw new ProtocolError(`Wialon IPS packet longer than ${maxFrame} bytes`);
    return 0;
  }
  if (end + 1 > maxFrame) throw new ProtocolError(`Wialon IPS packet longer than ${maxFrame} bytes`);
  return end + 1;
}

export function wialonCrc(text: string): string {
  return crc16Ibm(Buffer.from(text, "latin1")).toString(16).toUpperCase().padStart(4, "0");
}

const crcMatches = (signed: string, crc: string) =>
  /^(0x)?[0-9a-f]{1,4}$/i.test(crc) &&
  parseInt(crc.replace(/^0x/i, ""), 16) === crc16Ibm(Buffer.from(signed, "latin1"));

class ItemError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const NA = (v: string | undefined) => v === undefined || v === "" || v.toUpperCase() === "NA";

/** DDMM.MMMM / DDDMM.MMMM and the hemisphere letter. */
function coordinate(value: string, hemisphere: string): number {
  if (!/^\d{3,}(\.\d+)?$/.test(value) || !/^[NSEW]$/.test(hemisphere)) throw new ItemError("10");
  const whole = value.split(".")[0];
  const degrees = Number(whole.slice(0, -2));
  const minutes = Number(value.slice(whole.length - 2));
  const result = degrees + minutes / 60;
  return hemisphere === "S" || hemisphere === "W" ? -result : result;
}

function number(value: string, code: string): number | undefined {
  if (NA(value)) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new ItemError(code);
  return n;
}

function time(date: string, clock: string, now: Date): { fixTime: Date; serverTime: boolean } {
  if (NA(date) || NA(clock)) return { fixTime: now, serverTime: true };
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2})(\d{2})(\d{2})(\.\d+)?$/.exec(clock);
  if (!d || !t || +d[2] < 1 || +d[2] > 12 || +d[1] < 1 || +d[1] > 31 || +t[1] > 23 || +t[2] > 59 || +t[3] > 60) {
    throw new ItemError("0");
  }
  const ms = t[4] ? Math.round(Number(t[4]) * 1000) : 0;
  const fixTime = new Date(Date.UTC(2000 + +d[3], +d[2] - 1, +d[1], +t[1], +t[2], +t[3], ms));
  if (Number.isNaN(fixTime.getTime())) throw new ItemError("0");
  return { fixTime, serverTime: false };
}

/** `name:type:value` with type 1 integer, 2 double, 3 string. */
function params(text: string, into: Record<string, AttributeValue>) {
  if (NA(text)) return;
  for (const param of text.split(",")) {
    const m = /^([^:]+):([123]):(.*)$/.exec(param);
    if (!m) throw new ItemError("15");
    // the packet is read as latin1 for its CRC; names and texts are UTF-8 (Cyrillic names are common)
    const name = Buffer.from(m[1], "latin1").toString("utf8");
    const [, , type, value] = m;
    if (type === "3") into[name] = Buffer.from(value, "latin1").toString("utf8");
    else {
      const n = Number(value);
      if (!Number.isFinite(n)) throw new ItemError("15");
      into[name] = n;
    }
  }
}

/**
 * One SD (10 fields) or D (16 fields) message. Returns null for a message without coordinates (its
 * values in `status`). Throws ItemError with the answer code the protocol defines for the failing field.
 */
function decodeItem(
  fields: string[],
  deviceId: string,
  now: Date,
  status: Record<string, AttributeValue>,
): DevicePosition | null {
  if (fields.length !== 10 && fields.length !== 16) throw new ItemError("-1");
  const [date, clock, lat1, lat2, lon1, lon2, speed, course, height, sats] = fields;
  const { fixTime, serverTime } = time(date, clock, now);
  const attributes: Record<string, AttributeValue> = serverTime ? { serverTime: true } : {};
  const values = {
    speed: number(speed, "11"),
    course: number(course, "11"),
    altitude: number(height, "11"),
  };
  const satellites = number(sats, "12");
  if (fields.length === 16) {
    const [hdop, inputs, outputs, adc, ibutton, extra] = fields.slice(10);
    const h = number(hdop, "12");
    if (h !== undefined) attributes.hdop = h;
    const i = number(inputs, "13");
    const o = number(outputs, "13");
    if (i !== undefined) attributes.inputs = i;
    if (o !== undefined) attributes.outputs = o;
    if (!NA(adc)) {
      adc.split(",").forEach((v, n) => {
        const a = number(v, "14");
        if (a !== undefined) attributes[`adc${n + 1}`] = a;
      });
    }
    if (!NA(ibutton)) attributes.driverUniqueId = ibutton;
    params(extra, attributes);
  }
  if (NA(lat1) || NA(lon1)) {
    Object.assign(status, attributes);
    return null;
  }
  const position: DevicePosition = {
    deviceId,
    protocol: "wialon",
    fixTime,
    latitude: coordinate(lat1, lat2),
    longitude: coordinate(lon1, lon2),
    altitude: values.altitude ?? 0,
    speed: values.speed ?? 0,
    course: values.course ?? 0,
    satellites: Math.trunc(satellites ?? 0),
    valid: (satellites ?? 3) >= 3,
    attributes,
  };
  if (typeof attributes.ignition === "number") position.ignition = attributes.ignition !== 0;
  if (typeof attributes.odometer === "number") position.odometer = attributes.odometer;
  return position;
}

/** Splits off and checks the v2.0 CRC of a packet body; v1.1 bodies pass through. */
function checked(body: string, version: WialonVersion, separator: ";" | "|"): { body: string; crcOk: boolean } {
  if (version === "1.1") return { body, crcOk: true };
  const at = body.lastIndexOf(separator);
  if (at === -1) return { body, crcOk: false };
  return { body: body.slice(0, at), crcOk: crcMatches(body.slice(0, at + 1), body.slice(at + 1)) };
}

/**
 * Decodes one packet (line break removed or not). `version` is the session's, from its login; `now`
 * stands in for NA dates.
 */
export function decodeWialonPacket(
  line: string,
  deviceId: string,
  version: WialonVersion,
  now = new Date(),
): WialonMessage {
  const m = /^#([A-Z]{1,3})#(.*?)\r?\n?$/s.exec(line);
  if (!m) throw new ProtocolError("not a Wialon IPS packet");
  const [, type, msg] = m;
  switch (type) {
    case "L": {
      const parts = msg.split(";");
      if (parts.length === 4 && /^\d+\.\d+$/.test(parts[0])) {
        const crcOk = crcMatches(`${parts.slice(0, 3).join(";")};`, parts[3]);
        return { kind: "login", version: "2.0", deviceId: parts[1], password: parts[2], crcOk };
      }
      if (parts.length !== 2) throw new ProtocolError("bad Wialon IPS login packet");
      return { kind: "login", version: "1.1", deviceId: parts[0], password: parts[1], crcOk: true };
    }
    case "P":
      return { kind: "ping" };
    case "SD":
    case "D": {
      const answer = type === "SD" ? "ASD" : "AD";
      const { body, crcOk } = checked(msg, version, ";");
      if (!crcOk) return data(type, [], [], `#${answer}#${type === "SD" ? "13" : "16"}`, "checksum mismatch");
      const status: Record<string, AttributeValue> = {};
      try {
        const p = decodeItem(body.split(";"), deviceId, now, status);
        return data(type, p ? [p] : [], p ? [] : [status], `#${answer}#1`);
      } catch (e) {
        if (!(e instanceof ItemError)) throw e;
        return data(type, [], [], `#${answer}#${e.code}`, `field error ${e.code}`);
      }
    }
    case "B": {
      const { body, crcOk } = checked(msg, version, "|");
      if (!crcOk) return data("B", [], [], "#AB#", "checksum mismatch");
      const positions: DevicePosition[] = [];
      const statuses: Array<Record<string, AttributeValue>> = [];
      const items = body.split("|").filter((item) => item !== "");
      try {
        for (const item of items) {
          const status: Record<string, AttributeValue> = {};
          const p = decodeItem(item.split(";"), deviceId, now, status);
          if (p) positions.push(p);
          else statuses.push(status);
        }
      } catch (e) {
        if (!(e instanceof ItemError)) throw e;
        return data("B", [], [], "#AB#", `field error ${e.code}`);
      }
      return data("B", positions, statuses, `#AB#${items.length}`);
    }
    case "M": {
      const { body, crcOk } = checked(msg, version, ";");
      return { kind: "driverMessage", text: body, answer: crcOk ? "#AM#1" : "#AM#01" };
    }
    case "AM":
      return { kind: "commandAnswer", text: line.trim() };
    default:
      return { kind: "unsupported", type };
  }
}

function data(
  type: "SD" | "D" | "B",
  positions: DevicePosition[],
  statuses: Array<Record<string, AttributeValue>>,
  answer: string,
  error?: string,
): WialonMessage {
  return { kind: "data", type, positions, statuses, answer, error };
}

export const wialonAnswer = (text: string) => Buffer.from(`${text}\r\n`, "latin1");

/** A `#M#` message to the device (with its CRC for 2.0 sessions). */
export function encodeWialonCommand(command: DeviceCommand, version: WialonVersion): Buffer {
  const text =
    command.type === "engineStop"
      ? WIALON_ENGINE_COMMANDS.stop
      : command.type === "engineResume"
        ? WIALON_ENGINE_COMMANDS.resume
        : command.text;
  const msg = version === "2.0" ? `${text};${wialonCrc(`${text};`)}` : text;
  return wialonAnswer(`#M#${msg}`);
}
