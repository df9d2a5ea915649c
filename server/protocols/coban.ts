import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../shared/device-contract";

/**
 * Coban / GPS103 (TK103, TK104, GPS-103/104/105 and their clones): text messages ended by `;`.
 * `##,imei:<imei>,A;` logs in (answered `LOAD`), `<imei>;` is the heartbeat (answered `ON`), and
 * `imei:<imei>,<keyword>,<local time>,<phone>,F|L,<UTC hhmmss.sss>,A|V,<lat>,N|S,<lon>,E|W,<speed knots>,
 * <course>,<altitude>,<acc>,<door>,<fuel 1>,<fuel 2>,<temperature>;` reports. Reports get no answer.
 */
export const COBAN_MAX_FRAME = 1024;

const KNOTS_TO_KMH = 1.852;

export type CobanMessage =
  | { kind: "login"; deviceId: string }
  | { kind: "heartbeat"; deviceId: string }
  | { kind: "position"; deviceId: string; position: DevicePosition }
  | {
      kind: "status";
      deviceId: string;
      alarm?: AlarmType;
      ignition?: boolean;
      attributes: Record<string, AttributeValue>;
    }
  | { kind: "text"; text: string };

/** Next message through its `;` (or line break); stray separators are 1-byte frames; binary is garbage. */
export function cobanFrameLength(buf: Buffer, maxFrame = COBAN_MAX_FRAME): number {
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x3b || b === 0x0a || b === 0x0d) return i + 1;
    if (b < 0x20 || b > 0x7e) throw new ProtocolError(`binary byte 0x${b.toString(16)} in a GPS103 message`);
    if (i + 1 >= maxFrame) throw new ProtocolError(`GPS103 message longer than ${maxFrame} bytes`);
  }
  return 0;
}

const ALARMS: Record<string, AlarmType> = {
  "help me": "sos",
  "low battery": "lowBattery",
  speed: "overspeed",
  "ac alarm": "powerCut",
  "door alarm": "door",
  "sensor alarm": "vibration",
  "accident alarm": "crash",
  stockade: "geofenceExit",
  "jamming alarm": "jamming",
};
const IGNITION: Record<string, boolean> = { "acc on": true, "acc off": false };

/** NMEA DDMM.MMMM / DDDMM.MMMM. */
function coordinate(value: string, hemisphere: string): number {
  if (!/^\d{3,}(\.\d+)?$/.test(value)) throw new ProtocolError(`bad GPS103 coordinate ${value}`);
  const whole = value.split(".")[0];
  const degrees = Number(whole.slice(0, -2)) + Number(value.slice(whole.length - 2)) / 60;
  return hemisphere === "S" || hemisphere === "W" ? -degrees : degrees;
}

/**
 * The report's date is only in the local time field (YYMMDDhhmm[ss], some firmware `YY/MM/DD hh:mm`);
 * the fix time is UTC. The UTC date is the local date moved by a day when the two clocks straddle midnight.
 */
function fixTime(local: string, utc: string): Date {
  const d = local.replace(/\D/g, "");
  const t = /^(\d{2})(\d{2})(\d{2})(\.\d+)?$/.exec(utc);
  if (d.length < 10 || !t) return new Date(Number.NaN);
  const n = (i: number) => Number(d.slice(i, i + 2));
  const localMinutes = n(6) * 60 + n(8);
  const utcMinutes = Number(t[1]) * 60 + Number(t[2]);
  // local = UTC + offset, offset within -12 h..+14 h (+12 preferred over -12 when the clocks are 12 h apart)
  const apart = localMinutes - utcMinutes;
  const shift = apart <= -12 * 60 ? -1 : apart > 14 * 60 ? 1 : 0;
  const ms = t[4] ? Math.round(Number(t[4]) * 1000) : 0;
  return new Date(Date.UTC(2000 + n(0), n(2) - 1, n(4) + shift, +t[1], +t[2], +t[3], ms));
}

export function decodeCobanMessage(raw: string): CobanMessage {
  const text = raw.replace(/[;\r\n]+$/, "").trim();
  const login = /^##,imei:(\d+),A$/.exec(text);
  if (login) return { kind: "login", deviceId: login[1] };
  if (/^\d{10,20}$/.test(text)) return { kind: "heartbeat", deviceId: text };
  if (!text.startsWith("imei:")) return { kind: "text", text };
  const fields = text.split(",");
  const deviceId = fields[0].slice(5);
  if (!/^\d+$/.test(deviceId)) throw new ProtocolError("GPS103 report without an IMEI");
  const keyword = (fields[1] ?? "").trim();
  const alarm = ALARMS[keyword];
  const ignition = IGNITION[keyword];
  const [, , local = "", phone = "", source = "", utc = "", validity, lat, ns, lon, ew, speed, course, alt] = fields;
  if (source !== "F" || !lat || !lon || !/^[NS]$/.test(ns ?? "") || !/^[EW]$/.test(ew ?? "")) {
    const attributes: Record<string, AttributeValue> = { event: keyword };
    if (source === "L" && fields[5] && fields[6]) {
      attributes.lac = parseInt(fields[5], 16);
      attributes.cellId = parseInt(fields[6], 16);
    }
    return { kind: "status", deviceId, alarm, ignition, attributes };
  }
  const attributes: Record<string, AttributeValue> = { event: keyword };
  if (phone) attributes.phone = phone;
  const acc = fields[14];
  const door = fields[15];
  if (door === "0" || door === "1") attributes.door = door === "1";
  for (const [i, name] of [
    [16, "fuel1"],
    [17, "fuel2"],
    [18, "temperature"],
  ] as const) {
    const v = Number.parseFloat(fields[i] ?? "");
    if (Number.isFinite(v)) attributes[name] = v;
  }
  const position: DevicePosition = {
    deviceId,
    protocol: "coban",
    fixTime: fixTime(local, utc),
    latitude: coordinate(lat, ns),
    longitude: coordinate(lon, ew),
    altitude: Number.parseFloat(alt ?? "") || 0,
    speed: (Number.parseFloat(speed ?? "") || 0) * KNOTS_TO_KMH,
    course: Number.parseFloat(course ?? "") || 0,
    satellites: 0,
    valid: validity === "A",
    attributes,
  };
  if (alarm) position.alarm = alarm;
  if (ignition !== undefined) position.ignition = ignition;
  else if (acc === "0" || acc === "1") position.ignition = acc === "1";
  return { kind: "position", deviceId, position };
}

export const cobanAnswer = (text: "LOAD" | "ON") => Buffer.from(text, "latin1");

/** `**,imei:<imei>,J` cuts the fuel/power relay, `K` restores it; other text is wrapped the same way. */
export function encodeCobanCommand(deviceId: string, command: DeviceCommand): Buffer {
  const body = command.type === "engineStop" ? "J" : command.type === "engineResume" ? "K" : command.text;
  return Buffer.from(body.startsWith("**") ? body : `**,imei:${deviceId},${body}`, "latin1");
}
