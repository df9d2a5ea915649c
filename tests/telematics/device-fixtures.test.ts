// Runs every sample in the shared device-message fixtures (read at run time, never copied here).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  decodeGt06Message,
  encodeGt06Command,
  gt06Ack,
  gt06FrameLength,
  parseGt06Frame,
} from "../../server/protocols/gt06";
import { decodeH02Frame, encodeH02Command, h02FrameLength } from "../../server/protocols/h02";
import { decodeOsmAnd } from "../../server/protocols/osmand";
import {
  decodeTeltonikaFrame,
  encodeCodec12Command,
  parseImeiHandshake,
  teltonikaAck,
  teltonikaFrameLength,
} from "../../server/protocols/teltonika";
import type { DevicePosition } from "../../server/shared/device-contract";

const DIR = process.env.TELEMATICS_FIXTURES_DIR ?? "/work/shared/fixtures/device-messages";

type Json = any;

function load(name: string): Json | undefined {
  const file = join(DIR, name);
  if (!existsSync(file)) {
    console.log(`[telematics fixtures] skipping ${name}: ${file} not found`);
    return undefined;
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

const teltonika = load("teltonika.json");
const gt06 = load("gt06.json");
const osmand = load("osmand.json");
const h02 = load("h02.json");
// queclink-gl200.json: tests/telematics/queclink-codec.test.ts

const title = (s: Json, i: number) => `#${i} ${s.note ?? s.text ?? ""}`.slice(0, 110);

// Traccar attribute names used in `expect`, mapped onto DevicePosition.
const TRACCAR_ALARMS: Record<string, string> = { tampering: "tamper" };
function expectAttribute(p: DevicePosition, key: string, value: unknown) {
  if (key === "ignition") expect(p.ignition).toBe(value);
  else if (key === "alarm") expect(p.alarm).toBe(TRACCAR_ALARMS[value as string] ?? value);
  else expect(p.attributes[key]).toBe(value);
}

describe.skipIf(!teltonika)("Teltonika fixtures", () => {
  const samples: Json[] = teltonika?.samples ?? [];
  it.each(samples.map((s, i) => [title(s, i), s]))("%s", (_name, s: Json) => {
    const frame = Buffer.from(s.hex, "hex");
    const d = s.derived ?? {};
    if (d.imei) {
      expect(teltonikaFrameLength(frame, "handshake")).toBe(frame.length);
      expect(parseImeiHandshake(frame)).toBe(d.imei);
      return;
    }
    expect(teltonikaFrameLength(frame, "data")).toBe(frame.length);
    if (s.hex === "ff") return; // keep-alive: a 1-byte frame the gateway skips
    const packet = decodeTeltonikaFrame(frame, "fixture");
    if (d.codecId === "0x0C") {
      expect(packet.kind).toBe("codec12");
      if (packet.kind !== "codec12") return;
      expect(packet.type).toBe(Number(d.messageType));
      if (d.payloadText) expect(packet.text).toBe(d.payloadText);
      if (d.payloadHex) expect(packet.payload.toString("hex")).toBe(d.payloadHex);
      return;
    }
    if (d.codecId === "0x0D") {
      expect(packet.kind).toBe("codec13");
      if (packet.kind !== "codec13") return;
      expect(packet.time.toISOString()).toBe(new Date(d.timestamp).toISOString());
      expect(packet.text).toBe(d.payloadText);
      for (const [k, v] of Object.entries(s.expect.attribute ?? {})) expect(packet.attributes[k]).toBe(v);
      return;
    }
    expect(packet.kind).toBe("records");
    if (packet.kind !== "records") return;
    expect(packet.codec).toBe(Number(d.codecId));
    expect(packet.positions).toHaveLength(d.recordCount);
    expect(teltonikaAck(packet.positions.length).toString("hex")).toBe(d.serverAckHex);
    (d.records ?? []).forEach((r: Json, i: number) => {
      const p = packet.positions[i];
      expect(p.fixTime.toISOString()).toBe(r.time);
      expect(p.latitude).toBeCloseTo(r.latitude, 6);
      expect(p.longitude).toBeCloseTo(r.longitude, 6);
      expect([p.altitude, p.course, p.satellites, p.speed]).toEqual([r.altitude, r.course, r.satellites, r.speedKph]);
      expect(packet.records[i].priority).toBe(r.priority);
      expect(packet.records[i].eventIoId).toBe(r.eventIoId);
      for (const [id, value] of Object.entries(r.io ?? {})) expect(p.attributes[`io${id}`]).toBe(value);
    });
    for (const [k, v] of Object.entries(s.expect.attribute ?? {})) expectAttribute(packet.positions[0], k, v);
  });

  const commands: Json[] = teltonika?.commands ?? [];
  it.each(commands.map((c, i) => [title(c, i), c]))("command %s", (_name, c: Json) => {
    const packet = decodeTeltonikaFrame(Buffer.from(c.hex, "hex"), "fixture");
    expect(packet).toMatchObject({ kind: "codec12", type: 0x05 });
    const data: string = c.expect.data;
    const payload = /^[0-9A-F]+$/.test(data) && data.length % 2 === 0 ? Buffer.from(data, "hex") : data;
    expect(encodeCodec12Command(payload).toString("hex")).toBe(c.hex);
  });
});

describe.skipIf(!gt06)("GT06 fixtures", () => {
  const samples: Json[] = gt06?.samples ?? [];
  it.each(samples.map((s, i) => [title(s, i), s]))("%s", (_name, s: Json) => {
    const raw = Buffer.from(s.hex, "hex");
    const d = s.derived ?? {};
    expect(gt06FrameLength(raw)).toBe(raw.length);
    const frame = parseGt06Frame(raw); // throws on a bad CRC
    expect(frame.serial).toBe(d.serial);
    expect(frame.protocolNumber).toBe(Number(d.protocolNumber));
    const message = decodeGt06Message(frame, "fixture");
    if (d.serverAckHex) expect(gt06Ack(frame).toString("hex")).toBe(d.serverAckHex);
    if (s.expect.result === "null") {
      if (d.imei) expect(message).toMatchObject({ kind: "login", imei: d.imei });
      else expect(message.kind).toBe("ignored");
      return;
    }
    if (s.expect.result === "positionWithAttributes") {
      expect(message.kind).toBe("status");
      return;
    }
    expect(message.kind).toBe("position");
    if (message.kind !== "position") return;
    const p = message.position;
    expect(p.fixTime.toISOString()).toBe(new Date(d.time).toISOString());
    expect(p.latitude).toBeCloseTo(d.latitude, 5);
    expect(p.longitude).toBeCloseTo(d.longitude, 5);
    expect([p.speed, p.course, p.satellites, p.valid]).toEqual([d.speedKph, d.course, d.satellites, d.valid]);
    if (d.mcc !== undefined)
      expect(p.attributes).toMatchObject({ mcc: d.mcc, mnc: d.mnc, lac: d.lac, cellId: d.cellId });
    if (s.expect.fixTime) expect(p.fixTime.toISOString()).toBe(new Date(s.expect.fixTime).toISOString());
    if (s.expect.latitude !== undefined)
      expect(Math.abs(p.latitude - s.expect.latitude)).toBeLessThan(s.expect.tolerance);
    if (s.expect.longitude !== undefined)
      expect(Math.abs(p.longitude - s.expect.longitude)).toBeLessThan(s.expect.tolerance);
    if (s.expect.valid !== undefined) expect(p.valid).toBe(s.expect.valid);
    for (const [k, v] of Object.entries(s.expect.attribute ?? {})) expectAttribute(p, k, v);
  });

  const commands: Json[] = gt06?.commands ?? [];
  it.each(commands.map((c, i) => [title(c, i), c]))("command %s", (_name, c: Json) => {
    if (c.expect.content) {
      expect(encodeGt06Command(c.expect.content, 0, 0).toString("hex")).toBe(c.hex);
    } else {
      expect(gt06Ack({ protocolNumber: Number(c.expect.ackFor), serial: c.expect.serial }).toString("hex")).toBe(c.hex);
    }
  });
});

describe.skipIf(!osmand)("OsmAnd fixtures", () => {
  const samples: Json[] = osmand?.samples ?? [];
  it.each(samples.map((s, i) => [title(s, i), s]))("%s", (_name, s: Json) => {
    const request =
      s.http.method === "GET"
        ? { method: "GET", url: s.text }
        : { method: "POST", url: s.http.path, contentType: s.http.contentType, body: s.text };
    const result = decodeOsmAnd(request);
    const d = s.derived ?? {};
    if (s.expect.result === "null") {
      expect(result.ok).toBe(false);
      return;
    }
    if (s.expect.result === "notNull") {
      // Traccar fills such cell/wifi-only requests from the last known fix; we refuse them with 400.
      console.log(`[telematics fixtures] osmand #${samples.indexOf(s)}: cell/wifi-only request rejected by design`);
      expect(result).toMatchObject({ ok: false, message: expect.stringContaining("lat/lon") });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [p] = result.positions;
    expect(p.deviceId).toBe(d.deviceId);
    expect(p.latitude).toBeCloseTo(d.latitude, 6);
    expect(p.longitude).toBeCloseTo(d.longitude, 6);
    if (d.fixTime) expect(p.fixTime.toISOString()).toBe(new Date(d.fixTime).toISOString());
    if (d.speedMps !== undefined) expect(p.speed).toBeCloseTo(Math.max(d.speedMps, 0) * 3.6, 6);
    else if (d.speedKnots !== undefined) expect(p.speed).toBeCloseTo(d.speedKnots * 1.852, 6);
    if (d.course !== undefined) expect(p.course).toBeCloseTo(d.course, 6);
    if (d.heading !== undefined) expect(p.course).toBe(Math.max(d.heading, 0));
    if (d.altitude !== undefined) expect(p.altitude).toBeCloseTo(d.altitude, 6);
    if (d.accuracy !== undefined) expect(p.attributes.accuracy).toBe(d.accuracy);
    if (d.batteryLevelPercent !== undefined) expect(p.attributes.batteryLevel).toBe(d.batteryLevelPercent);
    if (d.batt !== undefined) expect(p.attributes.batteryLevel).toBe(d.batt);
    if (d.hdop !== undefined) expect(p.attributes.hdop).toBe(d.hdop);
    if (d.otherParams?.ignition) expect(p.ignition).toBe(d.otherParams.ignition === "true");
    for (const [k, v] of Object.entries(s.expect.attribute ?? {})) expectAttribute(p, k, v);
  });
});

describe.skipIf(!h02)("H02 fixtures", () => {
  const samples: Json[] = h02?.samples ?? [];
  it.each(samples.map((s, i) => [title(s, i), s]))("%s", (_name, s: Json) => {
    const frame = s.hex ? Buffer.from(s.hex, "hex") : Buffer.from(s.text, "latin1");
    expect(h02FrameLength(frame)).toBe(frame.length);
    const message = decodeH02Frame(frame);
    const d = s.derived ?? {};
    if (s.expect.result === "null") {
      expect(
        message.kind === "ignored" || (message.kind === "heartbeat" && Object.keys(message.attributes).length === 0),
      ).toBe(true);
      return;
    }
    if (message.kind === "heartbeat") {
      for (const [k, v] of Object.entries(s.expect.attribute ?? {})) expect(message.attributes[k]).toBe(v);
      return;
    }
    expect(message.kind).toBe("position");
    if (message.kind !== "position") return;
    const p = message.position;
    if (d.deviceId) expect(p.deviceId).toBe(d.deviceId);
    if (d.latitude !== undefined) expect(p.latitude).toBeCloseTo(d.latitude, 5);
    if (d.longitude !== undefined) expect(p.longitude).toBeCloseTo(d.longitude, 5);
    if (d.fixTime) expect(p.fixTime.toISOString()).toBe(new Date(d.fixTime).toISOString());
    if (d.speedKnots !== undefined) expect(p.speed).toBeCloseTo(d.speedKnots * 1.852, 6);
    if (d.course !== undefined) expect(p.course).toBe(d.course);
    if (d.status) expect(p.attributes.status).toBe(parseInt(d.status, 16));
    if (d.valid !== undefined) expect(p.valid).toBe(d.valid);
    if (d.validFlag !== undefined) expect(p.valid).toBe(d.validFlag === "A");
    if (s.expect.fixTime) expect(p.fixTime.toISOString()).toBe(new Date(s.expect.fixTime).toISOString());
    if (s.expect.latitude !== undefined)
      expect(Math.abs(p.latitude - s.expect.latitude)).toBeLessThan(s.expect.tolerance);
    if (s.expect.longitude !== undefined)
      expect(Math.abs(p.longitude - s.expect.longitude)).toBeLessThan(s.expect.tolerance);
    if (s.expect.valid !== undefined) expect(p.valid).toBe(s.expect.valid);
    for (const [k, v] of Object.entries(s.expect.attribute ?? {})) expectAttribute(p, k, v);
  });

  const commands: Json[] = (h02?.commands ?? []).filter((c: Json) => /engine(Stop|Resume)/.test(c.expect.commandType));
  it.each(commands.map((c, i) => [title(c, i), c]))("command %s", (_name, c: Json) => {
    const type = c.expect.commandType as "engineStop" | "engineResume";
    const [, id, , time] = c.text.slice(1, -1).split(",");
    const at = new Date(
      Date.UTC(2020, 0, 1, Number(time.slice(0, 2)), Number(time.slice(2, 4)), Number(time.slice(4, 6))),
    );
    expect(encodeH02Command(id, { type }, at).toString("latin1")).toBe(c.text);
  });
});
