import {
  encodeGt06Frame,
  GT06_ALARM,
  GT06_GPS_LBS,
  GT06_GPS_LBS_2,
  GT06_LOGIN,
  GT06_STATUS,
  GT06_STRING_RESPONSE,
} from "../../protocols/gt06";
import type { AlarmType } from "../../shared/device-contract";

export interface Gt06SimPosition {
  fixTime: Date;
  latitude: number;
  longitude: number;
  /** km/h */
  speed?: number;
  course?: number;
  satellites?: number;
  valid?: boolean;
  ignition?: boolean;
}

export function encodeGt06Login(imei: string, serial = 1): Buffer {
  const digits = imei.padStart(16, "0");
  if (!/^[0-9]{16}$/.test(digits)) throw new Error(`IMEI must be up to 16 digits: ${imei}`);
  return encodeGt06Frame(GT06_LOGIN, serial, Buffer.from(digits, "hex"));
}

function gpsBlock(p: Gt06SimPosition): Buffer {
  const b = Buffer.alloc(18);
  const t = p.fixTime;
  b.set(
    [
      t.getUTCFullYear() - 2000,
      t.getUTCMonth() + 1,
      t.getUTCDate(),
      t.getUTCHours(),
      t.getUTCMinutes(),
      t.getUTCSeconds(),
    ],
    0,
  );
  b[6] = 0xc0 | ((p.satellites ?? 8) & 0x0f);
  b.writeUInt32BE(Math.round(Math.abs(p.latitude) * 1_800_000), 7);
  b.writeUInt32BE(Math.round(Math.abs(p.longitude) * 1_800_000), 11);
  b[15] = Math.min(255, Math.round(p.speed ?? 0));
  let flags = Math.round(p.course ?? 0) & 0x03ff;
  if (p.latitude >= 0) flags |= 0x0400;
  if (p.longitude < 0) flags |= 0x0800;
  if (p.valid ?? true) flags |= 0x1000;
  if (p.ignition !== undefined) flags |= 0x4000 | (p.ignition ? 0x8000 : 0);
  b.writeUInt16BE(flags, 16);
  return b;
}

const LBS = Buffer.from([0x01, 0xcc, 0x00, 0x28, 0x7d, 0x00, 0x1f, 0x71]); // MCC 460, MNC 0, LAC, cell id

/** 0x12 (GPS + LBS) or 0x22 (GPS + LBS + ACC, upload mode, re-upload flag). */
export function encodeGt06Location(
  p: Gt06SimPosition,
  serial: number,
  protocolNumber: 0x12 | 0x22 = GT06_GPS_LBS,
): Buffer {
  const parts = [gpsBlock(p), LBS];
  if (protocolNumber === GT06_GPS_LBS_2) parts.push(Buffer.from([p.ignition ? 1 : 0, 0x00, 0x00]));
  return encodeGt06Frame(protocolNumber, serial, Buffer.concat(parts));
}

const ALARM_CODES: Partial<Record<AlarmType, number>> = { sos: 0x01, powerCut: 0x02, vibration: 0x03, tamper: 0x13 };

/** 0x16 alarm: GPS, LBS with length byte, terminal info, voltage level, GSM, alarm, language. */
export function encodeGt06Alarm(p: Gt06SimPosition, alarm: AlarmType, serial: number): Buffer {
  const code = ALARM_CODES[alarm];
  if (code === undefined) throw new Error(`no GT06 alarm code for ${alarm}`);
  const status = Buffer.from([0x40 | (p.ignition ? 0x02 : 0), 0x06, 0x04, code, 0x02]);
  return encodeGt06Frame(GT06_ALARM, serial, Buffer.concat([gpsBlock(p), Buffer.from([0x09]), LBS, status]));
}

export function encodeGt06Heartbeat(
  serial: number,
  options: { ignition?: boolean; voltageLevel?: number; gsm?: number } = {},
): Buffer {
  const info = 0x40 | (options.ignition ? 0x02 : 0);
  return encodeGt06Frame(
    GT06_STATUS,
    serial,
    Buffer.from([info, options.voltageLevel ?? 6, options.gsm ?? 4, 0x00, 0x02]),
  );
}

/** Device reply 0x15 to an online command: length, echoed server flag, text, language. */
export function encodeGt06CommandResponse(serverFlag: number, text: string, serial: number): Buffer {
  const body = Buffer.from(text, "ascii");
  const content = Buffer.alloc(5 + body.length + 2);
  content[0] = 4 + body.length;
  content.writeUInt32BE(serverFlag >>> 0, 1);
  body.copy(content, 5);
  content.writeUInt16BE(0x0002, 5 + body.length);
  return encodeGt06Frame(GT06_STRING_RESPONSE, serial, content);
}
