import {
  ProtocolError,
  type AlarmType,
  type AttributeValue,
  type DeviceCommand,
  type DevicePosition,
} from "../shared/device-contract";

/**
 * Meitrack GPRS protocol (MVT/T1/T3/T333/T355/T366/TC68/P88L...): `$$<flag><length>,<IMEI>,<command>,<data>*<CS>\r\n`
 * from the device, `@@...` from the server. <length> counts the bytes from the comma after it through \r\n;
 * <CS> is the sum of every byte from the first `$`/`@` through `*`, modulo 256, as two hex digits.
 */
export const MEITRACK_DEFAULT_MAX_FRAME = 4096;

/** C01 output control: speed limit 0 (act at once), then outputs A..E (1 on, 0 off, 2 unchanged). */
export const MEITRACK_ENGINE_STOP = "C01,0,12222";
export const MEITRACK_ENGINE_RESUME = "C01,0,02222";

const CCC_HEADER = 8;
const CCC_RECORD = 52;
const Y2000 = Date.UTC(2000, 0, 1);

export type MeitrackMessage =
  | { kind: "positions"; imei: string; command: string; positions: DevicePosition[] }
  | { kind: "commandResponse"; imei: string; command: string; text: string };

/** Frame length from the `$$<flag><length>,` prefix; 0 = need more bytes. */
export function meitrackFrameLength(buf: Buffer, maxFrame = MEITRACK_DEFAULT_MAX_FRAME): number {
  if (buf.length === 0) return 0;
  if (buf[0] === 0x0d || buf[0] === 0x0a) return 1; // stray line break between reports
  if (buf[0] !== 0x24 || (buf.length > 1 && buf[1] !== 0x24)) throw new ProtocolError("Meitrack frame without $$");
  const comma = buf.indexOf(0x2c, 3);
  if (comma === -1) {
    if (buf.length > 10) throw new ProtocolError("Meitrack frame without length");
    return 0;
  }
  const digits = buf.subarray(3, comma).toString("latin1");
  if (!/^\d{1,5}$/.test(digits)) throw new ProtocolError(`bad Meitrack length ${JSON.stringify(digits)}`);
  const total = comma + Number(digits);
  if (Number(digits) < 8 || total > maxFrame) {
    throw new ProtocolError(`bad Meitrack length ${digits} (max frame ${maxFrame})`);
  }
  return buf.length >= total ? total : 0;
}

function checksum(bytes: Buffer): string {
  let sum = 0;
  for (const b of bytes) sum += b;
  return (sum & 0xff).toString(16).toUpperCase().padStart(2, "0");
}

function frame(start: "$$" | "@@", flag: string, imei: string, body: Buffer): Buffer {
  const rest = Buffer.concat([Buffer.from(`,${imei},`, "latin1"), body, Buffer.from("*")]);
  const length = rest.length + 4; // + checksum and \r\n
  const head = Buffer.from(`${start}${flag}${length}`, "latin1");
  const upToStar = Buffer.concat([head, rest]);
  return Buffer.concat([upToStar, Buffer.from(`${checksum(upToStar)}\r\n`, "latin1")]);
}

/** Server to device: `@@<flag><len>,<imei>,<command and args>*<CS>\r\n`. */
export function encodeMeitrackServer(imei: string, text: string, flag = "A"): Buffer {
  return frame("@@", flag, imei, Buffer.from(text, "latin1"));
}

/** Device to server (tests and the simulator): `$$...`; the body may be binary (CCC). */
export function encodeMeitrackDevice(imei: string, body: string | Buffer, flag = "A"): Buffer {
  return frame("$$", flag, imei, typeof body === "string" ? Buffer.from(body, "latin1") : body);
}

export function encodeMeitrackCommand(imei: string, command: DeviceCommand, flag = "A"): Buffer {
  const text =
    command.type === "engineStop"
      ? MEITRACK_ENGINE_STOP
      : command.type === "engineResume"
        ? MEITRACK_ENGINE_RESUME
        : command.text;
  return encodeMeitrackServer(imei, text, flag);
}

/** The server's answer to a CCC batch once committed: the device then deletes that many cached records. */
export function meitrackCccAck(imei: string, count: number, flag = "A"): Buffer {
  return encodeMeitrackServer(imei, `CCC,${count}`, flag);
}

const ALARMS: Record<number, AlarmType> = {
  1: "sos",
  17: "lowBattery",
  19: "overspeed",
  20: "geofenceEnter",
  21: "geofenceExit",
  23: "powerCut",
  36: "towing",
  44: "jamming",
  78: "crash",
  79: "fallDown",
  90: "harshCornering",
  91: "harshCornering",
  129: "harshBraking",
  130: "harshAcceleration",
};

function num(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) ? n : 0;
}

function dateTime(value: string): Date {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!m) throw new ProtocolError(`bad Meitrack date ${value}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  return new Date(Date.UTC(2000 + y, mo - 1, d, h, mi, s));
}

/** AAA (and AFF, which has one more field before the event code) text position report. */
function decodeAaa(imei: string, command: string, fields: string[]): DevicePosition {
  const f = command === "AFF" ? fields.slice(1) : fields;
  const [event, lat, lon, time, validity, sats, gsm, speed, course, hdop, alt, mileage, runtime, cell, io, analog] = f;
  if (!lat || !lon || !time) throw new ProtocolError("Meitrack AAA report without position");
  const eventCode = num(event);
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw new ProtocolError("bad Meitrack coordinates");
  const attributes: Record<string, AttributeValue> = { event: eventCode, rssi: num(gsm), hdop: num(hdop) };
  attributes.runtime = num(runtime);
  if (cell) {
    const [mcc, mnc, lac, ci] = cell.split("|");
    if (num(mcc) > 0)
      Object.assign(attributes, {
        mcc: num(mcc),
        mnc: num(mnc),
        lac: parseInt(lac || "0", 16),
        cellId: parseInt(ci || "0", 16),
      });
  }
  if (io && /^[0-9A-Fa-f]{4}$/.test(io)) {
    attributes.input = parseInt(io.slice(0, 2), 16);
    attributes.output = parseInt(io.slice(2), 16);
  }
  const position: DevicePosition = {
    deviceId: imei,
    protocol: "meitrack",
    fixTime: dateTime(time),
    latitude,
    longitude,
    altitude: num(alt),
    speed: num(speed),
    course: num(course),
    satellites: Math.trunc(num(sats)),
    valid: validity === "A",
    odometer: num(mileage),
    attributes,
  };
  if (analog) {
    const parts = analog.split("|");
    if (parts.some((p) => p.includes("."))) {
      // newer firmware: battery|external power|RTC|MCU|GPS voltages in volts
      attributes.battery = num(parts[0]);
      position.power = num(parts[1]);
    } else {
      // AD1|AD2|AD3|battery|external power as raw hex readings (scale depends on the model)
      parts.forEach((p, i) => {
        if (p) attributes[i < 3 ? `adc${i + 1}` : i === 3 ? "batteryRaw" : "powerRaw"] = parseInt(p, 16);
      });
    }
  }
  if (f[16]) attributes.eventData = f[16];
  const alarm = ALARMS[eventCode];
  if (alarm) position.alarm = alarm;
  return position;
}

/** CCC: binary batch of cached records, 52 bytes each, little-endian. */
function decodeCcc(imei: string, data: Buffer): DevicePosition[] {
  if (data.length < CCC_HEADER || (data.length - CCC_HEADER) % CCC_RECORD !== 0) {
    throw new ProtocolError(`Meitrack CCC body of ${data.length} bytes is not whole records`);
  }
  const positions: DevicePosition[] = [];
  for (let o = CCC_HEADER; o < data.length; o += CCC_RECORD) {
    const eventCode = data[o];
    const position: DevicePosition = {
      deviceId: imei,
      protocol: "meitrack",
      latitude: data.readInt32LE(o + 1) / 1e6,
      longitude: data.readInt32LE(o + 5) / 1e6,
      fixTime: new Date(Y2000 + data.readUInt32LE(o + 9) * 1000),
      valid: data[o + 13] === 1,
      satellites: data[o + 14],
      speed: data.readUInt16LE(o + 16),
      course: data.readUInt16LE(o + 18),
      altitude: data.readInt16LE(o + 22),
      odometer: data.readUInt32LE(o + 24),
      attributes: {
        event: eventCode,
        rssi: data[o + 15],
        hdop: data.readUInt16LE(o + 20) / 10,
        runtime: data.readUInt32LE(o + 28),
        mcc: data.readUInt16LE(o + 32),
        mnc: data.readUInt16LE(o + 34),
        lac: data.readUInt16LE(o + 36),
        cellId: data.readUInt16LE(o + 38),
        status: data.readUInt16LE(o + 40),
        adc1: data.readUInt16LE(o + 42),
        battery: data.readUInt16LE(o + 44) / 100,
        powerRaw: data.readUInt16LE(o + 46),
      },
    };
    const alarm = ALARMS[eventCode];
    if (alarm) position.alarm = alarm;
    positions.push(position);
  }
  return positions;
}

/** Checks the length, the closing `*CS\r\n` and the checksum, and decodes one device frame. */
export function decodeMeitrackFrame(buf: Buffer): MeitrackMessage {
  const comma = buf.indexOf(0x2c);
  const star = buf.length - 5;
  if (
    comma === -1 ||
    buf.length < 12 ||
    comma + Number(buf.subarray(3, comma).toString("latin1")) !== buf.length ||
    buf[star] !== 0x2a ||
    buf[buf.length - 2] !== 0x0d ||
    buf[buf.length - 1] !== 0x0a
  ) {
    throw new ProtocolError("Meitrack frame does not end with *<checksum>\\r\\n at its stated length");
  }
  const stated = buf
    .subarray(star + 1, star + 3)
    .toString("latin1")
    .toUpperCase();
  const actual = checksum(buf.subarray(0, star + 1));
  if (stated !== actual) throw new ProtocolError(`bad Meitrack checksum: frame says ${stated}, computed ${actual}`);
  const imeiEnd = buf.indexOf(0x2c, comma + 1);
  const commandEnd = imeiEnd === -1 ? -1 : buf.indexOf(0x2c, imeiEnd + 1);
  const imei = buf.subarray(comma + 1, imeiEnd).toString("latin1");
  if (!/^\d{6,20}$/.test(imei)) throw new ProtocolError("Meitrack frame without IMEI");
  const command = buf
    .subarray(imeiEnd + 1, commandEnd === -1 || commandEnd > star ? star : commandEnd)
    .toString("latin1");
  if (command === "CCC") {
    return { kind: "positions", imei, command, positions: decodeCcc(imei, buf.subarray(commandEnd + 1, star)) };
  }
  const text = buf.subarray(imeiEnd + 1, star).toString("latin1");
  if (command === "AAA" || command === "AFF") {
    return { kind: "positions", imei, command, positions: [decodeAaa(imei, command, text.split(",").slice(1))] };
  }
  return { kind: "commandResponse", imei, command, text };
}
