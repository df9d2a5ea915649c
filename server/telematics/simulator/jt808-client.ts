import {
  encodeJt808Frame,
  jt808FrameLength,
  parseJt808Frame,
  JT808,
  type Jt808Frame,
  type Jt808Header,
} from "../../protocols/jt808";
import { RawDeviceClient } from "./raw-device-client";

export interface Jt808SimPosition {
  fixTime: Date;
  latitude: number;
  longitude: number;
  /** km/h */
  speed?: number;
  course?: number;
  altitude?: number;
  satellites?: number;
  valid?: boolean;
  ignition?: boolean;
  /** metres */
  odometer?: number;
  alarmFlags?: number;
}

/** A 2013-format header for a terminal: its id as the 12-digit BCD phone number. */
export function jt808TerminalHeader(terminalId: string, serial = 0): Jt808Header {
  const digits = terminalId.padStart(12, "0");
  if (!/^\d{12}$/.test(digits)) throw new Error(`terminal id must be up to 12 digits: ${terminalId}`);
  return {
    messageId: 0,
    version2019: false,
    protocolVersion: 0,
    terminalId,
    phone: Buffer.from(digits, "hex"),
    serial,
  };
}

const bcd = (n: number) => Number.parseInt(String(n).padStart(2, "0"), 16);

/** The 0x0200 body: flags, status, coordinates, altitude, speed, course, GMT+8 BCD time, items 0x01/0x30/0x31. */
export function encodeJt808LocationBody(p: Jt808SimPosition): Buffer {
  const b = Buffer.alloc(28);
  let status = 0;
  if (p.ignition) status |= 0x1;
  if (p.valid ?? true) status |= 0x2;
  if (p.latitude < 0) status |= 0x4;
  if (p.longitude < 0) status |= 0x8;
  b.writeUInt32BE(p.alarmFlags ?? 0, 0);
  b.writeUInt32BE(status, 4);
  b.writeUInt32BE(Math.round(Math.abs(p.latitude) * 1e6), 8);
  b.writeUInt32BE(Math.round(Math.abs(p.longitude) * 1e6), 12);
  b.writeInt16BE(Math.round(p.altitude ?? 0), 16);
  b.writeUInt16BE(Math.round((p.speed ?? 0) * 10), 18);
  b.writeUInt16BE(Math.round(p.course ?? 0) % 360, 20);
  const t = new Date(p.fixTime.getTime() + 8 * 3600 * 1000);
  b.set(
    [
      t.getUTCFullYear() - 2000,
      t.getUTCMonth() + 1,
      t.getUTCDate(),
      t.getUTCHours(),
      t.getUTCMinutes(),
      t.getUTCSeconds(),
    ].map(bcd),
    22,
  );
  const items = [Buffer.from([0x30, 1, 25, 0x31, 1, p.satellites ?? 9])];
  if (p.odometer !== undefined) {
    const odo = Buffer.alloc(6);
    odo.set([0x01, 4]);
    odo.writeUInt32BE(Math.round(p.odometer / 100), 2);
    items.unshift(odo);
  }
  return Buffer.concat([b, ...items]);
}

/** A terminal-to-platform frame. */
export function encodeJt808TerminalFrame(terminalId: string, messageId: number, serial: number, body: Buffer): Buffer {
  return encodeJt808Frame(jt808TerminalHeader(terminalId), messageId, serial, body);
}

export function encodeJt808Register(terminalId: string, serial: number): Buffer {
  const body = Buffer.alloc(4 + 5 + 20 + 7 + 1);
  body.write("FLOTA", 4, "latin1");
  body.write("SIM-808", 9, "latin1");
  body.write(terminalId.slice(-7), 29, "latin1");
  return encodeJt808TerminalFrame(
    terminalId,
    JT808.REGISTER,
    serial,
    Buffer.concat([body, Buffer.from("AA000", "latin1")]),
  );
}

export function encodeJt808Batch(terminalId: string, serial: number, positions: Jt808SimPosition[]): Buffer {
  const parts: Buffer[] = [Buffer.from([positions.length >> 8, positions.length & 0xff, 1])];
  for (const p of positions) {
    const body = encodeJt808LocationBody(p);
    parts.push(Buffer.from([body.length >> 8, body.length & 0xff]), body);
  }
  return encodeJt808TerminalFrame(terminalId, JT808.BATCH, serial, Buffer.concat(parts));
}

/**
 * A JT/T 808 terminal: registration, authentication, location reports answered by 0x8001, and the
 * platform's 0x8105/0x8300 commands answered with 0x0001.
 */
export class Jt808Client extends RawDeviceClient {
  private serial = 0;
  terminalId = "";

  private next(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  /** Reads the next whole frame from the platform. */
  async readFrame(timeoutMs?: number): Promise<Jt808Frame> {
    const bytes: Buffer[] = [Buffer.from(await this.read(1, timeoutMs))];
    for (;;) {
      const b = await this.read(1, timeoutMs);
      bytes.push(Buffer.from(b));
      if (b[0] === 0x7e && bytes.length > 1) break;
    }
    const frame = Buffer.concat(bytes);
    if (jt808FrameLength(frame) !== frame.length) throw new Error("bad frame from platform");
    return parseJt808Frame(frame);
  }

  /** Registers and authenticates with the code the platform gave; resolves with the registration result. */
  async login(terminalId: string, timeoutMs?: number): Promise<number> {
    this.terminalId = terminalId;
    await this.write(encodeJt808Register(terminalId, this.next()));
    const answer = await this.readFrame(timeoutMs);
    if (answer.header.messageId !== JT808.REGISTER_ANSWER) throw new Error("expected 0x8100");
    const result = answer.body[2];
    if (result !== 0) return result;
    await this.write(encodeJt808TerminalFrame(terminalId, JT808.AUTH, this.next(), answer.body.subarray(3)));
    await this.expectAnswer(JT808.AUTH, timeoutMs);
    return 0;
  }

  private async expectAnswer(messageId: number, timeoutMs?: number): Promise<number> {
    const frame = await this.readFrame(timeoutMs);
    if (frame.header.messageId !== JT808.PLATFORM_ANSWER || frame.body.readUInt16BE(2) !== messageId) {
      throw new Error(`expected 0x8001 for 0x${messageId.toString(16)}`);
    }
    return frame.body[4];
  }

  /** Sends one 0x0200 report and resolves with the platform's 0x8001 result. */
  async sendPosition(p: Jt808SimPosition, timeoutMs?: number): Promise<number> {
    const frame = encodeJt808TerminalFrame(this.terminalId, JT808.LOCATION, this.next(), encodeJt808LocationBody(p));
    await this.write(frame);
    return this.expectAnswer(JT808.LOCATION, timeoutMs);
  }

  async heartbeat(timeoutMs?: number): Promise<number> {
    await this.write(encodeJt808TerminalFrame(this.terminalId, JT808.HEARTBEAT, this.next(), Buffer.alloc(0)));
    return this.expectAnswer(JT808.HEARTBEAT, timeoutMs);
  }

  /** Answers a platform command frame with 0x0001 (result 0 = success). */
  answerCommand(command: Jt808Frame, result = 0): Promise<void> {
    const body = Buffer.alloc(5);
    body.writeUInt16BE(command.header.serial, 0);
    body.writeUInt16BE(command.header.messageId, 2);
    body[4] = result;
    return this.write(encodeJt808TerminalFrame(this.terminalId, JT808.TERMINAL_ANSWER, this.next(), body));
  }
}
