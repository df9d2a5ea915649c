/**
 * The records of one transaction in PostgreSQL's binary COPY format, written straight into one buffer as they are
 * produced: no row object, no text line, no Date per record in Node, and on the server no text parsing of the
 * timestamp, the floats and the uuids (binary COPY costs PostgreSQL less per row than the text or CSV forms).
 *
 * Layout (PostgreSQL docs, "COPY", binary format): an 11-byte signature, flags and header-extension length
 * (int32 each), then per row the field count (int16) and per field its length (int32, -1 = NULL) and bytes,
 * and an int16 -1 at the end. Columns in the order of POSITION_COLUMNS.
 */

/** Columns of positions written by the COPY, in this order. */
export const POSITION_COLUMNS = [
  "org_id",
  "vehicle_id",
  "device_id",
  "fix_time",
  "lat",
  "lon",
  "speed_kmh",
  "course",
  "altitude",
  "satellites",
  "ignition",
  "valid",
  "odometer_m",
  "attributes",
] as const;

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const HEADER_BYTES = SIGNATURE.length + 8;
/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix ms */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;
/** Fixed part of a row: field count, 14 lengths, uuids, timestamp, numbers, booleans, the jsonb version byte. */
const FIXED_ROW_BYTES = 2 + 14 * 4 + 16 + 16 + 8 + 8 + 8 + 4 + 4 + 4 + 2 + 1 + 1 + 8 + 1;

/** uuids and device ids recur in every transaction: their bytes are kept (a fleet has a bounded number). */
const uuidBytes = new Map<string, Buffer>();
const textBytes = new Map<string, Buffer>();
const MAX_CACHED = 200_000;

function uuidOf(id: string): Buffer {
  let b = uuidBytes.get(id);
  if (!b) {
    const hex = id.replace(/-/g, "");
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a uuid: ${id}`);
    if (uuidBytes.size >= MAX_CACHED) uuidBytes.clear();
    uuidBytes.set(id, (b = Buffer.from(hex, "hex")));
  }
  return b;
}

function textOf(s: string): Buffer {
  let b = textBytes.get(s);
  if (!b) {
    if (textBytes.size >= MAX_CACHED) textBytes.clear();
    textBytes.set(s, (b = Buffer.from(s, "utf8")));
  }
  return b;
}

/** What a row needs beyond its vehicle: the fields of a prepared fix. */
export interface CopyFix {
  fixTime: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number;
  satellites: number;
  ignition: boolean | null;
  valid: boolean;
  /** JSON text */
  attributes: string;
}

export class PositionCopyBuffer {
  private buf: Buffer;
  private off = HEADER_BYTES;
  rows = 0;

  constructor(expectedRows = 64) {
    this.buf = Buffer.allocUnsafe(HEADER_BYTES + expectedRows * (FIXED_ROW_BYTES + 96) + 2);
    SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, SIGNATURE.length); // flags
    this.buf.writeInt32BE(0, SIGNATURE.length + 4); // no header extension
  }

  add(orgId: string, vehicleId: string, deviceId: string, f: CopyFix, odometerM: number): void {
    const device = textOf(deviceId);
    const attributesBytes = Buffer.byteLength(f.attributes, "utf8");
    this.reserve(FIXED_ROW_BYTES + device.length + attributesBytes);
    const b = this.buf;
    let o = this.off;
    o = b.writeInt16BE(14, o);
    o = b.writeInt32BE(16, o);
    o += uuidOf(orgId).copy(b, o);
    o = b.writeInt32BE(16, o);
    o += uuidOf(vehicleId).copy(b, o);
    o = b.writeInt32BE(device.length, o);
    o += device.copy(b, o);
    // timestamptz: int64 microseconds since 2000-01-01 UTC, written as two 32-bit halves (exact below 2^53)
    const us = (f.fixTime - PG_EPOCH_MS) * 1000;
    const high = Math.floor(us / TWO_32);
    o = b.writeInt32BE(8, o);
    o = b.writeInt32BE(high, o);
    o = b.writeUInt32BE(us - high * TWO_32, o);
    o = b.writeInt32BE(8, o);
    o = b.writeDoubleBE(f.lat, o);
    o = b.writeInt32BE(8, o);
    o = b.writeDoubleBE(f.lon, o);
    o = b.writeInt32BE(4, o);
    o = b.writeFloatBE(f.speed, o);
    o = b.writeInt32BE(4, o);
    o = b.writeFloatBE(f.course, o);
    o = b.writeInt32BE(4, o);
    o = b.writeFloatBE(f.altitude, o);
    o = b.writeInt32BE(2, o);
    o = b.writeInt16BE(f.satellites, o); // throws above 32767, as the smallint column would
    if (f.ignition === null) o = b.writeInt32BE(-1, o);
    else {
      o = b.writeInt32BE(1, o);
      b[o++] = f.ignition ? 1 : 0;
    }
    o = b.writeInt32BE(1, o);
    b[o++] = f.valid ? 1 : 0;
    o = b.writeInt32BE(8, o);
    o = b.writeDoubleBE(odometerM, o);
    o = b.writeInt32BE(attributesBytes + 1, o);
    b[o++] = 1; // jsonb binary format version
    o += b.write(f.attributes, o, attributesBytes, "utf8");
    this.off = o;
    this.rows++;
  }

  /** The COPY data, trailer included. */
  finish(): Buffer {
    this.reserve(2);
    const end = this.buf.writeInt16BE(-1, this.off);
    return this.buf.subarray(0, end);
  }

  private reserve(bytes: number): void {
    if (this.off + bytes + 2 <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.off + bytes + 2));
    this.buf.copy(grown, 0, 0, this.off);
    this.buf = grown;
  }
}
