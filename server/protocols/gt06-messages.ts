/**
 * GT06 / Concox / Jimi IoT message layouts (the information content between protocol number and serial).
 * Framing, CRC and acknowledgements live in gt06.ts. Layouts follow the public Concox GT06, GT06N, JM-VL01,
 * X3 and 4G (JM-LL301/VL03) protocol documents; types and what the decoder makes of them are listed in
 * docs/telematics-protocols.md.
 */
import { ProtocolError, type AlarmType, type DevicePosition, type DeviceStatus } from "../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { encodeGt06Frame, type Gt06Frame } from "./gt06-frame";
import {
  applyTerminalInfo,
  decodeGps,
  decodeLbs,
  decodeStatusBlock,
  readDate,
  type Attrs,
  type Gt06Message,
} from "./gt06-blocks";
import {
  decodeHeartbeat23,
  decodeInfo,
  decodeLbsAlarm,
  decodeLbsMultiple,
  decodeSerial,
  decodeStatus36,
  decodeStatusLong,
  decodeWifi,
  decodeWifi4,
} from "./gt06-status";

export type { Gt06Message } from "./gt06-blocks";
/** ACC, data upload mode (the reason of the report), re-upload flag [, mileage]: GT06N / JM families. */
function decodeTrailer(r: ByteReader, position: DevicePosition): void {
  if (r.remaining === 3 || r.remaining === 7) {
    position.ignition = r.u8() > 0;
    position.attributes.event = r.u8();
    position.attributes.archive = r.u8() > 0;
  }
  if (r.remaining === 4) position.odometer = r.u32();
}

function mergeStatus(position: DevicePosition, status: DeviceStatus): DevicePosition {
  if (status.ignition !== undefined) position.ignition = status.ignition;
  if (status.alarm) position.alarm = status.alarm;
  return position;
}

// Location reports that start with the 18-byte GPS block.
const GPS_LBS = new Set([0x12, 0x1a, 0x22, 0x2d, 0x31, 0x37, 0x38, 0x39]);
const GPS_LBS_STATUS = new Set([0x16, 0x26, 0x27, 0x32]);
const GPS_LBS_4G = new Set([0xa0]);
// Reports that only carry cells and/or Wi-Fi access points: kept as device status (no coordinates).
const LBS_MULTIPLE = new Set([0x18, 0x24, 0x28, 0x2c, 0x2e, 0x33, 0xa1, 0xa2]);

/** The 4G types 0xA2/0xA3 exist as a GPS report (LWxG) and as a cell/Wi-Fi report; a GPS block's byte 6 is 0xCn. */
const startsWithGps = (content: Buffer) => content.length >= 18 && content[6] >= 0xa0;

export function decodeGt06Message(frame: Gt06Frame, deviceId: string, now = new Date()): Gt06Message {
  try {
    return decodeContent(frame, deviceId, now);
  } catch (error) {
    // A frame that passed its CRC but not its layout: a model variant we do not know. It is not stored and
    // not acknowledged (the device keeps it), and the connection stays open.
    if (error instanceof ProtocolError && frame.protocolNumber !== 0x01) {
      return { kind: "ignored", frame, reason: `unknown 0x${hex(frame.protocolNumber)} layout: ${error.message}` };
    }
    throw error;
  }
}

const hex = (n: number) => n.toString(16).padStart(2, "0");

function decodeContent(frame: Gt06Frame, deviceId: string, now: Date): Gt06Message {
  const { protocolNumber: type, content } = frame;
  const r = new ByteReader(content);

  if (type === 0x01) {
    const imei = r.bytes(8).toString("hex").replace(/^0/, "");
    if (!/^[0-9]+$/.test(imei)) throw new ProtocolError("login IMEI is not BCD digits");
    return { kind: "login", frame, imei };
  }
  if (type === 0x13 && content.length === 16) return decodeStatusLong(frame, r);
  if (type === 0x13 || type === 0x23) {
    const status: DeviceStatus = { attributes: {} };
    if (type === 0x13) decodeStatusBlock(r, status);
    else decodeHeartbeat23(r, status);
    return { kind: "status", frame, status };
  }
  if (type === 0x15 || type === 0x21) return decodeString(frame, r, deviceId);
  if (type === 0x8a) {
    const ack = encodeGt06Frame(0x8a, frame.serial, timeReply(now));
    return { kind: "status", frame, status: { attributes: { timeRequest: true } }, ack };
  }
  if (type === 0x70) return decodeModular(frame, r, deviceId);
  if (type === 0x94) return decodeInfo(frame, r);
  if (type === 0x9b) return decodeSerial(frame, r);
  if (type === 0x95) return decodeAlarm95(frame, r, deviceId);
  if (type === 0x34) return decodeX3(frame, r, deviceId);
  if (type === 0x36) return decodeStatus36(frame, r);
  if (type === 0x17 || type === 0x69) return decodeWifi(frame, r);
  if (type === 0xf3) return decodeWifi4(frame, r);
  if (type === 0x19 || type === 0xa5 || type === 0xa7) return decodeLbsAlarm(frame, r);
  if (frame.extended && (type === 0x32 || type === 0x33)) return decodeAz735(frame, r, deviceId);
  if ((type === 0xa2 || type === 0xa3) && !startsWithGps(content)) return decodeLbsMultiple(frame, r);
  if (LBS_MULTIPLE.has(type)) return decodeLbsMultiple(frame, r);

  const gpsType =
    type === 0x10 ||
    type === 0x11 ||
    type === 0x1e ||
    GPS_LBS.has(type) ||
    GPS_LBS_STATUS.has(type) ||
    GPS_LBS_4G.has(type) ||
    type === 0xa2 ||
    type === 0xa3 ||
    type === 0xa4;
  if (!gpsType) return { kind: "ignored", frame, reason: `unsupported protocol number 0x${hex(type)}` };
  if (content.length < 18) return { kind: "ignored", frame, reason: "location packet without GPS data" };

  const position = decodeGps(r, deviceId)!;
  const attrs = position.attributes;
  attrs.type = type;
  const status: DeviceStatus = { attributes: attrs };
  if (type === 0x11) {
    decodeLbs(r, attrs, { wide: true });
  } else if (type === 0x1e) {
    decodeLbs(r, attrs, {}); // first of the neighbour cells; the rest is not kept
    r.skip(r.remaining);
  } else if (GPS_LBS.has(type) || GPS_LBS_4G.has(type)) {
    if (r.remaining >= 8) decodeLbs(r, attrs, { long: GPS_LBS_4G.has(type) });
  } else if (GPS_LBS_STATUS.has(type) || type === 0xa3 || type === 0xa4) {
    decodeLbs(r, attrs, { hasLength: true });
    decodeStatusBlock(r, status, type === 0x27 ? 3 : 0);
    if (type === 0x27 && r.remaining === 3) {
      r.skip(2); // language
      attrs.geofence = r.u8();
    }
  } else if (type === 0xa2) {
    decodeLbs(r, attrs, { long: true });
    attrs.networkIndicator = r.u8();
    decodeStatusBlock(r, status, r.remaining - 4);
  }
  if (type === 0x12 && r.remaining === 5) {
    // Terminal info, external power in 0.01 V, GSM signal, reserved.
    applyTerminalInfo(r.u8(), status);
    position.power = r.u16() / 100;
    attrs.rssi = r.u8();
  } else if (type === 0x37 && r.remaining >= 3) {
    position.ignition = r.u8() > 0;
    attrs.event = r.u8();
    attrs.archive = r.u8() > 0;
    if (r.remaining >= 3) decodeModule37(r, position);
  } else {
    decodeTrailer(r, position);
  }
  if (!position.valid && position.latitude === 0 && position.longitude === 0) {
    // No fix yet: nothing to place on the map, but the device's state is kept.
    return {
      kind: "status",
      frame,
      status: { ...status, attributes: { ...attrs, fixTime: position.fixTime.toISOString() } },
    };
  }
  return { kind: "position", frame, position: mergeStatus(position, status) };
}

function decodeModule37(r: ByteReader, position: DevicePosition): void {
  const module = r.u16();
  const length = r.u8();
  if (module === 0x27 && length >= 2) position.power = r.u16() / 100;
  else if (module === 0x2e && length >= 4) position.odometer = r.u32();
  else if (module === 0x3b && length >= 2) position.attributes.accuracy = r.u16() / 100;
  else r.skip(Math.min(length, r.remaining));
}

// The reply to a WHERE command in the long string packet.
const CURRENT_POSITION =
  /^Current position!Lat:([NS])([\d.]+),Lon:([EW])([\d.]+),Course:([\d.]+),Speed:([\d.]+),DateTime:(\d{4}-\d\d-\d\d) +(\d\d:\d\d:\d\d)/;

function decodeString(frame: Gt06Frame, r: ByteReader, deviceId?: string): Gt06Message {
  const short = frame.protocolNumber === 0x15;
  const commandLength = short ? r.u8() : r.remaining;
  const serverFlag = r.u32();
  const encoding = short ? 1 : r.u8();
  const textLength = short ? commandLength - 4 : r.remaining;
  const bytes = r.bytes(Math.min(Math.max(textLength, 0), r.remaining));
  const text = (encoding === 1 ? bytes.toString("latin1") : utf16be(bytes)).replace(/\0+$/, "");
  const where = CURRENT_POSITION.exec(text);
  if (where && deviceId !== undefined) {
    const [, ns, lat, ew, lon, course, speed, date, time] = where;
    const position: DevicePosition = {
      deviceId,
      protocol: "gt06",
      fixTime: new Date(`${date}T${time}Z`),
      latitude: ns === "S" ? -Number(lat) : Number(lat),
      longitude: ew === "W" ? -Number(lon) : Number(lon),
      altitude: 0,
      speed: Number(speed),
      course: Number(course),
      satellites: 0,
      valid: true,
      attributes: { type: frame.protocolNumber },
    };
    return { kind: "position", frame, position, ack: null };
  }
  return { kind: "commandResponse", frame, serverFlag, text };
}

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length & ~1));
  return swapped.swap16().toString("utf16le");
}

/** The time calibration reply: the server's UTC date and time. */
function timeReply(now: Date): Buffer {
  return Buffer.from([
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ]);
}

/** 0x70: modules of type (2), length (2), value; module 0x33 is the GPS fix. */
function decodeModular(frame: Gt06Frame, r: ByteReader, deviceId: string): Gt06Message {
  const attrs: Attrs = {};
  let position: DevicePosition | null = null;
  while (r.remaining >= 4) {
    const module = r.u16();
    const m = new ByteReader(r.bytes(r.u16()));
    if (module === 0x33 && m.remaining >= 18) {
      const fixTime = new Date(m.u32() * 1000);
      const satellites = m.u8();
      const altitude = m.i16();
      let latitude = m.u32() / 1_800_000;
      let longitude = m.u32() / 1_800_000;
      const speed = m.u8();
      const flags = m.u16();
      if ((flags & 0x0400) === 0) latitude = -latitude;
      if ((flags & 0x0800) !== 0) longitude = -longitude;
      position = {
        deviceId,
        protocol: "gt06",
        fixTime,
        latitude,
        longitude,
        altitude,
        speed,
        course: flags & 0x03ff,
        satellites,
        valid: (flags & 0x1000) !== 0,
        attributes: attrs,
      };
    } else if (module === 0x03 && m.remaining >= 10) attrs.iccid = m.bytes(10).toString("hex");
    else if (module === 0x09 && m.remaining >= 1) attrs.satellites = m.u8();
    else if (module === 0x11 && m.remaining >= 9) {
      attrs.mcc = m.u16();
      attrs.mnc = m.u16();
      attrs.lac = m.u16();
      attrs.cellId = m.u24();
    } else if (module === 0x18 && m.remaining >= 2) attrs.battery = m.u16() / 100;
    else if (module === 0x28 && m.remaining >= 1) attrs.hdop = m.u8() / 10;
    else if (module === 0x2b && m.remaining >= 1) attrs.event = m.u8();
    else if (module === 0x2e && m.remaining >= 4) attrs.odometer = m.buf.readUInt32LE(m.offset);
  }
  // Answered with a short (0x7878) frame although it arrives long: the default reply.
  const ack = undefined;
  if (position && (position.valid || position.latitude !== 0 || position.longitude !== 0)) {
    return { kind: "position", frame, position: { ...position, attributes: attrs }, ack };
  }
  return { kind: "status", frame, status: { attributes: attrs }, ack };
}

const ALARMS_95: Record<number, AlarmType> = {
  0x01: "sos",
  0x0e: "lowBattery",
  0x80: "vibration",
  0x87: "overspeed",
  0x88: "powerCut",
  0x90: "harshAcceleration",
  0x91: "harshBraking",
  0x92: "harshCornering",
  0x93: "crash",
};

/** 0x95 (JC100 dashcams): date + event, or date + coordinates + course word + event. */
function decodeAlarm95(frame: Gt06Frame, r: ByteReader, deviceId: string): Gt06Message {
  if (r.remaining > 7) {
    const position = decodeGps(r, deviceId, { satellites: false, speed: false })!;
    const event = r.u8();
    position.attributes.event = event;
    position.alarm = ALARMS_95[event] ?? "general";
    return { kind: "position", frame, position };
  }
  readDate(r);
  const event = r.u8();
  return {
    kind: "status",
    frame,
    status: { alarm: event === 1 ? "general" : (ALARMS_95[event] ?? "general"), attributes: { event } },
  };
}

/** 0x34 (X3/GT800 family): alarm word, GPS, terminal info, odometer, cell, driver id, voltages, ports, ADCs. */
function decodeX3(frame: Gt06Frame, r: ByteReader, deviceId: string): Gt06Message {
  const alarmWord = r.u32();
  const position = decodeGps(r, deviceId)!;
  const attrs = position.attributes;
  if (alarmWord) attrs.alarmCode = alarmWord;
  attrs.status = r.u16();
  position.odometer = r.u32();
  attrs.mcc = r.u16();
  attrs.mnc = r.u8();
  attrs.lac = r.u16();
  attrs.cellId = r.u32();
  const driver = r.u32();
  if (driver > 0) attrs.driverUniqueId = String(driver);
  attrs.battery = r.u16() / 100;
  position.power = r.u16() / 100;
  const ports = r.u32();
  attrs.input = r.u8();
  attrs.output = r.u8();
  const adcs = (ports >>> 20) & 0x0f;
  for (let i = 1; i <= adcs && r.remaining >= 2; i++) attrs[`adc${i}`] = r.u16() / 100;
  return { kind: "position", frame, position };
}

/** AZ735 long 0x32 (report) / 0x33 (alarm): GPS with a length byte, cell with a length byte, skipped extras. */
function decodeAz735(frame: Gt06Frame, r: ByteReader, deviceId: string): Gt06Message {
  const position = decodeGps(r, deviceId, { hasLength: true });
  const attrs: Attrs = position?.attributes ?? {};
  const lbsLength = r.buf[r.offset];
  if (lbsLength) {
    decodeLbs(r, attrs, { hasLength: true });
    attrs.rssi = r.u8();
  } else r.u8();
  r.skip(r.u8()); // further cells
  r.skip(r.u8()); // Wi-Fi access points
  const statusByte = r.u8();
  attrs.status = statusByte;
  const status: DeviceStatus = { attributes: attrs };
  if (frame.protocolNumber === 0x33) {
    if (statusByte === 0xa0) attrs.armed = true;
    else if (statusByte === 0xa1) attrs.armed = false;
    else if (statusByte === 0xa2 || statusByte === 0xa3) status.alarm = "lowBattery";
    else if (statusByte === 0xa4) status.alarm = "general";
    else if (statusByte === 0xa5) status.alarm = "door";
  }
  const ack = encodeGt06Frame(frame.protocolNumber, frame.serial, Buffer.alloc(0), true);
  if (!position) return { kind: "status", frame, status, ack };
  return { kind: "position", frame, position: mergeStatus(position, status), ack };
}
