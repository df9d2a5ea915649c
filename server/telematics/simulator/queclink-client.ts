import { RawDeviceClient } from "./raw-device-client";

export interface QueclinkSimPosition {
  fixTime: Date;
  latitude: number;
  longitude: number;
  /** km/h */
  speed?: number;
  course?: number;
  altitude?: number;
}

const stamp = (t: Date) => t.toISOString().replace(/\D/g, "").slice(0, 14);

/**
 * A GV300-style `+RESP:GTFRI` fixed-interval report (one fix, external power in mV) or another report
 * name with the same layout (GTIGN, GTIGF, GTSOS…); `count` is the 4-hex-digit count number.
 */
export function encodeQueclinkReport(
  imei: string,
  p: QueclinkSimPosition,
  count: number,
  opts: { report?: string; buffered?: boolean; now?: Date } = {},
): Buffer {
  const fix = [
    1,
    (p.speed ?? 0).toFixed(1),
    Math.round(p.course ?? 0) % 360,
    (p.altitude ?? 110).toFixed(1),
    p.longitude.toFixed(6),
    p.latitude.toFixed(6),
    stamp(p.fixTime),
    "0276",
    "0001",
    "1A2B",
    "00C0FFEE",
    "",
  ];
  const head = `+${opts.buffered ? "BUFF" : "RESP"}:${opts.report ?? "GTFRI"},060100,${imei},GV300,12600,10,1`;
  const tail = `0.0,100,,,,${stamp(opts.now ?? new Date())},${(count & 0xffff).toString(16).toUpperCase().padStart(4, "0")}`;
  return Buffer.from(`${head},${fix.join(",")},${tail}$`, "latin1");
}

export function encodeQueclinkHeartbeat(imei: string, count: number, now = new Date()): Buffer {
  const c = (count & 0xffff).toString(16).toUpperCase().padStart(4, "0");
  return Buffer.from(`+ACK:GTHBD,060100,${imei},GV300,${stamp(now)},${c}$`, "latin1");
}

/**
 * A Queclink GV300: reports answered by `+SACK:<count>$`, AT+GTOUT commands answered with `+ACK:GTOUT`.
 */
export class QueclinkClient extends RawDeviceClient {
  private count = 0;
  imei = "";

  /** Reads one `…$` message from the server. */
  async readMessage(timeoutMs?: number): Promise<string> {
    let text = "";
    while (!text.endsWith("$")) text += (await this.read(1, timeoutMs)).toString("latin1");
    return text;
  }

  /** Sends a report and resolves with the server's acknowledgement text. */
  async sendPosition(p: QueclinkSimPosition, opts: { report?: string } = {}, timeoutMs?: number): Promise<string> {
    this.count = (this.count + 1) & 0xffff;
    await this.write(encodeQueclinkReport(this.imei, p, this.count, opts));
    return this.readMessage(timeoutMs);
  }

  /** Answers an `AT+GTOUT=…,<serial>$` command the way the device does. */
  answerCommand(command: string): Promise<void> {
    const name = /^AT\+(GT[A-Z]{3})=/.exec(command)?.[1] ?? "GTOUT";
    const serial = /,([0-9A-F]{4})\$$/.exec(command)?.[1] ?? "0000";
    this.count = (this.count + 1) & 0xffff;
    const c = this.count.toString(16).toUpperCase().padStart(4, "0");
    return this.write(Buffer.from(`+ACK:${name},060100,${this.imei},GV300,${serial},${stamp(new Date())},${c}$`));
  }
}
