import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import {
  decodeMeitrackFrame,
  encodeMeitrackDevice,
  encodeMeitrackServer,
  meitrackCccAck,
  meitrackFrameLength,
} from "../../server/protocols/meitrack";
import { deferred } from "./helpers";
import { sleep, waitFor } from "../support/wait";
import { protocolContract, protocolGateway, type ProtocolCase } from "./protocol-contract";

// Frames from MVT/T-series devices as published in Traccar's MeitrackProtocolDecoderTest (\r\n restored).
const latin = (s: string) => Buffer.from(s, "latin1");
const AAA_VOLTS =
  "$$D149,867047043162018,AAA,35,-1.264865,36.800705,211001105240,A,9,20,41.0,323,1,1697,1,0,000|00||,0000,4.33|12.96|1.92|2.72|2.69,0.000000|0|0.000000,*E1\r\n";
const AAA_HEX =
  "$$B140,013777001293701,AAA,35,-7.266760,112.743550,140521095314,A,3,22,0,275,2.7,45,1984,8059,510|1|3504|EBFE,0000,0000|0000|0000|0914|0002,,*F9\r\n";
const AAA_SOS =
  "$$T143,869013024733944,AAA,1,18.459575,-69.947161,170220142912,A,5,15,10,300,1.6,115,3989,187884,370|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,*C2\r\n";
const CCC =
  "24245838362c3336393830303031343039303032312c4343432c020134000100000023381f91ffe354b806c5e3121b0009130000000000000000d33801007cbf0200fe0101000435feeb02000500a3010000000000002a62650d0a";
const REPLY = "$$D28,353358017784062,D03,OK*F3\r\n";

const IMEI = "867047043162018";
const yymmdd = (t: Date) => t.toISOString().replace(/\D/g, "").slice(2, 14);
const aaa = (t: Date, event = 35) =>
  encodeMeitrackDevice(
    IMEI,
    `AAA,${event},41.327546,19.818698,${yymmdd(t)},A,10,23,54,181,0.9,110,123456,3600,276|1|1F4|2A3B,0400,4.10|12.60|1.90|2.70|2.70,,`,
  );

describe("Meitrack codec", () => {
  it("decodes AAA reports with voltage and hex analog forms", () => {
    const a = decodeMeitrackFrame(latin(AAA_VOLTS));
    expect(a).toMatchObject({ kind: "positions", imei: IMEI, command: "AAA" });
    if (a.kind !== "positions") return;
    expect(a.positions[0]).toMatchObject({
      fixTime: new Date("2021-10-01T10:52:40Z"),
      latitude: -1.264865,
      longitude: 36.800705,
      speed: 41,
      course: 323,
      altitude: 1697,
      satellites: 9,
      valid: true,
      power: 12.96,
      attributes: { event: 35, battery: 4.33 },
    });
    const b = decodeMeitrackFrame(latin(AAA_HEX));
    if (b.kind !== "positions") throw new Error(b.kind);
    expect(b.positions[0]).toMatchObject({
      latitude: -7.26676,
      longitude: 112.74355,
      odometer: 1984,
      attributes: { mcc: 510, mnc: 1, lac: 0x3504, cellId: 0xebfe, batteryRaw: 0x914, powerRaw: 2 },
    });
  });

  it("maps event codes to alarms (1 = SOS)", () => {
    const m = decodeMeitrackFrame(latin(AAA_SOS));
    if (m.kind !== "positions") throw new Error(m.kind);
    expect(m.positions[0].alarm).toBe("sos");
    expect(m.positions[0].attributes.input).toBe(1);
  });

  it("decodes AFF, which carries one more field before the event code", () => {
    const t = new Date("2024-05-01T10:00:00Z");
    const frame = encodeMeitrackDevice(
      IMEI,
      `AFF,0004,35,58.588926,16.180473,${yymmdd(t)},A,10,27,0,161,1.2,19,1648894,435695,240|24|88B9|E435,0000,|||0A22|0000,,`,
    );
    const m = decodeMeitrackFrame(frame);
    if (m.kind !== "positions") throw new Error(m.kind);
    expect(m.positions[0]).toMatchObject({ fixTime: t, latitude: 58.588926, longitude: 16.180473, course: 161 });
  });

  it("decodes a CCC binary batch", () => {
    const m = decodeMeitrackFrame(Buffer.from(CCC, "hex"));
    if (m.kind !== "positions") throw new Error(m.kind);
    expect(m.command).toBe("CCC");
    expect(m.positions).toHaveLength(1);
    expect(m.positions[0]).toMatchObject({
      fixTime: new Date("2014-05-24T04:59:49Z"),
      latitude: -7.266504,
      longitude: 112.743651,
      valid: false,
      satellites: 9,
    });
    expect(meitrackCccAck("369800014090021", 1, "X").toString()).toMatch(
      /^@@X\d+,369800014090021,CCC,1\*[0-9A-F]{2}\r\n$/,
    );
  });

  it("encodes frames whose length and checksum a device accepts", () => {
    const reply = decodeMeitrackFrame(latin(REPLY));
    expect(reply).toMatchObject({ kind: "commandResponse", command: "D03", text: "D03,OK" });
    expect(encodeMeitrackDevice("353358017784062", "D03,OK", "D").toString()).toBe(REPLY);
    const cmd = encodeMeitrackServer(IMEI, "C01,0,12222", "A");
    expect(meitrackFrameLength(Buffer.concat([latin("$$"), cmd.subarray(2)]))).toBe(cmd.length);
  });

  it("refuses bad checksums, wrong lengths and garbage", () => {
    expect(() => decodeMeitrackFrame(latin(AAA_VOLTS.replace("*E1", "*E2")))).toThrow(/checksum/);
    expect(() => decodeMeitrackFrame(latin(AAA_VOLTS.replace("$$D149", "$$D148")))).toThrow(ProtocolError);
    expect(() => meitrackFrameLength(latin("$$A99999,123"))).toThrow(/max frame/);
    expect(() => meitrackFrameLength(latin("$$Axx,123"))).toThrow(ProtocolError);
    expect(() => meitrackFrameLength(latin("hello"))).toThrow(ProtocolError);
    expect(meitrackFrameLength(latin(AAA_VOLTS).subarray(0, 40))).toBe(0);
    const truncated = Buffer.from(CCC, "hex");
    const body = truncated.subarray(26, truncated.length - 5).subarray(0, 30);
    expect(() =>
      decodeMeitrackFrame(encodeMeitrackDevice("369800014090021", Buffer.concat([latin("CCC,"), body]))),
    ).toThrow(/whole records/);
  });
});

const bad = aaa(new Date("2024-05-01T10:00:00Z"));
bad[bad.length - 3] = bad[bad.length - 3] === 0x30 ? 0x31 : 0x30;
const c: ProtocolCase = {
  protocol: "meitrack",
  deviceId: IMEI,
  hello: [],
  helloAckLength: 0,
  position: (t) => aaa(t),
  ack: () => null, // AAA reports are not answered
  badChecksum: bad,
  oversized: latin("$$A5000,"),
  unknown: encodeMeitrackDevice("353358017784062", "AAA,35,1,1,240501100000,A,1,1,1,1,1,1,1,1,1|1|1|1,0000,,,"),
  maxFrameBytes: 4096,
};

describe("Meitrack TCP gateway", () => {
  protocolContract(c);
  const { start } = protocolGateway(c);

  it("answers a CCC batch with its record count only after the commit", async () => {
    const commit = deferred();
    const ccc = Buffer.from(CCC, "hex");
    const imei = "369800014090021";
    const { client } = await start({
      isKnownDevice: async (id) => id === imei,
      onPositions: async () => commit.promise,
    });
    await client.write(ccc);
    await sleep(50);
    expect(client.pendingBytes).toBe(0);
    commit.resolve();
    const ack = meitrackCccAck(imei, 1, "A");
    expect((await client.read(ack.length)).toString()).toBe(ack.toString());
  });

  it("sends C01 engine stop / resume and returns the device's reply", async () => {
    const { client, gateway, stored } = await start();
    await client.write(aaa(new Date("2024-05-01T10:00:00Z")));
    await waitFor(() => stored.length === 1);
    const stop = gateway.sendCommand(IMEI, { type: "engineStop" });
    const expected = encodeMeitrackServer(IMEI, "C01,0,12222", "A");
    expect((await client.read(expected.length)).toString()).toBe(expected.toString());
    await client.write(encodeMeitrackDevice(IMEI, "C01,OK"));
    expect(await stop).toEqual({ ok: true, response: "C01,OK" });
    const resume = gateway.sendCommand(IMEI, { type: "engineResume" });
    const sent = encodeMeitrackServer(IMEI, "C01,0,02222", "B");
    expect((await client.read(sent.length)).toString()).toBe(sent.toString());
    await client.write(encodeMeitrackDevice(IMEI, "C01,OK"));
    expect((await resume).ok).toBe(true);
  });
});
