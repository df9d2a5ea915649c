import {
  ProtocolError,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../../shared/device-contract";

export const H02_DEFAULT_PORT = 5013;
export const H02_MAX_TEXT_FRAME = 1024;
/** Binary ("$") reports handled here are the 45-byte long form. */
export const H02_BINARY_FRAME = 45;

const KNOTS_TO_KMH = 1.852;

export type H02Message =
  | { kind: "position"; deviceId: string; position: DevicePosition }
  | { kind: "heartbeat"; deviceId: string; attributes: Record<string, AttributeValue> }
  | { kind: "commandResponse"; deviceId: string; text: string }
  | { kind: "ignored"; deviceId: string; reason: string };

/** Length of the next frame: "*...#" text or a fixed-size "$" binary report; 0 = need more bytes. */
export function h02FrameLength(buf: Buffer, maxFrame = H02_MAX_TEXT_FRAME): number {
  if (buf.length === 0) return 0;
  const first = buf[0];
  if (first === 0x0d || first === 0x0a || first === 0x20) return 1; // stray line breaks between reports
  if (first === 0x24) return buf.length >= H02_BINARY_FRAME ? H02_BINARY_FRAME : 0;
  if (first !== 0x2a) throw new ProtocolError(`unexpected H02 start byte 0x${first.toString(16)}`);
  const end = buf.indexOf(0x23);
  if (end === -1) {
    if (buf.length > maxFrame) throw new ProtocolError(`H02 text frame longer than ${maxFrame} bytes`);
    return 0;
  }
  return end + 1;
}

/** "DDMM.MMMM" (also the "-DD-MM.MMMM" clone format); the hemisphere letter gives the sign. */
function coordinate(value: string, hemisphere: string): number {
  const clone = /^-(\d+)-(\d+(?:\.\d+)?)$/.exec(value.trim());
  let degrees: number;
  if (clone) {
    degrees = Number(clone[1]) + Number(clone[2]) / 60;
  } else {
    const raw = Number(value.trim());
    if (!Number.isFinite(raw)) throw new ProtocolError(`bad H02 coordinate ${value}`);
    const whole = Math.floor(raw / 100);
    degrees = whole + (raw - whole * 100) / 60;
  }
  return hemisphere === "S" || hemisphere === "W" ? -degrees : degrees;
}

function dateTime(hhmmss: string, ddmmyy: string): Date {
  if (!/^\d{6}$/.test(hhmmss) || !/^\d{6}$/.test(ddmmyy)) throw new ProtocolError("bad H02 date/time");
  const n = (s: string, i: number) => Number(s.slice(i, i + 2));
  return new Date(
    Date.UTC(2000 + n(ddmmyy, 4), n(ddmmyy, 2) - 1, n(ddmmyy, 0), n(hhmmss, 0), n(hhmmss, 2), n(hhmmss, 4)),
  );
}

function decodeText(text: string): H02Message {
  if (!text.endsWith("#")) throw new ProtocolError("H02 text frame without #");
  const fields = text.slice(1, -1).split(",");
  const [, deviceId = "", type = ""] = fields;
  if (!/^\w+$/.test(deviceId)) throw new ProtocolError("H02 frame without device id");
  if (type === "HTBT") {
    const attributes: Record<string, AttributeValue> = {};
    if (fields[3] !== undefined && fields[3] !== "") attributes.batteryLevel = Number(fields[3]);
    return { kind: "heartbeat", deviceId, attributes };
  }
  if (type === "V4") return { kind: "commandResponse", deviceId, text };
  if (type !== "V1" && type !== "V8") return { kind: "ignored", deviceId, reason: `unsupported H02 type ${type}` };

  const [time, validity, lat, ns, lon, ew, speed, course, date, status] = fields.slice(3);
  if (!time || !lat || !lon || !date)
    return { kind: "ignored", deviceId, reason: "report without time or coordinates" };
  const position: DevicePosition = {
    deviceId,
    protocol: "h02",
    fixTime: dateTime(time, date),
    latitude: coordinate(lat, ns),
    longitude: coordinate(lon, ew),
    altitude: 0,
    speed: (Number(speed?.trim()) || 0) * KNOTS_TO_KMH,
    course: Number(course) || 0,
    satellites: 0,
    valid: validity === "A",
    attributes: {},
  };
  if (status && /^[0-9A-Fa-f]{8}$/.test(status)) position.attributes.status = parseInt(status, 16);
  return { kind: "position", deviceId, position };
}

const bcd = (b: Buffer) => b.toString("hex");

/** Binary report: 0x24, id (5 BCD), hhmmss, DDMMYY, lat, 1 byte, lon + flags nibble, speed/course, status. */
function decodeBinary(frame: Buffer): H02Message {
  const deviceId = bcd(frame.subarray(1, 6));
  const digits = bcd(frame.subarray(6, 25));
  const time = digits.slice(0, 6);
  const date = digits.slice(6, 12);
  const lat = digits.slice(12, 20); // DDMMmmmm, then one non-position byte
  const lon = digits.slice(22, 31); // DDDMMmmmm
  const flags = parseInt(digits[31], 16); // bit3 east, bit2 north, bit1 valid
  const speedCourse = digits.slice(32, 38);
  if (![time, date, lat, lon, speedCourse].every((part) => /^\d+$/.test(part))) {
    throw new ProtocolError("bad BCD in H02 binary report");
  }
  const position: DevicePosition = {
    deviceId,
    protocol: "h02",
    fixTime: dateTime(time, date),
    latitude: coordinate(`${lat.slice(0, 4)}.${lat.slice(4)}`, flags & 0x4 ? "N" : "S"),
    longitude: coordinate(`${lon.slice(0, 5)}.${lon.slice(5)}`, flags & 0x8 ? "E" : "W"),
    altitude: 0,
    speed: Number(speedCourse.slice(0, 3)) * KNOTS_TO_KMH,
    course: Number(speedCourse.slice(3, 6)),
    satellites: 0,
    valid: (flags & 0x2) !== 0,
    attributes: { status: frame.readUInt32BE(25) },
  };
  return { kind: "position", deviceId, position };
}

export function decodeH02Frame(frame: Buffer): H02Message {
  if (frame[0] === 0x24) return decodeBinary(frame);
  return decodeText(frame.toString("latin1"));
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
