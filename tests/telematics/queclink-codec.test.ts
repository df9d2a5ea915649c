// The Queclink samples come from the shared device-message fixtures (read at run time, never copied here).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  decodeQueclinkReport,
  encodeQueclinkCommand,
  queclinkFrameLength,
  queclinkHeartbeatAck,
  queclinkSack,
  QUECLINK_MAX_FRAME,
} from "../../server/protocols/queclink";
import { encodeQueclinkHeartbeat, encodeQueclinkReport } from "../../server/telematics/simulator";
import { ProtocolError } from "../../server/shared/device-contract";

const DIR = process.env.TELEMATICS_FIXTURES_DIR ?? "/work/shared/fixtures/device-messages";
const FILE = join(DIR, "queclink-gl200.json");
type Json = any;
const fixtures: Json | undefined = existsSync(FILE) ? JSON.parse(readFileSync(FILE, "utf8")) : undefined;
if (!fixtures) console.log(`[telematics fixtures] skipping queclink-gl200.json: ${FILE} not found`);

// Traccar attribute names in `expect` that this decoder maps differently, or does not decode (model-specific
// trailing fields whose position depends on each unit's configuration mask).
const ALARM_NAMES: Record<string, string> = { cornering: "harshCornering" };
const NOT_DECODED = new Set(["fuel", "batteryLevel"]);

describe.skipIf(!fixtures)("Queclink fixtures (GL200 text protocol)", () => {
  const samples: Json[] = fixtures?.samples ?? [];
  it.each(samples.map((s, i) => [`#${i} ${s.note}`.slice(0, 100), s]))("%s", (_name, s: Json) => {
    const frame = Buffer.from(s.text, "latin1");
    const end = s.text.endsWith("$") ? frame.length : 0;
    if (end) expect(queclinkFrameLength(frame)).toBe(frame.length);
    const message = decodeQueclinkReport(s.text);
    const expected = s.expect ?? {};
    const fixes: Json[] = s.derived?.fixes ?? [];
    if (expected.result === "null") {
      expect(message.kind === "heartbeat" || message.kind === "ack").toBe(true);
      return;
    }
    if (fixes.length === 0) {
      expect(message.kind).toBe("status");
      if (message.kind === "status" && expected.attribute?.alarm) expect(message.alarm).toBe(expected.attribute.alarm);
      return;
    }
    expect(message.kind).toBe("positions");
    if (message.kind !== "positions") return;
    expect(message.deviceId).toBe(s.derived.imei);
    expect(message.positions).toHaveLength(fixes.length);
    fixes.forEach((f, i) => {
      const p = message.positions[i];
      expect(p.fixTime.toISOString()).toBe(new Date(f.fixTime).toISOString());
      expect(p.latitude).toBeCloseTo(f.latitude, 5);
      expect(p.longitude).toBeCloseTo(f.longitude, 5);
      expect(p.speed).toBeCloseTo(f.speedKph, 3);
      expect(p.course).toBe(f.azimuth);
      expect(p.altitude).toBeCloseTo(f.altitude, 3);
    });
    for (const [key, value] of Object.entries(expected.attribute ?? {})) {
      const p = message.positions[0];
      if (key === "alarm") expect(p.alarm).toBe(ALARM_NAMES[value as string] ?? value);
      else if (key === "ignition") expect(p.ignition).toBe(value);
      else expect(NOT_DECODED.has(key)).toBe(true);
    }
  });
});

describe("Queclink @Track codec", () => {
  const fix = {
    fixTime: new Date("2025-03-01T10:00:00Z"),
    latitude: 41.3275,
    longitude: 19.8187,
    speed: 36.4,
    course: 90,
  };

  it("frames on `$`, on a line break from firmware without `$`, and skips stray line breaks", () => {
    const report = encodeQueclinkReport("860000000000001", fix, 1);
    expect(queclinkFrameLength(Buffer.concat([report, report]))).toBe(report.length);
    expect(queclinkFrameLength(report.subarray(0, 30))).toBe(0);
    expect(queclinkFrameLength(Buffer.from("+RESP:GTFRI,1,2\r\n"))).toBe(15);
    expect(queclinkFrameLength(Buffer.from("\r\n"))).toBe(1);
  });

  it("refuses garbage, binary and oversized frames", () => {
    expect(() => queclinkFrameLength(Buffer.from("GET / HTTP/1.1"))).toThrow(ProtocolError);
    expect(() => queclinkFrameLength(Buffer.from([0x2b, 0x52, 0x00, 0xff]))).toThrow(ProtocolError);
    expect(() => queclinkFrameLength(Buffer.alloc(QUECLINK_MAX_FRAME + 1, 0x41).fill(0x2b, 0, 1))).toThrow(/longer/);
    expect(() => decodeQueclinkReport("+RESP:GTFRI,060100,notanimei,,$")).toThrow(ProtocolError);
    expect(() => decodeQueclinkReport("hello$")).toThrow(ProtocolError);
  });

  it("decodes the simulator's report, buffered reports as archive, ignition and SOS reports", () => {
    const m = decodeQueclinkReport(encodeQueclinkReport("860000000000001", fix, 0x1f, { buffered: true }).toString());
    expect(m).toMatchObject({ kind: "positions", count: "001F" });
    if (m.kind !== "positions") return;
    expect(m.positions[0]).toMatchObject({
      latitude: 41.3275,
      longitude: 19.8187,
      speed: 36.4,
      course: 90,
      valid: true,
    });
    expect(m.positions[0].attributes).toMatchObject({ archive: true, mcc: 276, mnc: 1 });
    const ign = decodeQueclinkReport(encodeQueclinkReport("860000000000001", fix, 2, { report: "GTIGF" }).toString());
    expect(ign.kind === "positions" && ign.positions[0].ignition).toBe(false);
    const sos = decodeQueclinkReport(encodeQueclinkReport("860000000000001", fix, 3, { report: "GTSOS" }).toString());
    expect(sos.kind === "positions" && sos.positions[0].alarm).toBe("sos");
  });

  it("a report without a GPS fix is device status", () => {
    const m = decodeQueclinkReport(
      "+RESP:GTFRI,060100,860000000000001,GV300,12600,10,1,0,,,,,,,0276,0001,1A2B,00C0FFEE,,0.0,100,,,,20250301100000,0007$",
    );
    expect(m).toMatchObject({ kind: "status", count: "0007", attributes: { reportType: "GTFRI" } });
  });

  it("acknowledges reports with +SACK and heartbeats with +SACK:GTHBD", () => {
    expect(queclinkSack("11F0").toString()).toBe("+SACK:11F0$");
    const hb = decodeQueclinkReport(encodeQueclinkHeartbeat("860000000000001", 0x2a).toString());
    expect(hb).toMatchObject({ kind: "heartbeat", protocolVersion: "060100", count: "002A" });
    expect(queclinkHeartbeatAck("060100", "002A").toString()).toBe("+SACK:GTHBD,060100,002A$");
  });

  it("engine stop/resume drive output 1 with AT+GTOUT and a serial number the +ACK echoes", () => {
    expect(encodeQueclinkCommand({ type: "engineStop" }, 0x1a).toString()).toBe(
      "AT+GTOUT=gv300,1,0,0,0,0,0,0,0,0,0,,,,,,,001A$",
    );
    expect(encodeQueclinkCommand({ type: "engineResume" }, 2).toString()).toMatch(/^AT\+GTOUT=gv300,0,.*,0002\$$/);
    expect(encodeQueclinkCommand({ type: "custom", text: "AT+GTRTO=gv300,1,,,,,,0003$" }, 3).toString()).toBe(
      "AT+GTRTO=gv300,1,,,,,,0003$",
    );
    const ack = decodeQueclinkReport("+ACK:GTOUT,060100,860000000000001,GV300,001A,20250301100000,0009$");
    expect(ack).toMatchObject({ kind: "ack", reportType: "GTOUT", serial: "001A" });
  });
});
