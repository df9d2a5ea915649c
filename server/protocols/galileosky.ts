import { ProtocolError, type AttributeValue, type DeviceCommand, type DevicePosition } from "../shared/device-contract";
import { crc16Modbus } from "./checksum";

/**
 * Galileosky (Base Block, 7.x, 10.x) server exchange protocol: header 0x01, u16 LE length whose top bit flags
 * unsent archive data, tags (id byte + fixed-size little-endian value), CRC-16/MODBUS LE over everything before
 * it. The server confirms every packet with 0x02 + the packet's CRC. A tag that repeats starts the next record.
 */
export const GALILEOSKY_DEFAULT_MAX_FRAME = 4096;

/** Command text for output 0 (the immobiliser relay in Galileosky's wiring diagrams). */
export const GALILEOSKY_ENGINE_STOP = "Out 0,1";
export const GALILEOSKY_ENGINE_RESUME = "Out 0,0";

const HEADER = 0x01;
const CONFIRM = 0x02;

/** Fixed value sizes from the Galileosky tag table; 0xe1/0xea carry a length byte, 0xfe a u16 length. */
const TAG_SIZES = new Map<number, number>();
const sizes: Array<[number, number[]]> = [
  [1, [0x01, 0x02, 0x35, 0x43, 0x49, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0xd5, ...range(0xa0, 0xaf), ...range(0xc4, 0xd2)]],
  [
    2,
    [0x04, 0x10, 0x34, 0x40, 0x41, 0x42, 0x45, 0x46, 0x48, 0x58, 0x59, 0x78, 0x79, ...range(0x50, 0x57)].concat(
      range(0x60, 0x62),
      range(0x70, 0x77),
      range(0xb0, 0xb9),
      range(0xd6, 0xda),
    ),
  ],
  [3, [0x5d, ...range(0x63, 0x6f), ...range(0x80, 0x87)]],
  [4, [0x20, 0x33, 0x44, 0x47, 0x5a, 0x90, 0xd3, 0xd4, 0xe0, ...range(0xc0, 0xc3), ...range(0xdb, 0xdf)]],
  [9, [0x30]],
  [15, [0x03]],
  [68, [0x5c]],
];
for (const [size, tags] of sizes) for (const tag of tags) TAG_SIZES.set(tag, size);
for (const tag of [...range(0xe2, 0xe9), ...range(0xf0, 0xf9)]) TAG_SIZES.set(tag, 4);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export interface GalileoskyPacket {
  /** IMEI from tag 0x03, when the packet carries it (the head packet always does). */
  imei?: string;
  /** Device number from tag 0x04 (needed to address commands). */
  deviceNumber?: number;
  archive: boolean;
  positions: DevicePosition[];
  /** Values of records without a position (head packet: hardware/firmware versions). */
  status: Record<string, AttributeValue>;
  /** Text of a command reply (tag 0xe1). */
  reply?: string;
  /** The server's confirmation, to send once the packet is committed. */
  confirmation: Buffer;
}

/** Length of the next packet; 0 = need more bytes. */
export function galileoskyFrameLength(buf: Buffer, maxFrame = GALILEOSKY_DEFAULT_MAX_FRAME): number {
  if (buf.length === 0) return 0;
  if (buf[0] !== HEADER) throw new ProtocolError(`unexpected Galileosky header 0x${buf[0].toString(16)}`);
  if (buf.length < 3) return 0;
  const length = buf.readUInt16LE(1) & 0x7fff;
  if (length < 2 || length + 5 > maxFrame) {
    throw new ProtocolError(`bad Galileosky packet length ${length} (max frame ${maxFrame})`);
  }
  return buf.length >= length + 5 ? length + 5 : 0;
}

type Tags = Map<number, Buffer>;

/** Splits the tag area into records: a tag seen again starts a new record. */
function records(body: Buffer): Tags[] {
  const out: Tags[] = [];
  let current: Tags = new Map();
  let o = 0;
  while (o < body.length) {
    const tag = body[o++];
    let size = TAG_SIZES.get(tag);
    let start = o;
    if (tag === 0xe1 || tag === 0xea) {
      size = body[o];
      start = o + 1;
    } else if (tag === 0xfe) {
      if (o + 2 > body.length) throw new ProtocolError("truncated Galileosky extended tags");
      size = body.readUInt16LE(o);
      start = o + 2;
    }
    if (size === undefined) throw new ProtocolError(`unknown Galileosky tag 0x${tag.toString(16)}`);
    if (start + size > body.length) throw new ProtocolError(`truncated Galileosky tag 0x${tag.toString(16)}`);
    if (current.has(tag)) {
      out.push(current);
      current = new Map();
    }
    current.set(tag, body.subarray(start, start + size));
    o = start + size;
  }
  if (current.size > 0) out.push(current);
  return out;
}

function attributesOf(tags: Tags): Record<string, AttributeValue> {
  const a: Record<string, AttributeValue> = {};
  for (const [tag, v] of tags) {
    switch (tag) {
      case 0x01:
        a.hardwareVersion = v[0];
        break;
      case 0x02:
        a.firmwareVersion = v[0];
        break;
      case 0x03:
      case 0x04:
      case 0x20:
      case 0x30:
      case 0x33:
      case 0x34:
      case 0xd4:
      case 0xe1:
        break; // position fields and identity
      case 0x10:
        a.index = v.readUInt16LE(0);
        break;
      case 0x35:
        a.hdop = v[0] / 10;
        break;
      case 0x40:
        a.status = v.readUInt16LE(0);
        break;
      case 0x41:
        a.power = v.readUInt16LE(0) / 1000;
        break;
      case 0x42:
        a.battery = v.readUInt16LE(0) / 1000;
        break;
      case 0x43:
        a.deviceTemp = v.readInt8(0);
        break;
      case 0x45:
        a.output = v.readUInt16LE(0);
        break;
      case 0x46:
        a.input = v.readUInt16LE(0);
        break;
      case 0x90:
        a.driverUniqueId = String(v.readUInt32LE(0));
        break;
      case 0xe0:
        a.commandNumber = v.readUInt32LE(0);
        break;
      default:
        if (tag >= 0x50 && tag <= 0x57) a[`adc${tag - 0x50}`] = v.readUInt16LE(0);
        else
          a[`tag${tag.toString(16).padStart(2, "0")}`] = v.length <= 4 ? v.readUIntLE(0, v.length) : v.toString("hex");
    }
  }
  return a;
}

function positionOf(imei: string, tags: Tags): DevicePosition | null {
  const time = tags.get(0x20);
  const coords = tags.get(0x30);
  if (!time || !coords) return null;
  const motion = tags.get(0x33);
  const position: DevicePosition = {
    deviceId: imei,
    protocol: "galileosky",
    fixTime: new Date(time.readUInt32LE(0) * 1000),
    // high nibble of the first byte: 0 = valid fix (2 = from cell towers, others invalid)
    valid: coords[0] >> 4 === 0,
    satellites: coords[0] & 0x0f,
    latitude: coords.readInt32LE(1) / 1e6,
    longitude: coords.readInt32LE(5) / 1e6,
    speed: motion ? motion.readUInt16LE(0) / 10 : 0,
    course: motion ? motion.readUInt16LE(2) / 10 : 0,
    altitude: tags.get(0x34)?.readInt16LE(0) ?? 0,
    attributes: attributesOf(tags),
  };
  if (typeof position.attributes.power === "number") {
    position.power = position.attributes.power;
    delete position.attributes.power;
  }
  const odometer = tags.get(0xd4);
  if (odometer) position.odometer = odometer.readUInt32LE(0);
  return position;
}

/**
 * Checks length and CRC and decodes a packet. `imei` is the connection's device (from its head packet) for main
 * packets that do not repeat tag 0x03.
 */
export function decodeGalileoskyFrame(frame: Buffer, imei?: string): GalileoskyPacket {
  if (frame.length < 5 || frame[0] !== HEADER) throw new ProtocolError("not a Galileosky packet");
  const lengthField = frame.readUInt16LE(1);
  if ((lengthField & 0x7fff) + 5 !== frame.length) throw new ProtocolError("Galileosky length does not match");
  const crc = frame.readUInt16LE(frame.length - 2);
  const actual = crc16Modbus(frame.subarray(0, frame.length - 2));
  if (crc !== actual) {
    throw new ProtocolError(`bad Galileosky CRC: packet says ${crc.toString(16)}, computed ${actual.toString(16)}`);
  }
  const packet: GalileoskyPacket = {
    archive: (lengthField & 0x8000) !== 0,
    positions: [],
    status: {},
    confirmation: Buffer.from([CONFIRM, crc & 0xff, crc >> 8]),
  };
  for (const tags of records(frame.subarray(3, frame.length - 2))) {
    const idTag = tags.get(0x03);
    if (idTag) {
      const id = idTag.toString("latin1").replace(/\0+$/, "");
      if (!/^\d{1,15}$/.test(id)) throw new ProtocolError("Galileosky IMEI tag is not digits");
      packet.imei ??= id;
    }
    const number = tags.get(0x04);
    if (number) packet.deviceNumber ??= number.readUInt16LE(0);
    const reply = tags.get(0xe1);
    if (reply) packet.reply = reply.toString("latin1");
    const deviceId = packet.imei ?? imei;
    const position = deviceId ? positionOf(deviceId, tags) : null;
    if (position) packet.positions.push(position);
    else if (!reply) Object.assign(packet.status, attributesOf(tags));
  }
  return packet;
}

/** Any packet with header, length (archive flag optional) and CRC around the given tag bytes. */
export function wrapGalileosky(tags: Buffer, archive = false): Buffer {
  const out = Buffer.alloc(tags.length + 5);
  out[0] = HEADER;
  out.writeUInt16LE(tags.length | (archive ? 0x8000 : 0), 1);
  tags.copy(out, 3);
  out.writeUInt16LE(crc16Modbus(out.subarray(0, out.length - 2)), out.length - 2);
  return out;
}

/** Server to device: IMEI, device number, command number and text (tags 0x03, 0x04, 0xe0, 0xe1). */
export function encodeGalileoskyCommand(
  imei: string,
  deviceNumber: number,
  commandNumber: number,
  command: DeviceCommand,
): Buffer {
  const text =
    command.type === "engineStop"
      ? GALILEOSKY_ENGINE_STOP
      : command.type === "engineResume"
        ? GALILEOSKY_ENGINE_RESUME
        : command.text;
  const body = Buffer.from(text, "latin1");
  if (body.length > 255) throw new Error("Galileosky command text is longer than 255 bytes");
  const tags = Buffer.alloc(1 + 15 + 3 + 5 + 2 + body.length);
  let o = tags.writeUInt8(0x03, 0);
  o += tags.write(imei.padStart(15, "0").slice(-15), o, "latin1");
  o = tags.writeUInt8(0x04, o);
  o = tags.writeUInt16LE(deviceNumber, o);
  o = tags.writeUInt8(0xe0, o);
  o = tags.writeUInt32LE(commandNumber >>> 0, o);
  o = tags.writeUInt8(0xe1, o);
  o = tags.writeUInt8(body.length, o);
  body.copy(tags, o);
  return wrapGalileosky(tags);
}

export interface GalileoskyRecordInput {
  time: Date;
  latitude: number;
  longitude: number;
  satellites?: number;
  valid?: boolean;
  speed?: number;
  course?: number;
  altitude?: number;
  index?: number;
  powerMv?: number;
}

/** Device side: tags of one record (index, time, coordinates, speed/course, altitude, power). */
export function encodeGalileoskyRecord(r: GalileoskyRecordInput): Buffer {
  const b = Buffer.alloc(3 + 5 + 10 + 5 + 3 + 3);
  let o = b.writeUInt8(0x10, 0);
  o = b.writeUInt16LE(r.index ?? 0, o);
  o = b.writeUInt8(0x20, o);
  o = b.writeUInt32LE(Math.floor(r.time.getTime() / 1000), o);
  o = b.writeUInt8(0x30, o);
  o = b.writeUInt8(((r.valid === false ? 1 : 0) << 4) | ((r.satellites ?? 9) & 0x0f), o);
  o = b.writeInt32LE(Math.round(r.latitude * 1e6), o);
  o = b.writeInt32LE(Math.round(r.longitude * 1e6), o);
  o = b.writeUInt8(0x33, o);
  o = b.writeUInt16LE(Math.round((r.speed ?? 0) * 10), o);
  o = b.writeUInt16LE(Math.round((r.course ?? 0) * 10), o);
  o = b.writeUInt8(0x34, o);
  o = b.writeInt16LE(Math.round(r.altitude ?? 0), o);
  o = b.writeUInt8(0x41, o);
  b.writeUInt16LE(r.powerMv ?? 12000, o);
  return b;
}

/** Device side: the head packet (hardware, firmware, IMEI, device number). */
export function encodeGalileoskyHead(imei: string, deviceNumber = 1): Buffer {
  const tags = Buffer.alloc(2 + 2 + 16 + 3);
  let o = tags.writeUInt8(0x01, 0);
  o = tags.writeUInt8(0x82, o);
  o = tags.writeUInt8(0x02, o);
  o = tags.writeUInt8(0x13, o);
  o = tags.writeUInt8(0x03, o);
  o += tags.write(imei, o, "latin1");
  o = tags.writeUInt8(0x04, o);
  tags.writeUInt16LE(deviceNumber, o);
  return wrapGalileosky(tags);
}
