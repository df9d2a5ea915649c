import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import {
  decodeRuptelaFrame,
  encodeRuptelaPacket,
  encodeRuptelaRecords,
  ruptelaAck,
  ruptelaFrameLength,
  ruptelaServerPacket,
  RUPTELA_HEARTBEAT,
  RUPTELA_IDENTIFICATION,
  RUPTELA_SMS_RESPONSE,
} from "../../server/protocols/ruptela";
import { waitFor } from "../support/wait";
import { protocolContract, protocolGateway, type ProtocolCase } from "./protocol-contract";

// Frames captured from FM-Eco/FM-Pro/FM-Tco devices, as published in Traccar's RuptelaProtocolDecoderTest.
const hex = (s: string) => Buffer.from(s, "hex");
const RECORDS =
  "007900000b1a2a5585c30100024e9c036900000f101733208ff45e07b31b570a001009090605011b1a020003001c01ad01021d338e16000002960000601a41014bc16d004e9c038400000f104fdf20900d20075103b00a001308090605011b1a020003001c01ad01021d33b116000002960000601a41014bc1ea0028f9";
const EXTENDED =
  "01a4000315bc70f9b69244000458068f4a0030000d11398a1c0c19fd056524040b000c0a00090c0005010031f40032fd0033f200ce47002400002500001c010199000195010196010086000900aa0000001e0ff000d3ffff0043ffff01930000019200000194000002220000022300000200300000000200af000e872401008e000000000000000058068f4a0031000d11398a1c0c19fd056524040b000c0a00090400870000880000a90000820010008b0002021e0000021f0000021d0000021c0000022400000225000000890000008505f00220000002210000008300000084000002260000022700000228000003008a00000000008d00000000008c000000000058068f4a0032000d11398a1c0c19fd056524040b000c0a000905019f01005800001b1f00ad0000cfb10b02290000022a0000022b0000022c0000022d00000012000000130000001d367400c52f8000740055023e0502060097000000000096000058520041007746cb00d0000003f1005c0007c21b0072001864880058068f4a0033000d11398a1c0c19fd056524040b000c0a000900000001008e0000000000000000e815";
const IDENTIFICATION =
  "002e000315bc70d3e2ff0f4f42443130302e30312e30382e30300000c2b30ea77e430000601b000001f40000003c00144aa0";
const SMS_RESPONSE =
  "0044000313612d76c5cb0744494e313d312c44494e323d302c44494e333d302c44494e343d302c444f5554313d312c444f5554323d312c41494e313d31372c41494e323d3236ac80";

const IMEI = "863071016796572";
const record = (time: Date) => ({
  time,
  latitude: 54.6872,
  longitude: 25.2797,
  altitude: 112.5,
  course: 270.25,
  satellites: 11,
  speed: 63,
  io: [
    { id: 29, value: 12840 },
    { id: 65, value: 152345 },
    { id: 251, value: 1 },
  ],
});
const positionFrame = (time: Date) => encodeRuptelaRecords(IMEI, [record(time)]);

describe("Ruptela codec", () => {
  it("decodes a records packet (command 1) from a device", () => {
    const m = decodeRuptelaFrame(hex(RECORDS));
    expect(m.kind).toBe("records");
    if (m.kind !== "records") return;
    expect(m.imei).toBe("012207007303107");
    expect(m.positions).toHaveLength(2);
    expect(m.positions[0]).toMatchObject({
      fixTime: new Date("2011-10-17T10:28:57Z"),
      latitude: 54.6305118,
      longitude: 25.2712755,
      altitude: 197.1,
      course: 69.99,
      satellites: 10,
      speed: 16,
      valid: true,
    });
  });

  it("decodes an extended records packet (command 68): 2-byte IO ids, merged records become one position", () => {
    const m = decodeRuptelaFrame(hex(EXTENDED));
    if (m.kind !== "records") throw new Error(m.kind);
    expect(m.extended).toBe(true);
    expect(m.positions).toHaveLength(1); // four records flagged as parts of one (record extension 0x30..0x33)
    expect(m.positions[0]).toMatchObject({
      fixTime: new Date("2016-10-18T21:08:26Z"),
      latitude: 47.0555133,
      longitude: 21.923265,
      speed: 12,
      course: 92.2,
      ignition: false,
      attributes: { io30: 4080, battery: 4.08, io175: 952100 },
    });
  });

  it("maps power, odometer and ignition and round-trips the encoder", () => {
    const time = new Date("2024-05-01T10:00:00Z");
    for (const extended of [false, true]) {
      const m = decodeRuptelaFrame(encodeRuptelaRecords(IMEI, [record(time)], extended));
      if (m.kind !== "records") throw new Error(m.kind);
      expect(m.positions[0]).toMatchObject({
        deviceId: IMEI,
        fixTime: time,
        latitude: 54.6872,
        longitude: 25.2797,
        altitude: 112.5,
        course: 270.25,
        speed: 63,
        power: 12.84,
        odometer: 152345,
        ignition: true,
      });
      expect(m.positions[0].attributes.io65).toBe(152345);
    }
  });

  it("marks a record without a fix invalid", () => {
    const frame = encodeRuptelaRecords(IMEI, [{ ...record(new Date("2024-05-01T10:00:00Z")), io: [] }]);
    frame.writeInt32BE(-0x80000000, 11 + 2 + 6); // longitude
    frame.writeInt32BE(-0x80000000, 11 + 2 + 10); // latitude
    frame.writeUInt16BE(crc(frame), frame.length - 2);
    const m = decodeRuptelaFrame(frame);
    if (m.kind !== "records") throw new Error(m.kind);
    expect(m.positions[0]).toMatchObject({ valid: false, latitude: 0, longitude: 0 });
  });

  it("decodes identification, heartbeat and command replies", () => {
    expect(decodeRuptelaFrame(hex(IDENTIFICATION))).toMatchObject({
      kind: "identification",
      attributes: { identification: "OBD100.01.08.00" },
    });
    expect(decodeRuptelaFrame(encodeRuptelaPacket(IMEI, RUPTELA_HEARTBEAT, Buffer.alloc(0)))).toMatchObject({
      kind: "heartbeat",
      imei: IMEI,
    });
    expect(decodeRuptelaFrame(hex(SMS_RESPONSE))).toMatchObject({
      kind: "commandResponse",
      command: RUPTELA_SMS_RESPONSE,
      text: "DIN1=1,DIN2=0,DIN3=0,DIN4=0,DOUT1=1,DOUT2=1,AIN1=17,AIN2=26",
    });
  });

  it("answers with the documented acknowledgements", () => {
    expect(ruptelaAck(1)!.toString("hex")).toBe("0002640113bc");
    expect(ruptelaAck(68)!.toString("hex")).toBe("0002640113bc");
    expect(ruptelaAck(RUPTELA_IDENTIFICATION)!.subarray(0, 4).toString("hex")).toBe("00027301");
    expect(ruptelaAck(RUPTELA_HEARTBEAT)!.subarray(0, 4).toString("hex")).toBe("00027401");
    expect(ruptelaServerPacket(108, Buffer.from(" setio 1,2")).subarray(0, 3).toString("hex")).toBe("000b6c");
  });

  it("refuses bad CRCs, truncated records and absurd lengths", () => {
    const bad = hex(RECORDS);
    bad[20] ^= 0xff;
    expect(() => decodeRuptelaFrame(bad)).toThrow(/CRC/);
    const short = encodeRuptelaPacket(IMEI, 1, hex(RECORDS).subarray(11, 40));
    expect(() => decodeRuptelaFrame(short)).toThrow(ProtocolError);
    expect(() => ruptelaFrameLength(hex("0003"))).toThrow(ProtocolError);
    expect(() => ruptelaFrameLength(hex("ffff"), 4096)).toThrow(/max frame/);
    expect(ruptelaFrameLength(hex(RECORDS).subarray(0, 30))).toBe(0);
  });
});

function crc(frame: Buffer): number {
  const copy = encodeRuptelaPacket(IMEI, frame[10], frame.subarray(11, frame.length - 2));
  return copy.readUInt16BE(copy.length - 2);
}

const unknownFrame = encodeRuptelaRecords("356307042441013", [record(new Date("2024-05-01T10:00:00Z"))]);
const corrupt = positionFrame(new Date("2024-05-01T10:00:00Z"));
corrupt[corrupt.length - 1] ^= 0x55;
const c: ProtocolCase = {
  protocol: "ruptela",
  deviceId: IMEI,
  hello: [],
  helloAckLength: 0,
  position: positionFrame,
  ack: () => ruptelaAck(1),
  badChecksum: corrupt,
  oversized: hex("7fff0000"),
  unknown: unknownFrame,
  maxFrameBytes: 4096,
};

describe("Ruptela TCP gateway", () => {
  protocolContract(c);
  const { start } = protocolGateway(c);

  it("acknowledges identification and heartbeat after passing their values on", async () => {
    const { client, statuses } = await start();
    await client.write(positionFrame(new Date("2024-05-01T10:00:00Z")));
    await client.read(6);
    const ident = encodeRuptelaPacket(IMEI, RUPTELA_IDENTIFICATION, hex(IDENTIFICATION).subarray(11, -2));
    await client.write(ident);
    expect((await client.read(6)).toString("hex")).toBe(ruptelaAck(RUPTELA_IDENTIFICATION)!.toString("hex"));
    expect(statuses[0].attributes.identification).toBe("OBD100.01.08.00");
    await client.write(encodeRuptelaPacket(IMEI, RUPTELA_HEARTBEAT, Buffer.alloc(0)));
    expect((await client.read(6)).toString("hex")).toBe(ruptelaAck(RUPTELA_HEARTBEAT)!.toString("hex"));
  });

  it("sends engine stop as setio over command 108 and returns the device's reply", async () => {
    const { client, gateway } = await start();
    await client.write(positionFrame(new Date("2024-05-01T10:00:00Z")));
    await client.read(6);
    await waitFor(() => gateway.isConnected(IMEI));
    const result = gateway.sendCommand(IMEI, { type: "engineStop" });
    const sent = await client.read(ruptelaServerPacket(108, Buffer.from(" setio 1,2")).length);
    expect(sent.toString("hex")).toBe(ruptelaServerPacket(108, Buffer.from(" setio 1,2")).toString("hex"));
    await client.write(encodeRuptelaPacket(IMEI, RUPTELA_SMS_RESPONSE, Buffer.from("SETIO configuration data ok")));
    expect(await result).toEqual({ ok: true, response: "SETIO configuration data ok" });
    const resume = gateway.sendCommand(IMEI, { type: "engineResume" });
    expect((await client.read(15)).subarray(3, 13).toString()).toBe(" setio 0,2");
    await client.write(encodeRuptelaPacket(IMEI, RUPTELA_SMS_RESPONSE, Buffer.from("SETIO configuration data ok")));
    expect((await resume).ok).toBe(true);
  });
});
