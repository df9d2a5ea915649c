import { describe, expect, it } from "vitest";
import { crc16X25 } from "../../server/protocols/checksum";
import {
  decodeGt06Message,
  encodeGt06Command,
  encodeGt06Frame,
  gt06Ack,
  gt06FrameLength,
  parseGt06Frame,
} from "../../server/protocols/gt06";
import {
  encodeGt06Alarm,
  encodeGt06CommandResponse,
  encodeGt06Location,
  encodeGt06Login,
} from "../../server/telematics/simulator/gt06-encoder";
import { ProtocolError } from "../../server/shared/device-contract";

// Examples from the public Concox GT06 communication protocol document.
const DOC_LOGIN = "78780D01012345678901234500018CDD0D0A";
const DOC_LOGIN_REPLY = "787805010001D9DC0D0A";
const DOC_LOCATION = "78781F120B081D112E10CF027AC7EB0C46584900148F01CC00287D001FB8000380810D0A";
const DOC_HEARTBEAT = "78780A134004040001000FDCEE0D0A";

const decode = (h: string) => decodeGt06Message(parseGt06Frame(Buffer.from(h, "hex")), "864717003283581");

describe("GT06 decoder", () => {
  it("decodes the login example and builds the documented reply", () => {
    const message = decode(DOC_LOGIN);
    expect(message).toMatchObject({ kind: "login", imei: "123456789012345" });
    expect(gt06Ack(message.frame).toString("hex")).toBe(DOC_LOGIN_REPLY.toLowerCase());
  });

  it("decodes the GPS+LBS location example", () => {
    const message = decode(DOC_LOCATION);
    if (message.kind !== "position") throw new Error(message.kind);
    const p = message.position;
    expect(p.fixTime.toISOString()).toBe("2011-08-29T17:46:16.000Z");
    expect(p.latitude).toBeCloseTo(23.111668, 5);
    expect(p.longitude).toBeCloseTo(114.409285, 5);
    expect([p.speed, p.course, p.satellites, p.valid]).toEqual([0, 143, 15, true]);
    expect(p.attributes).toMatchObject({ mcc: 460, mnc: 0, lac: 10365, cellId: 8120 });
  });

  it("decodes the heartbeat example (terminal info, voltage level, GSM)", () => {
    const message = decode(DOC_HEARTBEAT);
    if (message.kind !== "status") throw new Error(message.kind);
    expect(message.frame.serial).toBe(15);
    expect(message.status.ignition).toBe(false);
    expect(message.status.attributes).toMatchObject({ voltageLevel: 4, batteryLevel: 67, rssi: 4 });
  });

  it("applies hemisphere bits and ACC from the course/status word", () => {
    const fix = {
      fixTime: new Date("2024-01-02T03:04:05Z"),
      latitude: -33.45,
      longitude: -70.66,
      speed: 77,
      course: 359,
    };
    const message = decodeGt06Message(parseGt06Frame(encodeGt06Location({ ...fix, ignition: true }, 9)), "x");
    if (message.kind !== "position") throw new Error(message.kind);
    expect(message.position.latitude).toBeCloseTo(-33.45, 5);
    expect(message.position.longitude).toBeCloseTo(-70.66, 5);
    expect(message.position).toMatchObject({ speed: 77, course: 359, ignition: true });
  });

  it.each(["sos", "powerCut", "vibration", "tamper"] as const)("maps the %s alarm", (alarm) => {
    const fix = { fixTime: new Date("2024-01-02T03:04:05Z"), latitude: 1, longitude: 2 };
    const message = decodeGt06Message(parseGt06Frame(encodeGt06Alarm(fix, alarm, 3)), "x");
    expect(message.kind === "position" && message.position.alarm).toBe(alarm);
  });

  it("handles 0x7979 frames with a 2-byte length", () => {
    const frame = encodeGt06Frame(
      0x21,
      5,
      Buffer.concat([Buffer.from([0, 0, 0, 7, 1]), Buffer.from("Relay OK")]),
      true,
    );
    expect(frame.readUInt16BE(0)).toBe(0x7979);
    expect(gt06FrameLength(frame)).toBe(frame.length);
    expect(decodeGt06Message(parseGt06Frame(frame), "x")).toMatchObject({
      kind: "commandResponse",
      serverFlag: 7,
      text: "Relay OK",
    });
  });

  it("decodes the 0x15 command response", () => {
    const message = decodeGt06Message(parseGt06Frame(encodeGt06CommandResponse(42, "HFYD=Success!", 2)), "x");
    expect(message).toMatchObject({ kind: "commandResponse", serverFlag: 42, text: "HFYD=Success!" });
  });
});

describe("GT06 framing and errors", () => {
  it("computes CRC-ITU over length..serial", () => {
    const frame = Buffer.from(DOC_LOGIN, "hex");
    expect(crc16X25(frame.subarray(2, frame.length - 4))).toBe(0x8cdd);
  });

  it("waits for incomplete frames and measures coalesced ones", () => {
    const login = encodeGt06Login("864717003283581", 1);
    expect(gt06FrameLength(login.subarray(0, 2))).toBe(0);
    expect(gt06FrameLength(login.subarray(0, login.length - 1))).toBe(0);
    expect(gt06FrameLength(Buffer.concat([login, login]))).toBe(login.length);
  });

  it("rejects garbage, absurd lengths, bad CRC and missing stop bits", () => {
    expect(() => gt06FrameLength(Buffer.from("GET /"))).toThrow(ProtocolError);
    expect(() => gt06FrameLength(Buffer.from("787802", "hex"))).toThrow(/absurd/);
    const badCrc = Buffer.from(DOC_LOGIN, "hex");
    badCrc[5] ^= 1;
    expect(() => parseGt06Frame(badCrc)).toThrow(/CRC/);
    const noStop = Buffer.from(DOC_LOGIN, "hex");
    noStop[noStop.length - 1] = 0;
    expect(() => parseGt06Frame(noStop)).toThrow(/stop bits/);
  });

  it("encodes the 0x80 online command with server flag", () => {
    const frame = parseGt06Frame(encodeGt06Command("DYD,000000#", 0x01020304, 7));
    expect(frame.protocolNumber).toBe(0x80);
    expect(frame.serial).toBe(7);
    expect(frame.content[0]).toBe(4 + "DYD,000000#".length);
    expect(frame.content.readUInt32BE(1)).toBe(0x01020304);
    expect(frame.content.subarray(5).toString("ascii")).toBe("DYD,000000#");
  });
});
