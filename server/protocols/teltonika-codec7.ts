import type { AttributeValue, DevicePosition } from "../shared/device-contract";
import type { ByteReader } from "./byte-reader";
import { applyTeltonikaIo, type TeltonikaIoValue } from "./teltonika-io";

export const CODEC_7 = 0x07;

// Codec 7 (GH3000 personal trackers) counts seconds from 2007-01-01 00:00 UTC.
const GH3000_EPOCH_S = Date.UTC(2007, 0, 1) / 1000;

export interface Codec7Record {
  /** null when the record carries no coordinates (IO only): kept as device status. */
  position: DevicePosition | null;
  priority: number;
  attributes: Record<string, AttributeValue>;
}

/**
 * One GH3000 record: time (2 priority bits + 30 bits of seconds), a global mask (bit 0 GPS element,
 * bits 1-3 IO elements of 1, 2 and 4 bytes); the GPS element has its own mask: bit 0 lat/lon (floats),
 * 1 altitude, 2 angle (1/256 of a turn), 3 speed km/h, 4 satellites, 5 LAC + cell id, 6 signal, 7 operator.
 */
export function decodeCodec7Record(r: ByteReader, deviceId: string): Codec7Record {
  const stamp = r.u32();
  const priority = stamp >>> 30;
  const fixTime = new Date(((stamp & 0x3fffffff) + GH3000_EPOCH_S) * 1000);
  const mask = r.u8();
  const attributes: Record<string, AttributeValue> = { priority };
  let position: DevicePosition | null = null;
  if (mask & 0x01) {
    const gps = r.u8();
    let latitude: number | undefined;
    let longitude: number | undefined;
    if (gps & 0x01) {
      const floats = r.bytes(8); // bounds-checked before reading
      latitude = floats.readFloatBE(0);
      longitude = floats.readFloatBE(4);
    }
    const altitude = gps & 0x02 ? r.i16() : 0;
    const course = gps & 0x04 ? Math.round((r.u8() * 360) / 256) : 0;
    const speed = gps & 0x08 ? r.u8() : 0;
    const satellites = gps & 0x10 ? r.u8() : 0;
    if (gps & 0x20) {
      attributes.lac = r.u16();
      attributes.cellId = r.u16();
    }
    if (gps & 0x40) attributes.rssi = r.u8();
    if (gps & 0x80) attributes.operator = r.u32();
    if (latitude !== undefined && longitude !== undefined && Number.isFinite(latitude) && Number.isFinite(longitude)) {
      position = {
        deviceId,
        protocol: "teltonika",
        fixTime,
        latitude,
        longitude,
        altitude,
        speed,
        course: course % 360,
        satellites,
        valid: satellites >= 3,
        attributes,
      };
    }
  }
  const io = new Map<number, TeltonikaIoValue>();
  for (const [bit, size] of [
    [0x02, 1],
    [0x04, 2],
    [0x08, 4],
  ] as const) {
    if (!(mask & bit)) continue;
    const n = r.u8();
    for (let k = 0; k < n; k++) {
      const id = r.u8();
      io.set(id, size === 1 ? r.u8() : size === 2 ? r.u16() : r.u32());
    }
  }
  if (position) applyTeltonikaIo(position, io);
  else for (const [id, value] of io) attributes[`io${id}`] = Number(value);
  return { position, priority, attributes };
}
