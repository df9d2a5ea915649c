import { describe, expect, it } from "vitest";
import {
  cobanFrameLength,
  decodeCobanMessage,
  encodeCobanCommand,
  COBAN_MAX_FRAME,
  type CobanMessage,
} from "../../server/protocols/coban";
import { ProtocolError } from "../../server/shared/device-contract";

// Messages as quoted in public decoders' tests (traccar/traccar Gps103ProtocolDecoderTest.java and others).
const position = (m: CobanMessage) => (m.kind === "position" ? m.position : undefined);

describe("Coban / GPS103 framing", () => {
  it("splits on `;` and line breaks, waits for the rest", () => {
    const login = Buffer.from("##,imei:359586015829802,A;359586015829802;");
    expect(cobanFrameLength(login)).toBe(26);
    expect(cobanFrameLength(login.subarray(26))).toBe(16);
    expect(cobanFrameLength(Buffer.from("imei:3595860158"))).toBe(0);
    expect(cobanFrameLength(Buffer.from("\n"))).toBe(1);
  });

  it("refuses binary garbage and oversized messages", () => {
    expect(() => cobanFrameLength(Buffer.from([0x78, 0x78, 0x11, 0x01]))).toThrow(ProtocolError);
    expect(() => cobanFrameLength(Buffer.alloc(COBAN_MAX_FRAME + 1, 0x41))).toThrow(/longer/);
  });
});

describe("Coban / GPS103 messages", () => {
  it("login and heartbeat", () => {
    expect(decodeCobanMessage("##,imei:359586015829802,A;")).toEqual({ kind: "login", deviceId: "359586015829802" });
    expect(decodeCobanMessage("359586015829802;")).toEqual({ kind: "heartbeat", deviceId: "359586015829802" });
  });

  it("tracker reports: the UTC fix time takes its date from the local time field across midnight", () => {
    const a = position(
      decodeCobanMessage(
        "imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;",
      ),
    );
    expect(a?.fixTime.toISOString()).toBe("2015-10-26T23:59:57.000Z");
    expect(a?.latitude).toBeCloseTo(24.49193, 5);
    expect(a?.longitude).toBeCloseTo(44.40971, 5);
    expect(a).toMatchObject({ protocol: "coban", valid: true, course: 27.91, ignition: false });
    expect(a?.speed).toBeCloseTo(0.01 * 1.852, 6);

    const b = position(
      decodeCobanMessage(
        "imei:865328021058861,tracker,151027041419,,F,011531.000,A,6020.2979,N,02506.1940,E,0.49,113.30,,0,0,0.0%,,;",
      ),
    );
    expect(b?.fixTime.toISOString()).toBe("2015-10-27T01:15:31.000Z");
    expect(b?.latitude).toBeCloseTo(60.3383, 4);

    // New Zealand (UTC+12): local 01:51 on the 12th is 13:51 UTC on the 11th
    const nz = position(
      decodeCobanMessage(
        "imei:359710049100168,move,160712015143,,F,135145.000,A,4339.8602,S,17232.8935,E,0.30,339.24,123.12,0,0,,,;",
      ),
    );
    expect(nz?.fixTime.toISOString()).toBe("2016-07-11T13:51:45.000Z");
    expect(nz).toMatchObject({ altitude: 123.12 });
    expect(nz?.latitude).toBeCloseTo(-43.66434, 5);

    const adelaide = position(
      decodeCobanMessage("imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0"),
    );
    expect(adelaide?.fixTime.toISOString()).toBe("2013-02-27T12:59:52.000Z");

    const east = position(
      decodeCobanMessage(
        "imei:869039001186913,tracker,1308282156,0,F,215630.000,A,5602.11015,N,9246.30767,E,1.4,,175.9,",
      ),
    );
    expect(east?.longitude).toBeCloseTo(92.77179, 5);
    expect(east?.course).toBe(0);
  });

  it("alarm keywords and acc on/off", () => {
    const sos = decodeCobanMessage(
      "imei:123456789012345,help me,1201011201,,F,120100.000,A,6000.0000,N,13000.0000,E,0.00,;",
    );
    expect(position(sos)).toMatchObject({ alarm: "sos", latitude: 60, longitude: 130 });
    const acc = decodeCobanMessage(
      "imei:123456789012345,acc on,1201011201,,F,120100.000,A,6000.0000,N,13000.0000,E,0.00,;",
    );
    expect(position(acc)?.ignition).toBe(true);
  });

  it("a report without GPS (L) is device status", () => {
    expect(decodeCobanMessage("imei:359586015829802,tracker,000000000,13554900601,L,;")).toEqual({
      kind: "status",
      deviceId: "359586015829802",
      alarm: undefined,
      ignition: undefined,
      attributes: { event: "tracker" },
    });
    expect(decodeCobanMessage("imei:359586015829802,low battery,000000000,,L,;")).toMatchObject({
      kind: "status",
      alarm: "lowBattery",
    });
  });

  it("a malformed coordinate is a protocol error; free text is a command reply", () => {
    expect(() =>
      decodeCobanMessage("imei:359586015829802,tracker,1201011201,,F,120100.000,A,60x0.0000,N,13000.0000,E,0.00,;"),
    ).toThrow(ProtocolError);
    expect(decodeCobanMessage("Stop engine Succeed;")).toEqual({ kind: "text", text: "Stop engine Succeed" });
  });

  it("engine stop J, resume K, custom text wrapped in the same command form", () => {
    expect(encodeCobanCommand("359586015829802", { type: "engineStop" }).toString()).toBe("**,imei:359586015829802,J");
    expect(encodeCobanCommand("359586015829802", { type: "engineResume" }).toString()).toBe(
      "**,imei:359586015829802,K",
    );
    expect(encodeCobanCommand("359586015829802", { type: "custom", text: "C,30s" }).toString()).toBe(
      "**,imei:359586015829802,C,30s",
    );
  });
});
