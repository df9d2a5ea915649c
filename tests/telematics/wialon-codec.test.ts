import { describe, expect, it } from "vitest";
import {
  decodeWialonPacket,
  encodeWialonCommand,
  wialonCrc,
  wialonFrameLength,
  WIALON_MAX_FRAME,
  type WialonMessage,
} from "../../server/protocols/wialon";
import { ProtocolError } from "../../server/shared/device-contract";

// Packets as quoted in public decoders' tests (traccar/traccar WialonProtocolDecoderTest.java and client
// examples of Wialon IPS 2.0 servers): test data only.
const NOW = new Date("2025-03-01T12:00:00Z");
const decode = (line: string, version: "1.1" | "2.0" = "1.1") =>
  decodeWialonPacket(Buffer.from(line, "utf8").toString("latin1"), "42", version, NOW);
const data = (m: WialonMessage) => (m.kind === "data" ? m : undefined);

describe("Wialon IPS framing", () => {
  it("splits on the line break, waits for the rest, skips stray line breaks", () => {
    const two = Buffer.from("#P#\r\n#P#\r\n");
    expect(wialonFrameLength(two)).toBe(5);
    expect(wialonFrameLength(Buffer.from("#SD#2704"))).toBe(0);
    expect(wialonFrameLength(Buffer.from("\n#P#"))).toBe(1);
  });

  it("refuses garbage and packets longer than the limit", () => {
    expect(() => wialonFrameLength(Buffer.from([0x16, 0x03, 0x01]))).toThrow(ProtocolError);
    expect(() => wialonFrameLength(Buffer.alloc(WIALON_MAX_FRAME + 1, 0x23))).toThrow(/longer/);
    expect(() => decode("#\r\n")).toThrow(ProtocolError);
  });
});

describe("Wialon IPS packets", () => {
  it("login 1.1 and 2.0 (CRC-16 over the message up to the last ;)", () => {
    expect(decode("#L#353451048036030;NA\r\n")).toEqual({
      kind: "login",
      version: "1.1",
      deviceId: "353451048036030",
      password: "NA",
      crcOk: true,
    });
    expect(decode("#L#2.0;355217044956192;NA;E335\r\n")).toMatchObject({ version: "2.0", crcOk: true });
    // quoted with a CRC that does not match its text (CRC-16/ARC of "2.0;42001300083;;" is DBEB)
    expect(decode("#L#2.0;42001300083;;CE45")).toMatchObject({ deviceId: "42001300083", password: "", crcOk: false });
    expect(decode("#L#2.0;42001300083;;DBEB")).toMatchObject({ crcOk: true });
    expect(decode("#L#2.0;355217044956192;NA;E336\r\n")).toMatchObject({ crcOk: false });
    expect(wialonCrc("2.0;860000000000000;NA;")).toBe("46D4");
  });

  it("ping", () => {
    expect(decode("#P#\r\n")).toEqual({ kind: "ping" });
  });

  it("short data #SD#: time, NMEA coordinates, speed, course, height, satellites", () => {
    const m = data(decode("#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4\r\n"));
    expect(m?.answer).toBe("#ASD#1");
    expect(m?.positions[0]).toMatchObject({ deviceId: "42", protocol: "wialon", speed: 1, course: 2, altitude: 3 });
    expect(m?.positions[0].satellites).toBe(4);
    expect(m?.positions[0].latitude).toBeCloseTo(55.74338, 4);
    expect(m?.positions[0].longitude).toBeCloseTo(37.66139, 4);
    expect(m?.positions[0].fixTime.toISOString()).toBe("2013-04-27T20:56:01.000Z");
    expect(data(decode("#SD#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5"))?.positions[0].course).toBe(0);
  });

  it("data #D#: hdop, inputs, outputs, ADC, iButton and typed parameters", () => {
    const m = data(
      decode(
        "#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;0.0;0;0;14.77,0.02,3.6;NA;count1:1:564,fuel:2:45.8,hw:3:V4.5",
      ),
    );
    expect(m?.answer).toBe("#AD#1");
    expect(m?.positions[0].attributes).toEqual({
      hdop: 0,
      inputs: 0,
      outputs: 0,
      adc1: 14.77,
      adc2: 0.02,
      adc3: 3.6,
      count1: 564,
      fuel: 45.8,
      hw: "V4.5",
    });
  });

  it("2.0 data with its CRC; a wrong CRC is answered with the checksum error code", () => {
    const line =
      "#D#010125;112233;5128.199596;N;00000.122544;E;0;0;0;0;0;0;NA;;NA;example1:1:0,example2:2:0.12,example3:1:123;72D3";
    const m = data(decode(line, "2.0"));
    expect(m?.answer).toBe("#AD#1");
    expect(m?.positions[0].latitude).toBeCloseTo(51.46999, 5);
    expect(data(decode(line.replace(/72D3$/, "72D4"), "2.0"))).toMatchObject({ answer: "#AD#16", positions: [] });
    const sd = "#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;";
    expect(data(decode(`${sd}0000`, "2.0"))?.answer).toBe("#ASD#13");
    expect(data(decode(`${sd}${wialonCrc(sd.slice(4))}`, "2.0"))?.answer).toBe("#ASD#1");
  });

  it("NA date and time take the server's time; a message without coordinates is device status", () => {
    const m = data(
      decode(
        "#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0",
        "2.0",
      ),
    );
    expect(m?.answer).toBe("#AD#1");
    expect(m?.positions[0].fixTime).toEqual(NOW);
    expect(m?.positions[0].attributes).toMatchObject({ serverTime: true, fuel1: 21588, pv1: 35.98 });
    const status = data(
      decode(
        "#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;101_521347:1:521246,101_158:1:510,101_521055:1:510,101_521055_2.9:1:509,101_521056:1:3;626B",
        "2.0",
      ),
    );
    expect(status).toMatchObject({ answer: "#AD#1", positions: [], statuses: [{ "101_158": 510 }] });
  });

  it("field errors get the protocol's codes", () => {
    expect(data(decode("#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3"))?.answer).toBe("#ASD#-1");
    expect(data(decode("#SD#271313;205601;5544.6025;N;03739.6834;E;1;2;3;4"))?.answer).toBe("#ASD#0");
    expect(data(decode("#SD#270413;205601;55x4.6025;N;03739.6834;E;1;2;3;4"))?.answer).toBe("#ASD#10");
    expect(data(decode("#SD#270413;205601;5544.6025;N;03739.6834;E;fast;2;3;4"))?.answer).toBe("#ASD#11");
    expect(data(decode("#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;many"))?.answer).toBe("#ASD#12");
    const d = "#D#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4;1;";
    expect(data(decode(`${d}x;0;NA;NA;NA`))?.answer).toBe("#AD#13");
    expect(data(decode(`${d}0;0;x;NA;NA`))?.answer).toBe("#AD#14");
    expect(data(decode(`${d}0;0;NA;NA;broken`))?.answer).toBe("#AD#15");
  });

  it("black box #B# gives every message and answers with their count", () => {
    const m = data(
      decode(
        "#B#080914;073235;5027.50625;N;03026.19321;E;0.700;0.000;NA;4;NA;NA;NA;;NA;Батарея:3:100 %|080914;073420;5027.50845;N;03026.18854;E;1.996;292.540;NA;4;NA;NA;NA;;NA;Батарея:3:100 %",
      ),
    );
    expect(m?.answer).toBe("#AB#2");
    expect(m?.positions.map((p) => p.fixTime.toISOString())).toEqual([
      "2014-09-08T07:32:35.000Z",
      "2014-09-08T07:34:20.000Z",
    ]);
    expect(m?.positions[0].attributes.Батарея).toBe("100 %");
    const one = data(
      decode("#B#110315;045857;5364.0167;N;06127.8262;E;0;155;965;7;2.40;4;0;14.77,0.02,3.6;AB45DF01145;"),
    );
    expect(one?.answer).toBe("#AB#1");
    expect(one?.positions[0].attributes).toMatchObject({ driverUniqueId: "AB45DF01145", inputs: 4, hdop: 2.4 });
    const items = "270413;205601;5544.6025;N;03739.6834;E;1;2;3;4|270413;205602;5544.6025;N;03739.6834;E;1;2;3;4|";
    expect(data(decode(`#B#${items}${wialonCrc(items)}`, "2.0"))?.answer).toBe("#AB#2");
    expect(data(decode(`#B#${items}FFFF`, "2.0"))?.answer).toBe("#AB#");
  });

  it("driver messages and command answers", () => {
    expect(decode("#M#Arrived at the depot")).toEqual({
      kind: "driverMessage",
      text: "Arrived at the depot",
      answer: "#AM#1",
    });
    expect(decode("#AM#1")).toEqual({ kind: "commandAnswer", text: "#AM#1" });
  });

  it("engine stop/resume go as #M# with Wialon's command names (with a CRC for 2.0)", () => {
    expect(encodeWialonCommand({ type: "engineStop" }, "1.1").toString()).toBe("#M#block_engine\r\n");
    expect(encodeWialonCommand({ type: "engineResume" }, "2.0").toString()).toBe(
      `#M#unblock_engine;${wialonCrc("unblock_engine;")}\r\n`,
    );
    expect(encodeWialonCommand({ type: "custom", text: "setdigout 1" }, "1.1").toString()).toBe("#M#setdigout 1\r\n");
  });
});
