/** Byte-at-a-time tables of the reflected CRC-16 polynomials (the inner bit loop done once, at load). */
function reflectedTable(poly: number): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    table[n] = crc;
  }
  return table;
}
const IBM = reflectedTable(0xa001);
const X25 = reflectedTable(0x8408);

/** CRC-16/IBM (ARC): reflected poly 0xA001, init 0. Used by Teltonika AVL and Codec 12 frames. */
export function crc16Ibm(data: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < data.length; i++) crc = (crc >>> 8) ^ IBM[(crc ^ data[i]) & 0xff];
  return crc;
}

/** CRC-ITU as used by GT06 (CRC-16/X-25): reflected poly 0x8408, init 0xFFFF, final xor 0xFFFF. */
export function crc16X25(data: Uint8Array): number {
  let crc = 0xffff;
  for (let i = 0; i < data.length; i++) crc = (crc >>> 8) ^ X25[(crc ^ data[i]) & 0xff];
  return ~crc & 0xffff;
}

/**
 * The DualCam file-transfer CRC: reflected poly 0x8408 with no final xor, seeded with the previous data
 * packet's CRC (0 for the first), so each packet's CRC also vouches for every packet before it.
 */
export function crc16DualCam(data: Uint8Array, init = 0): number {
  let crc = init & 0xffff;
  for (let i = 0; i < data.length; i++) crc = (crc >>> 8) ^ X25[(crc ^ data[i]) & 0xff];
  return crc;
}

/** CRC-16/KERMIT (Ruptela): reflected poly 0x8408, init 0, no final xor; sent big-endian. */
export function crc16Kermit(data: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < data.length; i++) crc = (crc >>> 8) ^ X25[(crc ^ data[i]) & 0xff];
  return crc;
}

/** CRC-16/MODBUS (Galileosky): reflected poly 0xA001, init 0xFFFF, no final xor; sent little-endian. */
export function crc16Modbus(data: Uint8Array): number {
  let crc = 0xffff;
  for (let i = 0; i < data.length; i++) crc = (crc >>> 8) ^ IBM[(crc ^ data[i]) & 0xff];
  return crc;
}
