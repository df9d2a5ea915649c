import { ProtocolError, type AttributeValue, type DevicePosition } from "../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { crc16Ibm } from "./checksum";
import { CODEC_7, decodeCodec7Record } from "./teltonika-codec7";
import { applyTeltonikaIo, type TeltonikaIoValue } from "./teltonika-io";

export const TELTONIKA_DEFAULT_MAX_FRAME = 64 * 1024;

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_12 = 0x0c;
export const CODEC_13 = 0x0d;
export const CODEC_16 = 0x10;

export interface TeltonikaRecord {
  position: DevicePosition;
  priority: number;
  eventIoId: number;
  generationType?: number;
}

export type TeltonikaPacket =
  | {
      kind: "records";
      codec: number;
      records: TeltonikaRecord[];
      positions: DevicePosition[];
      /** every record the packet holds (the acknowledgement); Codec 7 records without coordinates are not positions */
      recordCount: number;
      /** attributes of the records without coordinates */
      statuses: Record<string, AttributeValue>[];
    }
  /** Codec 12 frame: type 0x05 = command (server to device), 0x06 = response (device to server). */
  | { kind: "codec12"; type: number; payload: Buffer; text: string }
  /** Codec 13 device message with its own timestamp (e.g. tachograph / driver id strings). */
  | {
      kind: "codec13";
      type: number;
      time: Date;
      payload: Buffer;
      text: string;
      attributes: Record<string, AttributeValue>;
    };

/**
 * Length of the next complete frame at the start of buf, or 0 when more bytes are needed.
 * `handshake`: 2-byte length + ASCII IMEI. `data`: AVL/Codec 12 packet or the single 0xFF keep-alive.
 */
export function teltonikaFrameLength(
  buf: Buffer,
  stage: "handshake" | "data",
  maxFrame = TELTONIKA_DEFAULT_MAX_FRAME,
): number {
  if (stage === "handshake") {
    if (buf.length < 2) return 0;
    const length = buf.readUInt16BE(0);
    if (length < 1 || length > 32) throw new ProtocolError(`bad IMEI length ${length}`);
    return buf.length >= 2 + length ? 2 + length : 0;
  }
  if (buf[0] === 0xff) return 1;
  const preambleBytes = Math.min(buf.length, 4);
  for (let i = 0; i < preambleBytes; i++) {
    if (buf[i] !== 0) throw new ProtocolError("missing 4 zero-byte preamble");
  }
  if (buf.length < 8) return 0;
  const dataLength = buf.readUInt32BE(4);
  if (dataLength + 12 > maxFrame) {
    throw new ProtocolError(`absurd data length ${dataLength} (max frame ${maxFrame})`);
  }
  const declared = dataLength + 12;
  if (buf.length >= declared && dataLength >= 3 && crcMatches(buf, declared)) return declared;
  // Some firmware reports a data length that disagrees with its records: the records then say where the
  // frame ends, and the CRC after them must still match.
  const walked = walkedFrameLength(buf);
  if (walked > 0) return walked;
  if (walked === 0 && buf.length < maxFrame) return 0;
  if (dataLength < 3) throw new ProtocolError(`absurd data length ${dataLength}`);
  return buf.length >= declared ? declared : 0;
}

function crcMatches(frame: Buffer, length: number): boolean {
  return frame.readUInt32BE(length - 4) === crc16Ibm(frame.subarray(8, length - 4));
}

/** The frame's length found by reading its records: >0 found, 0 need more bytes, -1 not a record packet. */
function walkedFrameLength(buf: Buffer): number {
  if (buf.length < 10) return 0;
  const codec = buf[8];
  if (codec !== CODEC_7 && codec !== CODEC_8 && codec !== CODEC_8E && codec !== CODEC_16) return -1;
  const count = buf[9];
  const r = new ByteReader(buf, 10);
  try {
    for (let i = 0; i < count; i++) {
      if (codec === CODEC_7) decodeCodec7Record(r, "");
      else decodeRecord(r, codec, "");
    }
  } catch (error) {
    if (error instanceof ProtocolError) return 0; // truncated so far
    throw error;
  }
  const length = r.offset + 1 + 4;
  if (buf.length < length) return 0;
  return buf[r.offset] === count && crcMatches(buf, length) ? length : -1;
}

export function parseImeiHandshake(frame: Buffer): string {
  const length = frame.readUInt16BE(0);
  const imei = frame.subarray(2, 2 + length).toString("latin1");
  if (!/^[0-9]{1,32}$/.test(imei)) throw new ProtocolError("IMEI handshake is not ASCII digits");
  return imei;
}

export function encodeImeiHandshake(imei: string): Buffer {
  const body = Buffer.from(imei, "latin1");
  const frame = Buffer.alloc(2 + body.length);
  frame.writeUInt16BE(body.length, 0);
  body.copy(frame, 2);
  return frame;
}

/** The 4-byte big-endian record count the server sends once records are committed. */
export function teltonikaAck(count: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(count, 0);
  return ack;
}

/** Wraps codec..second-quantity bytes into preamble + length + data + CRC-16/IBM. */
export function wrapTeltonikaFrame(data: Buffer): Buffer {
  const frame = Buffer.alloc(data.length + 12);
  frame.writeUInt32BE(data.length, 4);
  data.copy(frame, 8);
  frame.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return frame;
}

/** Verifies preamble, length and CRC and returns the codec..second-quantity bytes. */
export function unwrapTeltonikaFrame(frame: Buffer): Buffer {
  if (frame.length < 12 || frame.readUInt32BE(0) !== 0) throw new ProtocolError("missing preamble");
  // The data runs to the CRC; a disagreeing length field is tolerated when the CRC matches.
  const dataLength = frame.length - 12;
  const data = frame.subarray(8, 8 + dataLength);
  const expected = frame.readUInt32BE(8 + dataLength);
  const actual = crc16Ibm(data);
  if (expected !== actual) {
    throw new ProtocolError(`bad CRC: frame says ${expected.toString(16)}, computed ${actual.toString(16)}`);
  }
  return data;
}

export function decodeTeltonikaFrame(frame: Buffer, deviceId: string): TeltonikaPacket {
  const data = unwrapTeltonikaFrame(frame);
  const reader = new ByteReader(data);
  const codec = reader.u8();
  const count = reader.u8();
  if (data[data.length - 1] !== count) throw new ProtocolError("record counts at start and end differ");
  const body = new ByteReader(data, reader.offset, data.length - 1);

  if (codec === CODEC_12 || codec === CODEC_13) {
    const type = body.u8();
    const size = body.u32();
    if (codec === CODEC_13) {
      const time = new Date(body.u32() * 1000);
      const payload = body.bytes(size - 4);
      const text = payload.toString("latin1");
      return { kind: "codec13", type, time, payload, text, attributes: codec13Attributes(text) };
    }
    const payload = body.bytes(size);
    return { kind: "codec12", type, payload, text: payload.toString("latin1") };
  }
  if (codec === CODEC_7) {
    const records: TeltonikaRecord[] = [];
    const statuses: Record<string, AttributeValue>[] = [];
    for (let i = 0; i < count; i++) {
      const record = decodeCodec7Record(body, deviceId);
      if (record.position) records.push({ position: record.position, priority: record.priority, eventIoId: 0 });
      else statuses.push(record.attributes);
    }
    return { kind: "records", codec, records, positions: records.map((r) => r.position), recordCount: count, statuses };
  }
  if (codec !== CODEC_8 && codec !== CODEC_8E && codec !== CODEC_16) {
    throw new ProtocolError(`unsupported codec 0x${codec.toString(16)}`);
  }
  const records: TeltonikaRecord[] = [];
  for (let i = 0; i < count; i++) records.push(decodeRecord(body, codec, deviceId));
  // The CRC vouched for the bytes: padding after the records (seen on some firmware) is ignored.
  return {
    kind: "records",
    codec,
    records,
    positions: records.map((r) => r.position),
    recordCount: count,
    statuses: [],
  };
}

/** IO element value sizes in a record's order: 1, 2, 4 and 8 bytes */
const IO_SIZES = [1, 2, 4, 8] as const;

export function decodeRecord(r: ByteReader, codec: number, deviceId: string): TeltonikaRecord {
  // ms since 1970 fit in 53 bits: read as two halves rather than through a BigInt per record
  const timestamp = r.u32() * 4_294_967_296 + r.u32();
  const priority = r.u8();
  const longitude = r.i32() / 1e7;
  const latitude = r.i32() / 1e7;
  const altitude = r.i16();
  const course = r.u16();
  const satellites = r.u8();
  const speed = r.u16();

  const extended = codec === CODEC_8E;
  const wideIds = codec !== CODEC_8;
  const eventIoId = wideIds ? r.u16() : r.u8();
  const generationType = codec === CODEC_16 ? r.u8() : undefined;

  r.skip(extended ? 2 : 1); // total IO count; the per-size counts below are authoritative
  const io = new Map<number, TeltonikaIoValue>();
  for (const size of IO_SIZES) {
    const n = extended ? r.u16() : r.u8();
    for (let k = 0; k < n; k++) {
      const id = wideIds ? r.u16() : r.u8();
      io.set(id, size === 1 ? r.u8() : size === 2 ? r.u16() : size === 4 ? r.u32() : r.u64());
    }
  }
  if (extended) {
    const n = r.u16();
    for (let k = 0; k < n; k++) {
      const id = r.u16();
      io.set(id, Buffer.from(r.bytes(r.u16())));
    }
  }

  const position: DevicePosition = {
    deviceId,
    protocol: "teltonika",
    fixTime: new Date(timestamp),
    latitude,
    longitude,
    altitude,
    speed,
    course,
    satellites,
    // Teltonika repeats the last known coordinates with 0 satellites when there is no fix.
    valid: satellites > 0,
    attributes: { priority, eventIoId },
  };
  if (generationType !== undefined) position.attributes.generationType = generationType;
  applyTeltonikaIo(position, io);
  return { position, priority, eventIoId, generationType };
}

/** Codec 13 payloads from card readers look like "GTSL|6|1|0|<driver id>|1|". */
function codec13Attributes(text: string): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = { message: text.trim() };
  const fields = text.trim().split("|");
  if (fields[0] === "GTSL" && fields[4]) attributes.driverUniqueId = fields[4];
  return attributes;
}

export function encodeCodec12Command(command: string | Buffer): Buffer {
  const payload = typeof command === "string" ? Buffer.from(command, "latin1") : command;
  const data = Buffer.alloc(8 + payload.length);
  data[0] = CODEC_12;
  data[1] = 1;
  data[2] = 0x05;
  data.writeUInt32BE(payload.length, 3);
  payload.copy(data, 7);
  data[7 + payload.length] = 1;
  return wrapTeltonikaFrame(data);
}

export const TELTONIKA_ENGINE_STOP = "setdigout 1";
export const TELTONIKA_ENGINE_RESUME = "setdigout 0";
