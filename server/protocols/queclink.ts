import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../shared/device-contract";

/**
 * Queclink @Track ASCII protocol (GL200/GL300/GL500, GV55/GV300/GV350/GV500/GV600, GB100, CV100/CV200):
 * `+RESP:GTxxx,…$` live reports, `+BUFF:GTxxx,…$` buffered ones, `+ACK:GTxxx,…$` answers and heartbeats.
 * Fields are comma separated; the last two are the send time and a 4-hex-digit count number.
 */
export const QUECLINK_MAX_FRAME = 4 * 1024;
/** The default AT command password is the model name; GV300 is the most common family. */
export const QUECLINK_DEFAULT_PASSWORD = "gv300";

export type QueclinkMessage =
  | { kind: "positions"; deviceId: string; reportType: string; positions: DevicePosition[]; count: string }
  | {
      kind: "status";
      deviceId: string;
      reportType: string;
      alarm?: AlarmType;
      ignition?: boolean;
      attributes: Record<string, AttributeValue>;
      count: string;
    }
  | { kind: "heartbeat"; deviceId: string; protocolVersion: string; count: string }
  | { kind: "ack"; deviceId: string; reportType: string; text: string; serial: string };

/**
 * Next frame: from `+` to the closing `$`. Firmware that omits the `$` ends its reports with a line
 * break instead; stray CR/LF/NUL bytes between reports are 1-byte frames the session skips.
 */
export function queclinkFrameLength(buf: Buffer, maxFrame = QUECLINK_MAX_FRAME): number {
  if (buf.length === 0) return 0;
  const first = buf[0];
  if (first === 0x0d || first === 0x0a || first === 0x00) return 1;
  if (first !== 0x2b) throw new ProtocolError(`unexpected Queclink start byte 0x${first.toString(16)}`);
  for (let i = 1; i < buf.length && i < maxFrame; i++) {
    const b = buf[i];
    if (b === 0x24) return i + 1;
    if (b === 0x0d || b === 0x0a) return i;
    if (b < 0x20 || b > 0x7e) throw new ProtocolError("binary data in a Queclink text report");
  }
  if (buf.length >= maxFrame) throw new ProtocolError(`Queclink report longer than ${maxFrame} bytes`);
  return 0;
}

const TIME = /^\d{14}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

function utc(s: string): Date {
  const n = (i: number, l = 2) => Number(s.slice(i, i + l));
  return new Date(Date.UTC(n(0, 4), n(4) - 1, n(6), n(8), n(10), n(12)));
}

/** Reports whose name alone gives an alarm. GTHBM depends on its report type (see below). */
const ALARMS: Record<string, AlarmType> = {
  GTSOS: "sos",
  GTPFA: "powerOff",
  GTMPF: "powerCut",
  GTBPL: "lowBattery",
  GTSPD: "overspeed",
  GTTOW: "towing",
  GTCRA: "crash",
  GTJDR: "jamming",
  GTGSS: "jamming",
  GTDOS: "door",
};
const IGNITION: Record<string, boolean> = { GTIGN: true, GTVGN: true, GTIGF: false, GTVGF: false };

/**
 * Every fix in a report is the run <speed>,<azimuth>,<altitude>,<longitude>,<latitude>,<GPS UTC time>
 * (preceded by the GPS accuracy/HDOP field and followed by MCC, MNC, LAC, cell id): the layouts before
 * and after it differ per report and model, the run does not. A fix without GPS has empty fields there.
 */
function fixes(fields: string[], deviceId: string, reportType: string): DevicePosition[] {
  const out: DevicePosition[] = [];
  for (let i = 1; i + 5 < fields.length - 2; i++) {
    const [speed, azimuth, altitude, lon, lat, time] = fields.slice(i, i + 6);
    if (!TIME.test(time) || ![speed, azimuth, altitude, lon, lat].every((v) => DECIMAL.test(v))) continue;
    if (!lon.includes(".") || !lat.includes(".")) continue;
    const accuracy = Number(fields[i - 1]);
    const attributes: Record<string, AttributeValue> = { reportType };
    if (Number.isFinite(accuracy) && fields[i - 1] !== "") attributes.hdop = accuracy;
    const [mcc, mnc, lac, cell] = fields.slice(i + 6, i + 10);
    if (mcc && /^\d+$/.test(mcc) && lac && cell) {
      attributes.mcc = Number(mcc);
      attributes.mnc = Number(mnc);
      attributes.lac = parseInt(lac, 16);
      attributes.cellId = parseInt(cell, 16);
    }
    out.push({
      deviceId,
      protocol: "queclink",
      fixTime: utc(time),
      latitude: Number(lat),
      longitude: Number(lon),
      altitude: Number(altitude),
      speed: Number(speed),
      course: Number(azimuth),
      satellites: 0,
      // GPS accuracy 0 means "no fix, last known position repeated"
      valid: fields[i - 1] === "" || accuracy > 0,
      attributes,
    });
    i += 5;
  }
  return out;
}

/** GTHBM report type: the last digit says braking (0), acceleration (1) or cornering (2). */
function harshAlarm(fields: string[]): AlarmType | undefined {
  const type = fields[5] ?? "";
  if (!/^\d{1,2}$/.test(type)) return undefined;
  return (["harshBraking", "harshAcceleration", "harshCornering"] as const)[Number(type) % 10];
}

export function decodeQueclinkReport(text: string): QueclinkMessage {
  const body = text.endsWith("$") ? text.slice(0, -1) : text;
  const match = /^\+(RESP|BUFF|ACK):(GT[A-Z0-9]{3}),/.exec(body);
  if (!match) throw new ProtocolError("not a Queclink @Track report");
  const [, kind, reportType] = match;
  const fields = body.slice(match[0].length - 1).split(",");
  fields[0] = reportType;
  const protocolVersion = fields[1] ?? "";
  const deviceId = fields[2] ?? "";
  if (!/^\d{6,20}$/.test(deviceId)) throw new ProtocolError("Queclink report without an IMEI");
  const count = fields[fields.length - 1] ?? "";
  if (kind === "ACK") {
    if (reportType === "GTHBD") return { kind: "heartbeat", deviceId, protocolVersion, count };
    return { kind: "ack", deviceId, reportType, text: body, serial: fields[4] ?? "" };
  }
  const alarm = reportType === "GTHBM" ? harshAlarm(fields) : ALARMS[reportType];
  const ignition = IGNITION[reportType];
  const positions = fixes(fields, deviceId, reportType);
  if (kind === "BUFF") for (const p of positions) p.attributes.archive = true;
  if (positions.length === 0) {
    const attributes: Record<string, AttributeValue> = { reportType };
    const sendTime = fields[fields.length - 2];
    if (sendTime && TIME.test(sendTime)) attributes.sendTime = utc(sendTime).toISOString();
    return { kind: "status", deviceId, reportType, alarm, ignition, attributes, count };
  }
  for (const p of positions) {
    if (alarm) p.alarm = alarm;
    if (ignition !== undefined) p.ignition = ignition;
  }
  return { kind: "positions", deviceId, reportType, positions, count };
}

/** `+SACK:<count>$`: the server acknowledgement of a report (devices with SACK off ignore it). */
export function queclinkSack(count: string): Buffer {
  return Buffer.from(`+SACK:${count}$`, "latin1");
}

/** `+SACK:GTHBD,<protocol version>,<count>$`: the heartbeat answer. */
export function queclinkHeartbeatAck(protocolVersion: string, count: string): Buffer {
  return Buffer.from(`+SACK:GTHBD,${protocolVersion},${count}$`, "latin1");
}

/**
 * AT+GTOUT drives digital output 1 (the immobiliser relay): status 1 = on (engine stop), 0 = off. The
 * serial number (4 hex digits) comes back in `+ACK:GTOUT`. Custom text is sent verbatim (an AT+GT… command).
 */
export function encodeQueclinkCommand(
  command: DeviceCommand,
  serial: number,
  password = QUECLINK_DEFAULT_PASSWORD,
): Buffer {
  if (command.type === "custom") return Buffer.from(command.text, "latin1");
  const status = command.type === "engineStop" ? 1 : 0;
  const sn = (serial & 0xffff).toString(16).toUpperCase().padStart(4, "0");
  return Buffer.from(`AT+GTOUT=${password},${status},0,0,0,0,0,0,0,0,0,,,,,,,${sn}$`, "latin1");
}
