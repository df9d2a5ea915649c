import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import {
  decodeGalileoskyFrame,
  encodeGalileoskyCommand,
  encodeGalileoskyHead,
  encodeGalileoskyRecord,
  galileoskyFrameLength,
  wrapGalileosky,
} from "../../server/protocols/galileosky";
import { waitFor } from "../support/wait";
import { protocolContract, protocolGateway, type ProtocolCase } from "./protocol-contract";

// Packets from Galileosky 7.x/10.x devices as published in Traccar's GalileoProtocolDecoderTest.
const hex = (s: string) => Buffer.from(s, "hex");
const HEAD = "011380033836383230343030313534393038370432008590";
const ARCHIVE =
  "01d48304320010020520a5829f58300f50dc8a024c0965013300000000344102350740003a41e14b426610431b4459fa672a4500004601a050364c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e293000000043200100105202d829f58300f50dc8a024c0965013300000000344102350740003a41d04b426110431b445702882a4500004601a050374c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29400000004320010000520b5819f58300f50dc8a024c0965013300000000344102350740003a419e4b426a10431c4456fab72a4500004601a050434c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29500000004320010ff04203d819f58300f50dc8a024c0965013300000000344102350740003a41874b426310431c4454fe572a4500004601a050334c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29600000004320010fe0420c5809f58300f50dc8a024c0965013300000000344102350840003a41a24b426710431c4457fea72a4500004601a050214c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29700000004320010fd04204d809f58300f50dc8a024c0965013300000000344102350840003a41a34b426310431c4455f6772a4500004601a0502e4c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29900000004320010fc0420d57f9f58300f50dc8a024c0965013300000000344102350840003a41bd4b426510431d4458fe672a4500004601a0501f4c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29700000004320010fb04205d7f9f58300f50dc8a024c0965013300000000344102350840003a41b54b426310431d4456fa772a4500004601a0502d4c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29500000004320010fa0420e57e9f58300f50dc8a024c0965013300000000344102350840003a41b24b426210431e4454fa872a4500004601a050fe4b510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e29000000004320010f904206d7e9f58300f50dc8a024c0965013300000000344102350a40003a41af4b426710431f4458fea72a4500004601a0500a4c510000520000530000c000000000c100000000c200000000c300000000d80000dd00000000e28900000067c5";
const WITH_IMEI =
  "011801018202130338363833343530333230343234323604640010a406207caa9f5b300c830a7901ca0ec802330000000034b802350540003e41703f422b1043234504004600e09000000000a000a100a200a300a400a500a600a700a800a900aa00ab00ac00ad00ae00af00b00000b10000b20000b30000b40000b50000b60000b70000b80000b90000c000000000c100000000c200000000c300000000c400c500c600c700c800c900ca00cb00cc00cd00ce00cf00d000d100d200d4d3140000d60000d70000d80000d90000da0000db00000000dc00000000dd00000000de00000000df00000000f000000000f100000000f200000000f300000000f400000000f500000000f600000000f700000000f800000000f9000000008960";
const REPLY = "012a0003383633353931303233353137333732046600e000000000e1104f555428332e2e3029203d2031313130bb29";

const IMEI = "868204001549087";
const main = (time: Date) =>
  wrapGalileosky(
    encodeGalileoskyRecord({
      time,
      latitude: 41.327546,
      longitude: 19.818698,
      speed: 54.5,
      course: 181.2,
      altitude: 110,
      index: 7,
    }),
  );

describe("Galileosky codec", () => {
  it("decodes the head packet (archive flag set, IMEI, device number) and confirms it with its CRC", () => {
    const p = decodeGalileoskyFrame(hex(HEAD));
    expect(p).toMatchObject({ imei: IMEI, deviceNumber: 50, archive: true, positions: [] });
    expect(p.confirmation.toString("hex")).toBe("028590");
  });

  it("splits a main packet into records where a tag repeats", () => {
    const p = decodeGalileoskyFrame(hex(ARCHIVE), IMEI);
    expect(p.imei).toBeUndefined();
    expect(p.positions).toHaveLength(10);
    expect(p.positions[0]).toMatchObject({
      deviceId: IMEI,
      fixTime: new Date("2017-02-11T21:31:17Z"),
      latitude: 42.6548,
      longitude: 23.398732,
      satellites: 15,
      valid: true,
      altitude: 577,
      attributes: { index: 1282, hdop: 0.7, battery: 4.198, deviceTemp: 27 },
    });
    expect(p.positions[0].power).toBeCloseTo(19.425, 3);
    expect(p.confirmation.toString("hex")).toBe("0267c5");
  });

  it("reads the IMEI, odometer and speed from a packet that carries them", () => {
    const p = decodeGalileoskyFrame(hex(WITH_IMEI));
    expect(p.imei).toBe("868345032042426");
    expect(p.positions).toHaveLength(1);
    expect(p.positions[0]).toMatchObject({
      odometer: 0x14d3,
      attributes: { hardwareVersion: 130, firmwareVersion: 19 },
    });
  });

  it("round-trips the record encoder", () => {
    const t = new Date("2024-05-01T10:00:00Z");
    const p = decodeGalileoskyFrame(main(t), IMEI);
    expect(p.positions[0]).toMatchObject({
      fixTime: t,
      latitude: 41.327546,
      longitude: 19.818698,
      speed: 54.5,
      course: 181.2,
      altitude: 110,
      power: 12,
    });
  });

  it("decodes a command reply and encodes commands with IMEI, device number, number and text", () => {
    const p = decodeGalileoskyFrame(hex(REPLY));
    expect(p).toMatchObject({ imei: "863591023517372", reply: "OUT(3..0) = 1110", positions: [] });
    const cmd = encodeGalileoskyCommand(IMEI, 50, 3, { type: "engineStop" });
    const back = decodeGalileoskyFrame(cmd);
    expect(back).toMatchObject({ imei: IMEI, deviceNumber: 50, reply: "Out 0,1" });
    expect(back.status).toEqual({});
  });

  it("refuses bad CRCs, unknown tags, truncated tags and absurd lengths", () => {
    const bad = hex(HEAD);
    bad[5] ^= 1;
    expect(() => decodeGalileoskyFrame(bad)).toThrow(/CRC/);
    expect(() => decodeGalileoskyFrame(wrapGalileosky(Buffer.from([0x10, 0, 0, 0x07, 1])))).toThrow(
      /unknown Galileosky tag/,
    );
    expect(() => decodeGalileoskyFrame(wrapGalileosky(Buffer.from([0x20, 1, 2])))).toThrow(/truncated/);
    expect(() => galileoskyFrameLength(hex("01ff7f"))).toThrow(/max frame/);
    expect(() => galileoskyFrameLength(hex("47455420"))).toThrow(ProtocolError);
    expect(galileoskyFrameLength(hex(HEAD).subarray(0, 10))).toBe(0);
  });
});

const corrupt = main(new Date("2024-05-01T10:00:00Z"));
corrupt[corrupt.length - 1] ^= 0x55;
const c: ProtocolCase = {
  protocol: "galileosky",
  deviceId: IMEI,
  hello: [encodeGalileoskyHead(IMEI, 50)],
  helloAckLength: 3,
  position: main,
  ack: (frame) => Buffer.concat([Buffer.from([0x02]), frame.subarray(frame.length - 2)]),
  badChecksum: corrupt,
  oversized: hex("01ff7f"),
  unknown: encodeGalileoskyHead("868204001549999"),
  maxFrameBytes: 4096,
};

describe("Galileosky TCP gateway", () => {
  protocolContract(c);
  const { start, hello } = protocolGateway(c);

  it("passes the head packet's versions on as device status and confirms it", async () => {
    const { client, statuses } = await start();
    await client.write(encodeGalileoskyHead(IMEI, 50));
    const head = encodeGalileoskyHead(IMEI, 50);
    expect((await client.read(3)).toString("hex")).toBe(`02${head.subarray(head.length - 2).toString("hex")}`);
    expect(statuses[0].attributes).toEqual({ hardwareVersion: 0x82, firmwareVersion: 0x13 });
  });

  it("refuses data before the IMEI", async () => {
    const { client } = await start();
    await client.write(main(new Date("2024-05-01T10:00:00Z")));
    await client.closed;
  });

  it("sends Out 0,1 / Out 0,0 as engine stop / resume and returns the device's reply", async () => {
    const { client, gateway } = await start();
    await hello(client);
    await waitFor(() => gateway.isConnected(IMEI));
    const stop = gateway.sendCommand(IMEI, { type: "engineStop" });
    const expected = encodeGalileoskyCommand(IMEI, 50, 1, { type: "engineStop" });
    expect((await client.read(expected.length)).toString("hex")).toBe(expected.toString("hex"));
    const reply = encodeGalileoskyCommand(IMEI, 50, 1, { type: "custom", text: "OUT(3..0) = 0001" });
    await client.write(reply);
    expect((await client.read(3))[0]).toBe(0x02); // the reply packet is confirmed too
    expect(await stop).toEqual({ ok: true, response: "OUT(3..0) = 0001" });
    const resume = gateway.sendCommand(IMEI, { type: "engineResume" });
    const sent = await client.read(encodeGalileoskyCommand(IMEI, 50, 2, { type: "engineResume" }).length);
    expect(decodeGalileoskyFrame(sent).reply).toBe("Out 0,0");
    await client.write(encodeGalileoskyCommand(IMEI, 50, 2, { type: "custom", text: "OUT(3..0) = 0000" }));
    expect((await resume).ok).toBe(true);
  });
});
