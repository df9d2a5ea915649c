import { describe, expect, it } from "vitest";
import {
  decodeJt808Message,
  encodeJt808Command,
  jt808Escape,
  jt808FrameLength,
  jt808PlatformAnswer,
  jt808RegisterAnswer,
  jt808Unescape,
  parseJt808Frame,
  JT808,
  JT808_MAX_FRAME,
  type Jt808Message,
} from "../../server/protocols/jt808";
import { encodeJt808Batch, encodeJt808TerminalFrame, jt808TerminalHeader } from "../../server/telematics/simulator";
import { ProtocolError } from "../../server/shared/device-contract";

// Public captures from terminals (as quoted in traccar/traccar HuabaoProtocolDecoderTest.java); test data only.
const REGISTER =
  "7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E";
const AUTH = "7E0102000E013511221122000661757468656E7469636174696F6E3F7E";
const HEARTBEAT = "7e0002000004304832546500b7ca7e";
const LOCATION_LOW_BATTERY =
  "7E020000480123456789010013000000800000000301597BC506CBFF6600EB00000155210726203531010400000000EB24000C00B28986047701207027150200060089FFFFEFFF0004002D0E10000600C5FFFFFFEF697E";
const LOCATION_ITEMS =
  "7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b3101030c7e";
const BATCH =
  "7E0704014301356777777707F5000801002600000000000000030159741206CBFD5001720000000116052709062401040000001D03020000002600000000000000030159746606CBFD50016B0000000116052709065301040000001D0302000000260000000000000003015975E406CBFE58013F0000000116052709072701040000001D0302000000260000000000000003015976DE06CBFF10012E0000000116052709075601040000001D0302000000260000000000000003015976BC06CBFED0012D0000000116052709083001040000001D0302000000260000000000000003015976FE06CBFEC001080000000116052709090001040000001D0302000000260000000000000003015976FE06CBFE7800FC0000000116052709093301040000001D0302000000260000000000000003015977A606CBFF3001080000000116052709100201040000001D030200001F7E";
// Quoted with a body length (0x32) that disagrees with its 40-byte body: must be refused, not guessed.
const INCONSISTENT =
  "7E02000032013511221122000700000000000C000301578CC006CA3A5C00470000000014072317201501040000000030011631010BD07E";

const hex = (h: string) => Buffer.from(h, "hex");
const decode = (h: string): Jt808Message => decodeJt808Message(parseJt808Frame(hex(h)));
const positionsOf = (m: Jt808Message) => (m.kind === "positions" ? m.positions : []);

describe("JT/T 808 framing", () => {
  it("finds frames by their 0x7E delimiters, waits for the rest, skips a doubled delimiter", () => {
    const frame = hex(HEARTBEAT);
    expect(jt808FrameLength(frame)).toBe(frame.length);
    expect(jt808FrameLength(frame.subarray(0, 9))).toBe(0);
    expect(jt808FrameLength(Buffer.concat([frame, frame]))).toBe(frame.length);
    expect(jt808FrameLength(Buffer.from([0x7e, 0x7e, 0x00]))).toBe(1);
  });

  it("refuses garbage and frames longer than the limit", () => {
    expect(() => jt808FrameLength(Buffer.from("GET / HTTP/1.1\r\n"))).toThrow(ProtocolError);
    const endless = Buffer.alloc(JT808_MAX_FRAME + 1, 0x11);
    endless[0] = 0x7e;
    expect(() => jt808FrameLength(endless)).toThrow(/longer than/);
  });

  it("escapes 0x7E and 0x7D both ways", () => {
    const raw = Buffer.from([0x01, 0x7e, 0x02, 0x7d, 0x03]);
    expect(jt808Escape(raw).toString("hex")).toBe("017d02027d0103");
    expect(jt808Unescape(jt808Escape(raw))).toEqual(raw);
    expect(() => jt808Unescape(Buffer.from([0x7d, 0x05]))).toThrow(ProtocolError);
  });

  it("checks the XOR byte and the declared body length", () => {
    const bad = hex(HEARTBEAT);
    bad[bad.length - 2] ^= 0x01;
    expect(() => parseJt808Frame(bad)).toThrow(/checksum/);
    expect(() => parseJt808Frame(hex(INCONSISTENT))).toThrow(ProtocolError);
    const truncated = hex(LOCATION_ITEMS);
    expect(() => parseJt808Frame(Buffer.concat([truncated.subarray(0, 20), Buffer.from([0x7e])]))).toThrow(
      ProtocolError,
    );
  });

  it("reads the BCD phone number as the terminal id (leading zeros dropped)", () => {
    const frame = parseJt808Frame(hex(LOCATION_ITEMS));
    expect(frame.header).toMatchObject({ messageId: 0x0200, terminalId: "1601285614", serial: 2 });
  });
});

describe("JT/T 808 messages", () => {
  it("registration 0x0100 gives the terminal's details; the answer 0x8100 carries the authentication code", () => {
    const frame = parseJt808Frame(hex(REGISTER));
    expect(decodeJt808Message(frame)).toMatchObject({
      kind: "register",
      attributes: { manufacturer: "70107", model: "HB-R03GBD", terminalId: "2366104", plateColor: 2 },
    });
    const answer = parseJt808Frame(jt808RegisterAnswer(frame.header, 9, 0, "13511221122"));
    expect(answer.header).toMatchObject({ messageId: JT808.REGISTER_ANSWER, terminalId: "13511221122", serial: 9 });
    expect(answer.body.readUInt16BE(0)).toBe(frame.header.serial);
    expect(answer.body[2]).toBe(0);
    expect(answer.body.subarray(3).toString()).toBe("13511221122");
    const refused = parseJt808Frame(jt808RegisterAnswer(frame.header, 10, 4, ""));
    expect(refused.body.length).toBe(3);
  });

  it("authentication 0x0102 and heartbeat 0x0002", () => {
    expect(decode(AUTH)).toEqual({ kind: "auth", code: "authentication", attributes: {} });
    expect(decode(HEARTBEAT)).toEqual({ kind: "heartbeat" });
  });

  it("location 0x0200: GMT+8 time, coordinates, status bits, alarm flags and additional items", () => {
    const [p] = positionsOf(decode(LOCATION_LOW_BATTERY));
    expect(p).toMatchObject({
      deviceId: "12345678901",
      protocol: "jt808",
      latitude: 22.641605,
      longitude: 114.032486,
      altitude: 235,
      speed: 0,
      course: 341,
      valid: true,
      ignition: true,
      alarm: "lowBattery",
      odometer: 0,
    });
    expect(p.fixTime.toISOString()).toBe("2021-07-26T12:35:31.000Z"); // 20:35:31 in GMT+8
    const [q] = positionsOf(decode(LOCATION_ITEMS));
    expect(q).toMatchObject({ satellites: 3, valid: false, odometer: 4_326_400 });
    expect(q.attributes).toMatchObject({ rssi: 27, io: 0 });
  });

  it("batch 0x0704 gives every item as a position, blind-area items flagged as archive", () => {
    const positions = positionsOf(decode(BATCH));
    expect(positions).toHaveLength(8);
    expect(positions[0].fixTime.toISOString()).toBe("2016-05-27T01:06:24.000Z");
    expect(positions[7].fixTime.toISOString()).toBe("2016-05-27T01:10:02.000Z");
    expect(positions[0]).toMatchObject({ latitude: 22.639634, longitude: 114.031952, altitude: 370 });
    expect(positions.every((p) => p.attributes.archive === true)).toBe(true);
  });

  it("round-trips the simulator's batch and southern/western coordinates", () => {
    const fixTime = new Date("2025-03-01T10:00:00Z");
    const frame = encodeJt808Batch("864507032228", 3, [
      { fixTime, latitude: -33.5, longitude: -70.25, speed: 42.5, course: 270, odometer: 12_300 },
      { fixTime, latitude: 41.3275, longitude: 19.8187 },
    ]);
    const positions = positionsOf(decodeJt808Message(parseJt808Frame(frame)));
    expect(positions[0]).toMatchObject({
      latitude: -33.5,
      longitude: -70.25,
      speed: 42.5,
      course: 270,
      odometer: 12_300,
    });
    expect(positions[0].fixTime).toEqual(fixTime);
    expect(positions[1]).toMatchObject({ latitude: 41.3275, longitude: 19.8187 });
  });

  it("the terminal general answer 0x0001 and the platform general answer 0x8001", () => {
    const header = jt808TerminalHeader("13511221122", 5);
    const answer = parseJt808Frame(jt808PlatformAnswer({ ...header, messageId: 0x0200 }, 7));
    expect(answer.header.messageId).toBe(JT808.PLATFORM_ANSWER);
    expect([...answer.body]).toEqual([0, 5, 0x02, 0x00, 0]);
    const body = Buffer.from([0, 7, 0x81, 0x05, 0]);
    expect(decodeJt808Message(parseJt808Frame(encodeJt808TerminalFrame("13511221122", 0x0001, 8, body)))).toEqual({
      kind: "terminalAnswer",
      replySerial: 7,
      replyId: 0x8105,
      result: 0,
    });
  });

  it("engine stop/resume are 0x8105 with the oil-circuit command words; custom text goes as 0x8300", () => {
    const header = jt808TerminalHeader("13511221122");
    const stop = parseJt808Frame(encodeJt808Command(header, 1, { type: "engineStop" }));
    expect(stop.header.messageId).toBe(JT808.TERMINAL_CONTROL);
    expect([...stop.body]).toEqual([0x64]);
    expect([...parseJt808Frame(encodeJt808Command(header, 2, { type: "engineResume" })).body]).toEqual([0x65]);
    const text = parseJt808Frame(encodeJt808Command(header, 3, { type: "custom", text: "RELAY,1#" }));
    expect(text.header.messageId).toBe(JT808.TEXT);
    expect(text.body.subarray(1).toString()).toBe("RELAY,1#");
  });

  it("a location body cut short is a protocol error, never a crash", () => {
    const full = parseJt808Frame(hex(LOCATION_ITEMS));
    const short = encodeJt808TerminalFrame("1601285614", 0x0200, 1, full.body.subarray(0, 20));
    expect(() => decodeJt808Message(parseJt808Frame(short))).toThrow(ProtocolError);
    const badItem = encodeJt808TerminalFrame(
      "1601285614",
      0x0200,
      1,
      Buffer.concat([full.body.subarray(0, 28), hex("0104aa")]),
    );
    expect(() => decodeJt808Message(parseJt808Frame(badItem))).toThrow(/truncated/);
  });

  it("unknown messages are reported as unsupported", () => {
    expect(decodeJt808Message(parseJt808Frame(encodeJt808TerminalFrame("1", 0x0900, 1, hex("41"))))).toMatchObject({
      kind: "unsupported",
    });
  });
});
