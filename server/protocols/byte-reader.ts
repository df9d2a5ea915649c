import { ProtocolError } from "../shared/device-contract";

/** Bounds-checked big-endian cursor; any overrun is a ProtocolError, never a RangeError. */
export class ByteReader {
  offset: number;

  constructor(
    readonly buf: Buffer,
    offset = 0,
    readonly end = buf.length,
  ) {
    this.offset = offset;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private take(n: number): number {
    if (n < 0 || this.offset + n > this.end) {
      throw new ProtocolError(`truncated data: need ${n} bytes at offset ${this.offset}, have ${this.remaining}`);
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }
  i8(): number {
    return this.buf.readInt8(this.take(1));
  }
  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }
  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.take(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }
  i32(): number {
    return this.buf.readInt32BE(this.take(4));
  }
  u64(): bigint {
    return this.buf.readBigUInt64BE(this.take(8));
  }
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.take(n);
  }
}
