/** CRC-16/IBM (ARC): reflected poly 0xA001, init 0. Used by Teltonika AVL and Codec 12 frames. */
export function crc16Ibm(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    }
  }
  return crc & 0xffff;
}

/** CRC-ITU as used by GT06 (CRC-16/X-25): reflected poly 0x8408, init 0xFFFF, final xor 0xFFFF. */
export function crc16X25(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
    }
  }
  return ~crc & 0xffff;
}
