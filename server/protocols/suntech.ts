import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../shared/device-contract";

/**
 * Suntech ST200/ST300/ST340/ST600 ("SA200STT;", "ST300STT;", "ST600ALT;" ...) and the universal protocol of
 * ST310U/ST4300/ST8300 ("STT;<id>;<header mask>;..."): `;`-separated ASCII reports, each ended by \r. Over TCP
 * the server sends no acknowledgement (ACK reports exist for UDP only).
 */
export const SUNTECH_MAX_FRAME = 2048;

export type SuntechMessage =
  | { kind: "position"; deviceId: string; dialect: string; position: DevicePosition }
  | { kind: "heartbeat"; deviceId: string; dialect: string }
  | { kind: "commandResponse"; deviceId: string; dialect: string; text: string }
  | { kind: "ignored"; deviceId: string; dialect: string; reason: string };

/** Length of the next report through its \r; 0 = need more bytes. A lone \n (from \r\n) is its own frame. */
export function suntechFrameLength(buf: Buffer, maxFrame = SUNTECH_MAX_FRAME): number {
  if (buf.length === 0) return 0;
  if (buf[0] === 0x0a || buf[0] === 0x0d) return 1;
  const head = buf.subarray(0, Math.min(buf.length, 9)).toString("latin1");
  if (!/^[A-Z0-9]{0,8}(;|$)/.test(head) || !/^[A-Z]/.test(head)) {
    throw new ProtocolError(`not a Suntech report: ${JSON.stringify(head)}`);
  }
  const end = buf.indexOf(0x0d);
  if (end === -1) {
    if (buf.length > maxFrame) throw new ProtocolError(`Suntech report longer than ${maxFrame} bytes`);
    return 0;
  }
  if (end + 1 > maxFrame) throw new ProtocolError(`Suntech report longer than ${maxFrame} bytes`);
  return end + 1;
}

/** ST300 alert ids (ALT) shared by the universal protocol. */
const ALERTS: Record<number, AlarmType> = {
  1: "overspeed",
  5: "geofenceExit",
  6: "geofenceEnter",
  14: "lowBattery",
  15: "vibration",
  16: "crash",
  41: "powerCut",
  46: "harshAcceleration",
  47: "harshBraking",
  48: "harshCornering",
  50: "jamming",
};

/** Emergency ids (EMG): 1 panic button, 2 parking lock, 3 main power removed, 5/6 door, 7 movement, 8 shock. */
const EMERGENCIES: Record<number, AlarmType> = {
  1: "sos",
  2: "general",
  3: "powerCut",
  5: "door",
  6: "door",
  7: "general",
  8: "vibration",
};

function dateTime(date: string | undefined, time: string | undefined): Date {
  const d = /^(\d{4})(\d\d)(\d\d)$/.exec(date ?? "");
  const t = /^(\d\d):(\d\d):(\d\d)$/.exec(time ?? "");
  if (!d || !t) throw new ProtocolError(`bad Suntech date/time ${date} ${time}`);
  return new Date(Date.UTC(+d[1], +d[2] - 1, +d[3], +t[1], +t[2], +t[3]));
}

function numberField(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || value === "" || !Number.isFinite(n))
    throw new ProtocolError(`bad Suntech ${what}: ${value}`);
  return n;
}

function basePosition(deviceId: string, fixTime: Date, lat: string, lon: string): DevicePosition {
  return {
    deviceId,
    protocol: "suntech",
    fixTime,
    latitude: numberField(lat, "latitude"),
    longitude: numberField(lon, "longitude"),
    altitude: 0,
    speed: 0,
    course: 0,
    satellites: 0,
    valid: false,
    attributes: {},
  };
}

function applyCode(position: DevicePosition, type: string, code: number): void {
  const a = position.attributes;
  if (type === "EMG") {
    a.emergencyId = code;
    position.alarm = EMERGENCIES[code] ?? "general";
  } else if (type === "ALT") {
    a.alertId = code;
    if (ALERTS[code]) position.alarm = ALERTS[code];
  } else if (type === "EVT") {
    a.eventId = code;
  }
}

/** "SA200", "ST300", "ST340", "ST600" ... reports: the layout of the ST200/ST300/ST600 manuals. */
function decodePrefixed(prefix: string, type: string, v: string[]): SuntechMessage {
  const deviceId = v[1];
  let i = 2;
  if (/^ST[36]/.test(prefix) || prefix === "ST500") i++; // model id
  const attributes: Record<string, AttributeValue> = { type, firmware: v[i++] };
  const fixTime = dateTime(v[i++], v[i++]);
  if (prefix !== "ST500") attributes.cell = v[i++];
  if (prefix === "ST600") {
    Object.assign(attributes, {
      mcc: Number(v[i]),
      mnc: Number(v[i + 1]),
      lac: parseInt(v[i + 2], 16),
      rssi: Number(v[i + 3]),
    });
    i += 4;
  }
  const position = basePosition(deviceId, fixTime, v[i], v[i + 1]);
  i += 2;
  position.speed = numberField(v[i++], "speed");
  position.course = numberField(v[i++], "course");
  position.satellites = Math.trunc(numberField(v[i++], "satellites"));
  position.valid = v[i++] === "1";
  position.odometer = numberField(v[i++], "distance");
  position.power = Number(v[i++]) || 0;
  const io = v[i++] ?? "";
  if (/^[01]{6,}$/.test(io)) {
    position.ignition = io[0] === "1";
    attributes.in1 = io[1] === "1";
    attributes.in2 = io[2] === "1";
    attributes.in3 = io[3] === "1";
    attributes.out1 = io[4] === "1";
    attributes.out2 = io[5] === "1";
  }
  Object.assign(position.attributes, attributes);
  if (type === "STT") {
    position.attributes.mode = Number(v[i++]);
    position.attributes.index = Number(v[i++]);
  } else {
    applyCode(position, type, Number(v[i++]));
  }
  // H_METER;BCK_VOLT;MSG_TYPE follow when the device's HBM option is on
  if (v[i] !== undefined && /^\d+$/.test(v[i])) position.attributes.hourMeter = Number(v[i]);
  if (v[i + 1] !== undefined && v[i + 1] !== "") position.attributes.battery = Number(v[i + 1]);
  if (v[i + 2] === "0") position.attributes.archive = true;
  return { kind: "position", deviceId, dialect: prefix, position };
}

const bit = (mask: number, n: number) => (mask & (1 << n)) !== 0;

/** Universal protocol: which fields follow is given by the header mask (bit 1 model ... bit 23 assign map). */
function decodeUniversal(type: string, v: string[]): SuntechMessage {
  const deviceId = v[1];
  const mask = parseInt(v[2], 16);
  if (!Number.isFinite(mask)) throw new ProtocolError(`bad Suntech header mask ${v[2]}`);
  let i = 3;
  const next = () => v[i++];
  const a: Record<string, AttributeValue> = { type };
  if (bit(mask, 1)) a.model = next();
  if (bit(mask, 2)) a.firmware = next();
  if (bit(mask, 3) && next() === "0") a.archive = true;
  if (!bit(mask, 4) || !bit(mask, 5) || !bit(mask, 11) || !bit(mask, 12)) {
    return { kind: "ignored", deviceId, dialect: "", reason: "universal report without time or coordinates" };
  }
  const fixTime = dateTime(next(), next());
  if (bit(mask, 6)) a.cell = next();
  if (bit(mask, 7)) a.mcc = Number(next());
  if (bit(mask, 8)) a.mnc = Number(next());
  if (bit(mask, 9)) a.lac = parseInt(next(), 16);
  if (bit(mask, 10)) a.rssi = Number(next());
  const position = basePosition(deviceId, fixTime, next(), next());
  if (bit(mask, 13)) position.speed = numberField(next(), "speed");
  if (bit(mask, 14)) position.course = numberField(next(), "course");
  if (bit(mask, 15)) position.satellites = Math.trunc(numberField(next(), "satellites"));
  position.valid = bit(mask, 16) ? next() === "1" : true;
  if (bit(mask, 17)) {
    const input = next();
    a.input = input;
    if (/^[01]+$/.test(input)) position.ignition = input.endsWith("1");
  }
  if (bit(mask, 18)) a.output = next();
  Object.assign(position.attributes, a);
  if (type === "STT") {
    if (bit(mask, 19)) position.attributes.mode = Number(next());
    if (bit(mask, 20)) position.attributes.reportType = Number(next());
    if (bit(mask, 21)) position.attributes.index = Number(next());
  } else if (bit(mask, 19)) {
    applyCode(position, type, Number(next()));
    if (bit(mask, 20)) position.attributes.alertModifier = next();
    if (bit(mask, 21)) position.attributes.alertData = next();
  }
  return { kind: "position", deviceId, dialect: "", position };
}

const REPORTS = new Set(["STT", "ALT", "EMG", "EVT"]);

/** Decodes one report (with or without its closing \r). */
export function decodeSuntechFrame(frame: Buffer): SuntechMessage {
  const text = frame.toString("latin1").replace(/[\r\n]+$/, "");
  const v = text.split(";");
  const header = v[0];
  const universal = header.length <= 4;
  const dialect = universal ? "" : header.slice(0, 5);
  const type = universal ? header : header.slice(5);
  if (type === "CMD" || type === "RES") {
    const deviceId = v[1] === "Res" ? v[2] : v[1];
    if (!deviceId) throw new ProtocolError("Suntech command response without device id");
    return { kind: "commandResponse", deviceId, dialect, text };
  }
  const deviceId = v[1];
  if (!deviceId || !/^\w{1,20}$/.test(deviceId)) throw new ProtocolError("Suntech report without device id");
  if (type === "ALV") return { kind: "heartbeat", deviceId, dialect };
  if (!REPORTS.has(type) || (!universal && !/^S[AT]\d{3}$/.test(dialect))) {
    return { kind: "ignored", deviceId, dialect, reason: `unsupported Suntech report ${header}` };
  }
  return universal ? decodeUniversal(type, v) : decodePrefixed(dialect, type, v);
}

/** Output 1 drives the immobiliser relay: Enable1/Disable1 on ST200/ST300/ST600, CMD 04;01/04;02 universally. */
export function encodeSuntechCommand(deviceId: string, dialect: string, command: DeviceCommand): Buffer {
  if (command.type === "custom") return Buffer.from(command.text, "latin1");
  const stop = command.type === "engineStop";
  const text = dialect
    ? `${dialect}CMD;${deviceId};02;${stop ? "Enable1" : "Disable1"}`
    : `CMD;${deviceId};04;${stop ? "01" : "02"}`;
  return Buffer.from(text, "latin1");
}
