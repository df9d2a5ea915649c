import { CODEC_12, CODEC_8, CODEC_8E, wrapTeltonikaFrame } from "../../protocols/teltonika";
import type { DevicePosition } from "../../shared/device-contract";

export type SimIoValue = number | bigint | Buffer;

/** DevicePosition-like input; the optional fields map to the usual FMB IO ids. */
export interface SimPosition {
  fixTime: Date;
  latitude: number;
  longitude: number;
  altitude?: number;
  speed?: number;
  course?: number;
  satellites?: number;
  priority?: number;
  eventIoId?: number;
  ignition?: boolean;
  motion?: boolean;
  /** volts */
  power?: number;
  /** metres */
  odometer?: number;
  /** extra raw IO elements by id */
  io?: Record<number, SimIoValue>;
}

export function simPositionFrom(position: DevicePosition): SimPosition {
  return { ...position };
}

function ioElements(p: SimPosition): Map<number, SimIoValue> {
  const io = new Map<number, SimIoValue>();
  if (p.ignition !== undefined) io.set(239, p.ignition ? 1 : 0);
  if (p.motion !== undefined) io.set(240, p.motion ? 1 : 0);
  if (p.power !== undefined) io.set(66, Math.round(p.power * 1000));
  if (p.odometer !== undefined) io.set(16, Math.round(p.odometer));
  for (const [id, value] of Object.entries(p.io ?? {})) io.set(Number(id), value);
  return io;
}

function sizeOf(value: number | bigint): 1 | 2 | 4 | 8 {
  const v = BigInt(value);
  if (v <= 0xffn) return 1;
  if (v <= 0xffffn) return 2;
  if (v <= 0xffffffffn) return 4;
  return 8;
}

class Writer {
  private readonly parts: Buffer[] = [];
  u8(v: number) {
    this.parts.push(Buffer.from([v & 0xff]));
  }
  u16(v: number) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    this.parts.push(b);
  }
  i16(v: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    this.parts.push(b);
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v >>> 0);
    this.parts.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    this.parts.push(b);
  }
  u64(v: number | bigint) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(v));
    this.parts.push(b);
  }
  bytes(b: Buffer) {
    this.parts.push(b);
  }
  sized(size: 1 | 2 | 4 | 8, v: number | bigint) {
    if (size === 8) this.u64(v);
    else if (size === 4) this.u32(Number(v));
    else if (size === 2) this.u16(Number(v));
    else this.u8(Number(v));
  }
  build(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function encodeRecord(w: Writer, p: SimPosition, codec: number): void {
  const extended = codec === CODEC_8E;
  w.u64(p.fixTime.getTime());
  w.u8(p.priority ?? 0);
  w.i32(Math.round(p.longitude * 1e7));
  w.i32(Math.round(p.latitude * 1e7));
  w.i16(Math.round(p.altitude ?? 0));
  w.u16(Math.round(p.course ?? 0));
  w.u8(p.satellites ?? 8);
  w.u16(Math.round(p.speed ?? 0));

  const io = ioElements(p);
  const count = extended ? (v: number) => w.u16(v) : (v: number) => w.u8(v);
  const id = extended ? (v: number) => w.u16(v) : (v: number) => w.u8(v);
  id(p.eventIoId ?? 0);
  count(io.size);
  const fixed = [...io].filter((e): e is [number, number | bigint] => !Buffer.isBuffer(e[1]));
  const variable = [...io].filter((e): e is [number, Buffer] => Buffer.isBuffer(e[1]));
  if (!extended && (variable.length > 0 || [...io.keys(), p.eventIoId ?? 0].some((k) => k > 0xff))) {
    throw new Error("variable-length IO and IO ids above 255 need Codec 8 Extended");
  }
  for (const size of [1, 2, 4, 8] as const) {
    const group = fixed.filter(([, v]) => sizeOf(v) === size);
    count(group.length);
    for (const [ioId, value] of group) {
      id(ioId);
      w.sized(size, value);
    }
  }
  if (extended) {
    w.u16(variable.length);
    for (const [ioId, value] of variable) {
      w.u16(ioId);
      w.u16(value.length);
      w.bytes(value);
    }
  }
}

/** Builds a complete AVL data packet (Codec 8 or 8 Extended) with a valid CRC. */
export function encodeTeltonikaAvl(
  positions: SimPosition[],
  codec: typeof CODEC_8 | typeof CODEC_8E = CODEC_8,
): Buffer {
  const w = new Writer();
  w.u8(codec);
  w.u8(positions.length);
  for (const p of positions) encodeRecord(w, p, codec);
  w.u8(positions.length);
  return wrapTeltonikaFrame(w.build());
}

/** What a device sends back for a Codec 12 command (type 0x06). */
export function encodeCodec12Response(text: string): Buffer {
  const payload = Buffer.from(text, "latin1");
  const w = new Writer();
  w.u8(CODEC_12);
  w.u8(1);
  w.u8(0x06);
  w.u32(payload.length);
  w.bytes(payload);
  w.u8(1);
  return wrapTeltonikaFrame(w.build());
}
