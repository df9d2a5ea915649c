import { ProtocolError } from "../shared/device-contract";
import { crc16X25 } from "./checksum";

export const GT06_DEFAULT_MAX_FRAME = 4 * 1024;

export interface Gt06Frame {
  protocolNumber: number;
  serial: number;
  /** 0x7979 frames carry a 2-byte length. */
  extended: boolean;
  /** Information content between the protocol number and the serial. */
  content: Buffer;
  /** Wi-Fi reports 0x17/0x69 (no serial, no CRC): the length byte is the access point count. */
  apCount?: number;
}

const WIFI_TYPES = new Set([0x17, 0x69]);

/**
 * A 0x7878 Wi-Fi report: start, AP count, type, BCD time (6), APs (7 each), cell count, MCC (2), MNC,
 * cells (5 each), 0D0A. Returns its length, 0 when more bytes are needed, -1 when it is not that layout.
 */
function wifiFrameLength(buf: Buffer): number {
  const cellCountAt = 4 + 6 + 7 * buf[2];
  if (buf.length <= cellCountAt) return 0;
  const total = cellCountAt + 1 + 3 + 5 * buf[cellCountAt] + 2;
  if (buf.length < total) return 0;
  return buf[total - 2] === 0x0d && buf[total - 1] === 0x0a ? total : -1;
}

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
  // A Wi-Fi report's length byte is its access point count, so a small one is only refused once its type is seen.
  const maybeWifi = start === 0x7878 && (buf.length < 4 ? length >= 5 : WIFI_TYPES.has(buf[3]));
  if (length < 5 && !maybeWifi) throw new ProtocolError(`absurd packet length ${length}`);
  if (buf.length < headerLength + 1) return 0;
  if (start === 0x7878 && WIFI_TYPES.has(buf[3])) {
    // Either layout may be in use; the one whose 0D0A lines up wins.
    const standardComplete = buf.length >= total && length >= 5;
    if (standardComplete && buf[total - 2] === 0x0d && buf[total - 1] === 0x0a) return total;
    const wifi = wifiFrameLength(buf);
    if (wifi !== -1) {
      if (wifi > maxFrame) throw new ProtocolError("Wi-Fi report larger than the frame limit");
      return wifi;
    }
  }
  if (length < 5 || total > maxFrame) throw new ProtocolError(`absurd packet length ${length}`);
  return buf.length >= total ? total : 0;
}

export function parseGt06Frame(frame: Buffer): Gt06Frame {
  if (frame.length < 5) throw new ProtocolError("frame too short");
  const extended = frame.readUInt16BE(0) === 0x7979;
  const headerLength = extended ? 4 : 3;
  if (frame[frame.length - 2] !== 0x0d || frame[frame.length - 1] !== 0x0a) {
    throw new ProtocolError("missing 0D0A stop bits");
  }
  if (!extended && WIFI_TYPES.has(frame[3]) && frame.length !== frame[2] + 5) {
    return { protocolNumber: frame[3], serial: 0, extended, content: frame.subarray(4, -2), apCount: frame[2] };
  }
  const crcAt = frame.length - 4;
  if (crcAt < headerLength + 3) throw new ProtocolError("frame too short");
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
