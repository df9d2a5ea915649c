/** GT06 reports without coordinates (status, information, cell and Wi-Fi reports): kept as device status. */
import { type DeviceStatus } from "../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { type Gt06Frame } from "./gt06-frame";
import { ALARMS, applyTerminalInfo, decodeLbs, decodeStatusBlock, type Attrs, type Gt06Message } from "./gt06-blocks";

/** 0x13 of the long form (22 bytes): satellites, alarm, language, battery %, mode, voltages, temperature. */
export function decodeStatusLong(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const status: DeviceStatus = { attributes: {} };
  applyTerminalInfo(r.u8(), status);
  r.skip(2); // satellites in view
  const alarm = ALARMS[r.u8()];
  if (alarm) status.alarm = alarm;
  r.u8(); // language
  status.attributes.batteryLevel = r.u8();
  status.attributes.mode = r.u8();
  status.attributes.battery = r.u16() / 100;
  r.skip(5); // reserved, working times, working time
  const value = r.u16();
  status.attributes.temp1 = ((value & 0x8000 ? 1 : -1) * (value & 0x7fff)) / 10;
  return { kind: "status", frame, status };
}

/** 0xF3 Wi-Fi report: BCD time, count, access points (2 reserved bytes + MAC each). */
export function decodeWifi4(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const time = r.bytes(6).toString("hex");
  const count = r.u8();
  r.skip(Math.min(8 * count, r.remaining));
  return { kind: "status", frame, status: { attributes: { type: 0xf3, time, wifi: count } } };
}

/** GK310 heartbeat: terminal info [, battery voltage 0.01 V] [, GSM signal]. */
export function decodeHeartbeat23(r: ByteReader, status: DeviceStatus): void {
  const info = r.u8();
  status.attributes.armed = (info & 0x01) !== 0;
  status.ignition = (info & 0x02) !== 0;
  status.attributes.charge = (info & 0x04) !== 0;
  if (r.remaining >= 2) status.attributes.battery = r.u16() / 100;
  if (r.remaining >= 1) status.attributes.rssi = r.u8();
}

/** 0x94 information transfer: external voltage, status text, door, ICCID, RFID. The device expects no reply. */
export function decodeInfo(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const sub = r.u8();
  const attrs: Attrs = { infoType: sub };
  if (sub === 0x00 && r.remaining >= 2) attrs.power = r.u16() / 100;
  else if (sub === 0x04) attrs.info = r.bytes(r.remaining).toString("latin1").slice(0, 500);
  else if (sub === 0x05 && r.remaining >= 1) attrs.door = (r.u8() & 0x01) !== 0;
  else if (sub === 0x0a && r.remaining >= 26) {
    attrs.imei = r.bytes(8).toString("hex").replace(/^0/, "");
    attrs.imsi = r.bytes(8).toString("hex").replace(/^0/, "");
    attrs.iccid = r.bytes(10).toString("hex").replace(/f/g, "");
  } else if (sub === 0x1b && r.remaining >= 6) {
    r.skip(2);
    attrs.driverUniqueId = r.bytes(4).toString("hex");
  } else if (r.remaining > 0) attrs.info = r.bytes(Math.min(r.remaining, 200)).toString("hex");
  return { kind: "status", frame, status: { attributes: attrs }, ack: null };
}

/** 0x9B serial pass-through: a temperature probe or an RFID card reader. */
export function decodeSerial(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const attrs: Attrs = { serialDevice: r.u8() };
  const body = r.bytes(r.remaining);
  if (body[0] === 0x02 && body.length > 4) {
    // STX, card number, 2-character checksum, ETX.
    attrs.driverUniqueId = body.subarray(1, body.length - 3).toString("latin1");
  } else if (body.length > 4) {
    // Probe text, then a checksum and CR LF.
    const temperature = Number.parseFloat(body.subarray(0, body.length - 4).toString("latin1"));
    if (Number.isFinite(temperature)) attrs.temp1 = temperature;
  }
  return { kind: "status", frame, status: { attributes: attrs }, ack: null };
}

/** 0x36 (Jimi IoT 4G status): status block, language, then modules of type (2), length (1), value. */
export function decodeStatus36(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const status: DeviceStatus = { attributes: {} };
  applyTerminalInfo(r.u8(), status);
  const battery = r.u8();
  if (battery <= 6) status.attributes.batteryLevel = Math.round((battery * 100) / 6);
  else if (battery <= 100) status.attributes.batteryLevel = battery;
  status.attributes.rssi = r.u8();
  const alarm = ALARMS[r.u8()];
  if (alarm) status.alarm = alarm;
  if (r.remaining > 0) r.u8(); // language
  while (r.remaining >= 3) {
    const module = r.u16();
    const m = new ByteReader(r.bytes(Math.min(r.u8(), r.remaining)));
    if (module === 0x18 && m.remaining >= 2) status.attributes.battery = m.u16() / 100;
    else if (module === 0x32 && m.remaining >= 1) status.attributes.startupStatus = m.u8();
    else if (module === 0x6a && m.remaining >= 1) status.attributes.batteryLevel = m.u8();
  }
  return { kind: "status", frame, status };
}

/**
 * 0x17/0x69 Wi-Fi report (no CRC; the length byte is the access point count): BCD time, access points,
 * cell count, MCC, MNC, cells. Answered with the type and the time.
 */
export function decodeWifi(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const time = r.bytes(6);
  const attrs: Attrs = { type: frame.protocolNumber, time: time.toString("hex"), wifi: frame.apCount ?? 0 };
  r.skip(7 * (frame.apCount ?? 0));
  if (r.remaining >= 4) {
    attrs.cells = r.u8();
    attrs.mcc = r.u16();
    attrs.mnc = r.u8();
    if (r.remaining >= 5) {
      attrs.lac = r.u16();
      attrs.cellId = r.u16();
    }
  }
  // The reply has no CRC either: 7878, 00, type, the report's time, 0D0A.
  const ack =
    frame.apCount === undefined
      ? undefined
      : Buffer.concat([Buffer.from([0x78, 0x78, 0x00, frame.protocolNumber]), time, Buffer.from([0x0d, 0x0a])]);
  return { kind: "status", frame, status: { attributes: attrs }, ack };
}

/** 0x19 LBS + status, 0xA5 4G LBS alarm: cell, then the status block. */
export function decodeLbsAlarm(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const status: DeviceStatus = { attributes: { type: frame.protocolNumber } };
  decodeLbs(r, status.attributes, { long: frame.protocolNumber !== 0x19 });
  if (frame.protocolNumber === 0xa7) {
    // An address request (the phone number to text it to follows); no address service here, so no reply.
    return { kind: "status", frame, status, ack: null };
  }
  decodeStatusBlock(r, status);
  return { kind: "status", frame, status };
}

/**
 * Cell (and Wi-Fi) only reports: date, MCC, MNC, up to 7 cells (LAC, cell id, signal), timing advance
 * [, Wi-Fi count and access points]. They carry no coordinates, so they are kept as device status.
 */
export function decodeLbsMultiple(frame: Gt06Frame, r: ByteReader): Gt06Message {
  const type = frame.protocolNumber;
  const long = type === 0xa1 || type === 0xa2;
  const attrs: Attrs = { type };
  r.skip(6); // date
  const mcc = r.u16();
  attrs.mcc = mcc & 0x7fff;
  attrs.mnc = mcc & 0x8000 ? r.u16() : r.u8();
  const count = type === 0x33 ? 6 : 7;
  let cells = 0;
  for (let i = 0; i < count && r.remaining >= (long ? 13 : 6); i++) {
    const lac = long ? r.u32() : r.u16();
    const cid = long ? Number(r.u64()) : r.u24();
    r.u8(); // signal
    if (lac > 0 && cells++ === 0) {
      attrs.lac = lac;
      attrs.cellId = cid;
    }
  }
  attrs.cells = cells;
  if (r.remaining > 0) r.u8(); // timing advance
  if ((type === 0x18 || type === 0x2c || type === 0xa2 || type === 0x33) && r.remaining > 0) {
    attrs.wifi = Math.min(r.u8(), Math.floor(r.remaining / 7));
  }
  return { kind: "status", frame, status: { attributes: attrs } };
}
