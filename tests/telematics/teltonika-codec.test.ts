import { describe, expect, it } from "vitest";
import { crc16Ibm } from "../../server/protocols/checksum";
import {
  decodeTeltonikaFrame,
  encodeCodec12Command,
  parseImeiHandshake,
  teltonikaAck,
  teltonikaFrameLength,
} from "../../server/protocols/teltonika";
import { encodeCodec12Response, encodeTeltonikaAvl } from "../../server/telematics/simulator/teltonika-encoder";
import { ProtocolError } from "../../server/shared/device-contract";

// Examples from Teltonika's public "Codec" documentation page.
const DOC_CODEC8 =
  "000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF";
const DOC_CODEC8E =
  "000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994";
const DOC_CODEC16 =
  "000000000000005F10020000016BDBC7833000000000000000000000000000000000000B05040200010000030002000B00270042563A00000000016BDBC7871800000000000000000000000000000000000B05040200010000030002000B00260042563A00000200005FB3";
const DOC_GETINFO = "000000000000000F0C010500000007676574696E666F0100004312";

const hex = (h: string) => Buffer.from(h, "hex");

function records(frameHex: string) {
  const packet = decodeTeltonikaFrame(hex(frameHex), "356307042441013");
  if (packet.kind !== "records") throw new Error(`expected records, got ${packet.kind}`);
  return packet;
}

describe("Teltonika decoder on the documentation examples", () => {
  it("decodes the Codec 8 example", () => {
    const packet = records(DOC_CODEC8);
    expect(packet.codec).toBe(0x08);
    expect(packet.positions).toHaveLength(1);
    const [p] = packet.positions;
    expect(p.fixTime.toISOString()).toBe("2019-06-10T10:04:46.000Z");
    expect(p.deviceId).toBe("356307042441013");
    expect(p.attributes).toMatchObject({
      priority: 1,
      eventIoId: 1,
      io21: 3,
      io1: 1,
      io66: 24079,
      io241: 24602,
      io78: 0,
    });
    expect(p.power).toBeCloseTo(24.079);
    expect(p.attributes.in1).toBe(true);
    expect(p.valid).toBe(false); // 0 satellites
  });

  it("decodes the Codec 8 Extended example with 2-byte ids and 8-byte values", () => {
    const [p] = records(DOC_CODEC8E).positions;
    expect(p.attributes).toMatchObject({ io1: 1, io17: 29, io16: 22949000, io11: 893700218, io14: 500686954 });
    expect(p.odometer).toBe(22949000);
  });

  it("decodes the Codec 16 example with generation type", () => {
    const packet = records(DOC_CODEC16);
    expect(packet.positions).toHaveLength(2);
    expect(packet.records[0].generationType).toBe(5);
    expect(packet.positions[0].attributes).toMatchObject({ eventIoId: 11, io11: 39, io66: 22074 });
    expect(packet.positions[1].fixTime.toISOString()).toBe("2019-07-10T12:06:55.000Z");
  });

  it("encodes the Codec 12 getinfo example byte for byte", () => {
    expect(encodeCodec12Command("getinfo").toString("hex")).toBe(DOC_GETINFO.toLowerCase());
  });

  it("computes CRC-16/IBM as in the example", () => {
    const frame = hex(DOC_CODEC8);
    expect(crc16Ibm(frame.subarray(8, frame.length - 4))).toBe(0xc7cf);
  });
});

describe("Teltonika framing and errors", () => {
  it("parses the IMEI handshake", () => {
    const frame = hex("000f333536333037303432343431303133");
    expect(teltonikaFrameLength(frame, "handshake")).toBe(17);
    expect(parseImeiHandshake(frame)).toBe("356307042441013");
  });

  it("reports incomplete frames as 0 and complete ones by length", () => {
    const frame = hex(DOC_CODEC8);
    expect(teltonikaFrameLength(frame.subarray(0, 5), "data")).toBe(0);
    expect(teltonikaFrameLength(frame.subarray(0, frame.length - 1), "data")).toBe(0);
    expect(teltonikaFrameLength(Buffer.concat([frame, frame]), "data")).toBe(frame.length);
    expect(teltonikaFrameLength(hex("ff"), "data")).toBe(1);
  });

  it("rejects a bad CRC", () => {
    const frame = hex(DOC_CODEC8);
    frame[frame.length - 1] ^= 0xff;
    expect(() => decodeTeltonikaFrame(frame, "x")).toThrow(/bad CRC/);
  });

  it("rejects absurd lengths, garbage and bad IMEI lengths", () => {
    expect(() => teltonikaFrameLength(hex("00000000ffffffff"), "data")).toThrow(ProtocolError);
    expect(() => teltonikaFrameLength(hex("474554202f"), "data")).toThrow(/preamble/);
    expect(() => teltonikaFrameLength(hex("0400"), "handshake")).toThrow(/IMEI length/);
  });

  it("rejects a record count that does not match the records", () => {
    const frame = hex(DOC_CODEC8);
    const data = frame.subarray(8, frame.length - 4);
    data[1] = 2;
    data[data.length - 1] = 2;
    frame.writeUInt32BE(crc16Ibm(data), frame.length - 4);
    expect(() => decodeTeltonikaFrame(frame, "x")).toThrow(ProtocolError);
  });

  it("builds the 4-byte ack", () => {
    expect(teltonikaAck(14).toString("hex")).toBe("0000000e");
  });
});

describe("Teltonika IO mapping and simulator round trip", () => {
  const base = {
    fixTime: new Date("2024-05-01T10:00:00Z"),
    latitude: 54.6872,
    longitude: 25.2797,
    speed: 63,
    course: 270,
    satellites: 11,
    altitude: 120,
  };

  it("maps well-known IO ids and keeps raw IO", () => {
    const frame = encodeTeltonikaAvl([
      { ...base, ignition: true, motion: true, power: 12.6, odometer: 123456, io: { 21: 4, 179: 1, 247: 1, 69: 1 } },
    ]);
    const [p] = records(frame.toString("hex")).positions;
    expect(p).toMatchObject({
      latitude: 54.6872,
      longitude: 25.2797,
      speed: 63,
      course: 270,
      satellites: 11,
      altitude: 120,
      valid: true,
    });
    expect(p.ignition).toBe(true);
    expect(p.motion).toBe(true);
    expect(p.power).toBeCloseTo(12.6);
    expect(p.odometer).toBe(123456);
    expect(p.alarm).toBe("crash");
    expect(p.attributes).toMatchObject({ io239: 1, io240: 1, io21: 4, rssi: 4, out1: true, gnssStatus: 1 });
  });

  it.each([
    [252, "powerCut"],
    [236, "sos"],
    [318, "jamming"],
    [246, "towing"],
  ] as const)("IO %i raises alarm %s", (id, alarm) => {
    const [p] = records(encodeTeltonikaAvl([{ ...base, io: { [id]: 1 } }], 0x8e).toString("hex")).positions;
    expect(p.alarm).toBe(alarm);
  });

  it("round-trips Codec 8 Extended with variable-length IO and negative coordinates", () => {
    const frame = encodeTeltonikaAvl(
      [
        {
          ...base,
          latitude: -33.4379166,
          longitude: -70.64967,
          io: { 256: Buffer.from("VIN123", "ascii"), 16: 2n ** 40n },
        },
      ],
      0x8e,
    );
    const packet = records(frame.toString("hex"));
    expect(packet.codec).toBe(0x8e);
    const [p] = packet.positions;
    expect(p.latitude).toBeCloseTo(-33.4379166, 7);
    expect(p.longitude).toBeCloseTo(-70.64967, 7);
    expect(p.attributes.io256).toBe(Buffer.from("VIN123").toString("hex"));
    expect(p.odometer).toBe(2 ** 40);
  });

  it("refuses to put 2-byte IO ids into Codec 8", () => {
    expect(() => encodeTeltonikaAvl([{ ...base, io: { 318: 1 } }])).toThrow(/Codec 8 Extended/);
  });

  it("decodes a Codec 12 response from the simulator", () => {
    const packet = decodeTeltonikaFrame(encodeCodec12Response("DOUT1:1 Timeout:INFINITY"), "x");
    expect(packet).toMatchObject({ kind: "codec12", type: 0x06, text: "DOUT1:1 Timeout:INFINITY" });
  });

  it("encodes immobiliser commands as Codec 12 type 0x05", () => {
    const packet = decodeTeltonikaFrame(encodeCodec12Command("setdigout 1"), "x");
    expect(packet).toMatchObject({ kind: "codec12", type: 0x05, text: "setdigout 1" });
  });
});
