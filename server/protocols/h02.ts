import { ProtocolError, type AttributeValue, type DeviceCommand, type DevicePosition } from "../shared/device-contract";
import { decodeH02Binary, h02BinaryLength, type H02Message } from "./h02-binary";

export type { H02Message };

export const H02_MAX_TEXT_FRAME = 1024;

const KNOTS_TO_KMH = 1.852;

/**
 * Length of the next frame: "*...#" text or a "$" binary report; 0 = need more bytes. With `final` (the
 * device closed its side) a text frame without its closing "#" is taken as it is.
 */
export function h02FrameLength(buf: Buffer, maxFrame = H02_MAX_TEXT_FRAME, final = false): number {
  if (buf.length === 0) return 0;
  const first = buf[0];
  if (first === 0x0d || first === 0x0a || first === 0x20) return 1; // stray line breaks between reports
  if (first === 0x24) return h02BinaryLength(buf, final);
  if (first !== 0x2a) throw new ProtocolError(`unexpected H02 start byte 0x${first.toString(16)}`);
  const end = buf.indexOf(0x23);
  if (end === -1) {
    if (buf.length > maxFrame) throw new ProtocolError(`H02 text frame longer than ${maxFrame} bytes`);
    // A next report starting without this one's "#": some firmware drops it.
    const next = buf.indexOf(0x2a, 1);
    if (next > 0) return next;
    return final ? buf.length : 0;
  }
  const next = buf.indexOf(0x2a, 1);
  if (next > 0 && next < end) return next;
  return end + 1;
}

/**
 * "DDMM.MMMM" (any number of degree digits and decimals, leading zeros optional), the clone form
 * "-DD-MM.MMMM", and the 8/9-digit form without a decimal point; the hemisphere letter gives the sign.
 */
export function h02Coordinate(value: string, hemisphere: string, digitsBeforeMinutes: number): number {
  const text = value.trim();
  if (hemisphere !== "N" && hemisphere !== "S" && hemisphere !== "E" && hemisphere !== "W") {
    throw new ProtocolError(`bad H02 hemisphere ${hemisphere}`);
  }
  const clone = /^-(\d+)-(\d+(?:\.\d+)?)$/.exec(text);
  let degrees: number;
  if (clone) {
    degrees = Number(clone[1]) + Number(clone[2]) / 60;
  } else if (/^\d{8,9}$/.test(text)) {
    const split = digitsBeforeMinutes + 2;
    degrees =
      Number(text.slice(0, digitsBeforeMinutes)) +
      Number(`${text.slice(digitsBeforeMinutes, split)}.${text.slice(split)}`) / 60;
  } else {
    if (!/^\d+(\.\d+)?$/.test(text)) throw new ProtocolError(`bad H02 coordinate ${value}`);
    const raw = Number(text);
    const whole = Math.floor(raw / 100);
    degrees = whole + (raw - whole * 100) / 60;
  }
  if (degrees > (digitsBeforeMinutes === 2 ? 90 : 180)) throw new ProtocolError(`H02 coordinate out of range ${value}`);
  return hemisphere === "S" || hemisphere === "W" ? -degrees : degrees;
}

function dateTime(hhmmss: string, ddmmyy: string): Date {
  if (!/^\d{6}$/.test(hhmmss) || !/^\d{6}$/.test(ddmmyy)) throw new ProtocolError("bad H02 date/time");
  const n = (s: string, i: number) => Number(s.slice(i, i + 2));
  return new Date(
    Date.UTC(2000 + n(ddmmyy, 4), n(ddmmyy, 2) - 1, n(ddmmyy, 0), n(hhmmss, 0), n(hhmmss, 2), n(hhmmss, 4)),
  );
}

const STATUS_WORD = /^[0-9A-Fa-f]{8}$/;

/** time, validity, lat, N/S, lon, E/W, speed (knots), course, date, [status word and extras]. */
function fixFrom(deviceId: string, fields: string[], at: number, now: Date): DevicePosition | null {
  let [time, validity, lat, ns, lon, ew, speed, course, date] = fields.slice(at, at + 9);
  let rest = at + 9;
  let satellites = 0;
  if (!/^\d{6}$/.test(date ?? "") && /^\d{6}$/.test(fields[at + 9] ?? "")) {
    // Some firmware puts the satellite count between course and date.
    satellites = Number(date) || 0;
    date = fields[at + 9];
    rest++;
  }
  if (!lat?.trim() || !lon?.trim() || !time || !date || date === "000000") return null;
  const position: DevicePosition = {
    deviceId,
    protocol: "h02",
    fixTime: time === "no-time" ? sameDay(date, now) : dateTime(time, date),
    latitude: h02Coordinate(lat, ns, 2),
    longitude: h02Coordinate(lon, ew, 3),
    altitude: 0,
    speed: (Number(speed?.trim()) || 0) * KNOTS_TO_KMH,
    course: Number(course) || 0,
    satellites,
    valid: validity === "A",
    attributes: {},
  };
  // The status word is the first 8-hex-digit field after the date (V19 puts an IP and ICCID first).
  const status = fields.slice(rest).find((f) => STATUS_WORD.test(f));
  if (status) position.attributes.status = Number.parseInt(status, 16);
  return position;
}

/** VP1 (phones) sends a date without a time: today's reports get the receive time, older ones midnight. */
function sameDay(ddmmyy: string, now: Date): Date {
  const midnight = dateTime("000000", ddmmyy);
  return midnight.getTime() === Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) ? now : midnight;
}

const POSITION_TYPES = new Set(["V1", "V2", "V5", "V6", "V8", "V19", "VI1"]);

function decodeText(text: string, now: Date): H02Message {
  const body = text.replace(/[\r\n\s]+$/, "").replace(/#$/, "");
  const fields = body.slice(1).split(",");
  const [, deviceId = "", type = ""] = fields;
  if (!/^\w*$/.test(deviceId) || deviceId.length > 20) throw new ProtocolError("H02 frame with a bad device id");
  if (type === "HTBT") {
    const attributes: Record<string, AttributeValue> = {};
    if (fields[3] !== undefined && fields[3] !== "") attributes.batteryLevel = Number(fields[3]);
    return { kind: "heartbeat", deviceId, attributes };
  }
  if (type === "LINK") {
    const [, rssi, satellites, battery] = fields.slice(3);
    return {
      kind: "heartbeat",
      deviceId,
      attributes: { rssi: Number(rssi) || 0, satellites: Number(satellites) || 0, batteryLevel: Number(battery) || 0 },
    };
  }
  if (type === "NBR" || type === "V3") return cells(deviceId, type, fields);
  if (type === "XT")
    return { kind: "heartbeat", deviceId, attributes: { xt: fields.slice(3).join(",").slice(0, 100) } };
  if (type === "V4") {
    // V4,<command>,<answer fields...>,<hhmmss sent>,<hhmmss>,A,lat,...: the fix starts at the validity letter.
    const at = fields.findIndex((f, i) => i > 4 && (f === "A" || f === "V") && /^\d{6}$/.test(fields[i - 1]));
    const position = at > 0 ? (safeFix(deviceId, fields, at - 1, now) ?? undefined) : undefined;
    return { kind: "commandResponse", deviceId, text: body, position };
  }
  if (type === "VP1") {
    if (fields[3] !== "A" && fields[3] !== "V") return { kind: "ignored", deviceId, reason: "VP1 without a fix" };
    if (!/^\d+\.\d+$/.test(fields[4] ?? "")) {
      return { kind: "heartbeat", deviceId, attributes: { mcc: Number(fields[4]) || 0, mnc: Number(fields[5]) || 0 } };
    }
    const [validity, lat, ns, lon, ew, speed, course, date] = fields.slice(3);
    const position = fixFrom(deviceId, ["no-time", validity, lat, ns, lon, ew, speed, course, date], 0, now);
    return position
      ? { kind: "position", deviceId, position }
      : { kind: "ignored", deviceId, reason: "VP1 without a fix" };
  }
  if (!POSITION_TYPES.has(type))
    return { kind: "ignored", deviceId, reason: `unsupported H02 type ${type || "(none)"}` };
  if (!fields[3] || !fields[5]?.trim() || !fields[7]?.trim()) {
    return { kind: "ignored", deviceId, reason: "report without time or coordinates" };
  }
  const position = fixFrom(deviceId, fields, 3, now);
  if (!position) return { kind: "ignored", deviceId, reason: "report without time or coordinates" };
  return { kind: "position", deviceId, position };
}

function safeFix(deviceId: string, fields: string[], at: number, now: Date): DevicePosition | null {
  try {
    return fixFrom(deviceId, fields, at, now);
  } catch {
    return null;
  }
}

/** NBR / V3: time, MCC, MNC, ..., a cell count, then LAC, cell id, signal per cell: the serving cell is kept. */
function cells(deviceId: string, type: string, fields: string[]): H02Message {
  const attributes: Record<string, AttributeValue> = { mcc: Number(fields[4]) || 0, mnc: Number(fields[5]) || 0 };
  if (type === "NBR") {
    const count = Number(fields[7]) || 0;
    attributes.cells = count;
    if (count > 0) {
      attributes.lac = Number(fields[8]) || 0;
      attributes.cellId = Number(fields[9]) || 0;
    }
  } else {
    attributes.cells = Number(fields[5]) || 0;
    attributes.mnc = 0;
    attributes.mcc = Number(fields[4]?.slice(0, 3)) || 0;
  }
  return { kind: "heartbeat", deviceId, attributes };
}

export function decodeH02Frame(frame: Buffer, now: Date = new Date()): H02Message {
  if (frame[0] === 0x24) return decodeH02Binary(frame);
  return decodeText(frame.toString("latin1"), now);
}

/** Server command: *HQ,<id>,<cmd>,<hhmmss>,<args>#. S20 = fuel/power cut relay. */
export function encodeH02Command(deviceId: string, command: DeviceCommand, now: Date = new Date()): Buffer {
  const time = [now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()]
    .map((v) => String(v).padStart(2, "0"))
    .join("");
  const body =
    command.type === "engineStop"
      ? `S20,${time},1,1`
      : command.type === "engineResume"
        ? `S20,${time},1,0`
        : command.text;
  return Buffer.from(`*HQ,${deviceId},${body}#`, "latin1");
}
