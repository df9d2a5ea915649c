import { ProtocolError, type AttributeValue, type DevicePosition } from "../shared/device-contract";

/** A decoded H02 report, text or binary (h02.ts decodes the text ones). */
export type H02Message =
  | { kind: "position"; deviceId: string; position: DevicePosition }
  /** HTBT, LINK, NBR, V3, XT, VP1 without a fix: kept as device attributes. */
  | { kind: "heartbeat"; deviceId: string; attributes: Record<string, AttributeValue> }
  /** V4: the answer to a command; most firmware appends the current position. */
  | { kind: "commandResponse"; deviceId: string; text: string; position?: DevicePosition }
  | { kind: "ignored"; deviceId: string; reason: string };

/**
 * Binary ("$") reports: 0x24, device id (5 BCD bytes, or 8 for a 15-digit IMEI), BCD hhmmss, DDMMYY,
 * latitude DDMMmmmm, one byte, longitude DDDMMmmmm + a flags nibble, speed (3 digits, knots) and course
 * (3 digits), a 4-byte status word, then model-specific extras. Seen lengths: 32 (short), 42 (IMEI id),
 * 45 (long), 46, 48.
 */
export const H02_BINARY_LENGTHS = [32, 42, 45, 46, 48] as const;

const KNOTS_TO_KMH = 1.852;
const isDigits = (s: string) => /^\d+$/.test(s);

/** A binary report starts at `at` if its time and date are BCD digits (either id length). */
function looksLikeBinary(buf: Buffer, at: number): boolean {
  if (buf[at] !== 0x24) return false;
  if (buf.length < at + 15) return false;
  const short = buf.subarray(at + 6, at + 12).toString("hex");
  const long = buf.subarray(at + 9, at + 15).toString("hex");
  return isDigits(short) || isDigits(long);
}

/**
 * Length of the binary report at the start of buf, 0 = need more bytes. The form is told by what
 * follows it (the next report, a text frame or the end of what arrived).
 */
export function h02BinaryLength(buf: Buffer, final = false): number {
  // A report followed by the next one (text, or binary whose time and date are digits) fixes the length;
  // otherwise a buffer of exactly one known length is one report.
  for (const length of H02_BINARY_LENGTHS) {
    if (buf.length > length && (buf[length] === 0x2a || looksLikeBinary(buf, length))) return length;
  }
  if ((H02_BINARY_LENGTHS as readonly number[]).includes(buf.length)) return buf.length;
  if (buf.length < 48 && !final) return 0;
  if (final && buf.length >= 32) return Math.min(buf.length, 48);
  throw new ProtocolError("H02 binary report of no known length");
}

export function decodeH02Binary(frame: Buffer): H02Message {
  if (frame.length < 32) throw new ProtocolError("H02 binary report too short");
  const longId = frame.length === 42;
  const idBytes = longId ? 8 : 5;
  const id = frame.subarray(1, 1 + idBytes).toString("hex");
  const deviceId = longId ? id.slice(0, 15) : id;
  const digits = frame.subarray(1 + idBytes, 1 + idBytes + 19).toString("hex");
  const time = digits.slice(0, 6);
  const date = digits.slice(6, 12);
  const lat = digits.slice(12, 20); // DDMMmmmm, then one non-position byte
  const lon = digits.slice(22, 31); // DDDMMmmmm
  const flags = Number.parseInt(digits[31], 16); // bit3 east, bit2 north, bit1 valid
  const speedCourse = digits.slice(32, 38);
  if (![deviceId, time, date, lat, lon, speedCourse].every(isDigits)) {
    throw new ProtocolError("bad BCD in H02 binary report");
  }
  const latitude = Number(lat.slice(0, 2)) + Number(`${lat.slice(2, 4)}.${lat.slice(4)}`) / 60;
  const longitude = Number(lon.slice(0, 3)) + Number(`${lon.slice(3, 5)}.${lon.slice(5)}`) / 60;
  const n = (s: string, i: number) => Number(s.slice(i, i + 2));
  const position: DevicePosition = {
    deviceId,
    protocol: "h02",
    fixTime: new Date(Date.UTC(2000 + n(date, 4), n(date, 2) - 1, n(date, 0), n(time, 0), n(time, 2), n(time, 4))),
    latitude: flags & 0x4 ? latitude : -latitude,
    longitude: flags & 0x8 ? longitude : -longitude,
    altitude: 0,
    speed: Number(speedCourse.slice(0, 3)) * KNOTS_TO_KMH,
    course: Number(speedCourse.slice(3, 6)),
    satellites: 0,
    valid: (flags & 0x2) !== 0,
    attributes: { status: frame.readUInt32BE(1 + idBytes + 19) },
  };
  return { kind: "position", deviceId, position };
}
