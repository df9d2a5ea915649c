// Codec 7 sample frames: public test data of traccar/traccar,
// src/test/java/org/traccar/protocol/TeltonikaProtocolDecoderTest.java (device test data; no code copied).
import dgram from "node:dgram";
import { afterEach, describe, expect, it, vi } from "vitest";
import { crc16Ibm } from "../../server/protocols/checksum";
import {
  decodeTeltonikaFrame,
  teltonikaFrameLength,
  unwrapTeltonikaFrame,
  CODEC_8E,
  CODEC_16,
} from "../../server/protocols/teltonika";
import { decodeTeltonikaUdp, encodeTeltonikaUdp, teltonikaUdpAck } from "../../server/protocols/teltonika-udp";
import { teltonikaUdpHandler } from "../../server/telematics/gateway/teltonika-udp-handler";
import { startUdpGateway, type UdpGateway } from "../../server/telematics/gateway/udp-gateway";
import { encodeTeltonikaAvl } from "../../server/telematics/simulator/teltonika-encoder";
import { ProtocolError, type DevicePosition } from "../../server/shared/device-contract";
import { captureLogger, deferred } from "./helpers";

const CODEC7_MIXED =
  "0000000000000055070450aa14320201f00150aa17f3031f42332a4c4193d68c008d00020901f00150aa1b6a031f423383f54193624f009d00000a01f00150aa1c230fc01a0000552b040164f400dd00f0010143100c0105000000050400006846";
const CODEC7_TWO =
  "000000000000003107024c61410b013f4231c2c141d0beb9003d000005006483ff4c6140eb013f4231c2c141d0beb9003d000005006483ff02000041df";
const fix = (iso: string, latitude: number, longitude: number) => ({
  fixTime: new Date(iso),
  latitude,
  longitude,
  speed: 30,
  course: 90,
  satellites: 9,
});

describe("Teltonika Codec 7 (GH3000)", () => {
  it("decodes GPS records (float coordinates, 2007 epoch) and keeps IO-only records as status", () => {
    const frame = Buffer.from(CODEC7_MIXED, "hex");
    expect(teltonikaFrameLength(frame, "data")).toBe(frame.length);
    const packet = decodeTeltonikaFrame(frame, "352094080000000");
    if (packet.kind !== "records") throw new Error(packet.kind);
    expect(packet.recordCount).toBe(4);
    expect(packet.positions).toHaveLength(2);
    const [p] = packet.positions;
    expect(p.fixTime.toISOString()).toBe("2015-11-10T21:51:47.000Z");
    expect([p.latitude.toFixed(4), p.longitude.toFixed(4), p.altitude, p.speed, p.satellites]).toEqual([
      "44.7913",
      "18.4798",
      141,
      2,
      9,
    ]);
    expect(packet.statuses[1]).toMatchObject({ rssi: 26, operator: 21803, io67: 4108 });
  });

  it("decodes a GPS-only layout (altitude, angle, speed, satellites, cell)", () => {
    const packet = decodeTeltonikaFrame(Buffer.from(CODEC7_TWO, "hex"), "x");
    if (packet.kind !== "records") throw new Error(packet.kind);
    expect(packet.positions.map((p) => p.fixTime.toISOString())).toEqual([
      "2013-07-31T22:30:35.000Z",
      "2013-07-31T22:30:03.000Z",
    ]);
    expect(packet.positions[0].attributes).toMatchObject({ lac: 100, cellId: 33791 });
  });
});

describe("Teltonika record layouts and the length field", () => {
  it("Codec 8 Extended and Codec 16 decode every record of the public samples", () => {
    const e = decodeTeltonikaFrame(
      Buffer.from(
        "00000000000000a38e0100000178b11c9e1000040bbbc91f03190c002100e113001300000010000600ef0100f00100150300c800004501001e070005004237e00018000a00ce166200430f970024059f000300f10000665900c70000001e00100000a1b500000002010000115756315a5a5a32455a38363031353338380119002950303239392c50303637352c50303637342c50303637322c50303637312c50303437312c50324241430100001ad8",
        "hex",
      ),
      "x",
    );
    expect(e).toMatchObject({ kind: "records", codec: CODEC_8E, recordCount: 1 });
    const s = decodeTeltonikaFrame(
      Buffer.from(
        "000000000000009F100100000164D855401800D5E3B744EC11C762023B011A060000000007200A010000010500010600010D00010E00010F00011600011700011800011F001301010000010700000108000001090000010A0000010B0000010C000001100000011100000112000001130000011400000115000001190000011A0000011B0000011C0000011D0000011E000003010200000000010300000000010400000000000100000D3B",
        "hex",
      ),
      "x",
    );
    expect(s).toMatchObject({ kind: "records", codec: CODEC_16, recordCount: 1 });
  });

  it("tolerates a data length that disagrees with the records while the CRC matches", () => {
    const good = encodeTeltonikaAvl([
      fix("2024-01-01T00:00:00Z", 41.3, 19.8),
      fix("2024-01-01T00:00:10Z", 41.31, 19.81),
    ]);
    for (const declared of [0, 7, good.length - 12 - 3, good.length + 40]) {
      const frame = Buffer.from(good);
      frame.writeUInt32BE(declared, 4);
      const withNext = Buffer.concat([frame, Buffer.from([0xff])]);
      expect(teltonikaFrameLength(withNext, "data")).toBe(good.length);
      const packet = decodeTeltonikaFrame(frame, "x");
      expect(packet).toMatchObject({ kind: "records", recordCount: 2 });
    }
  });

  it("still checks the CRC: a wrong CRC with a wrong length is refused", () => {
    const frame = encodeTeltonikaAvl([fix("2024-01-01T00:00:00Z", 41.3, 19.8)]);
    frame.writeUInt32BE(3, 4);
    frame[frame.length - 1] ^= 0xff;
    expect(() => unwrapTeltonikaFrame(frame)).toThrow(ProtocolError);
    const sameLength = encodeTeltonikaAvl([fix("2024-01-01T00:00:00Z", 41.3, 19.8)]);
    sameLength[20] ^= 0x01;
    expect(() => decodeTeltonikaFrame(sameLength, "x")).toThrow(/bad CRC/);
  });
});

/** Codec data for UDP: the TCP frame without preamble, length and CRC. */
const codecData = (positions: ReturnType<typeof fix>[]) => {
  const frame = encodeTeltonikaAvl(positions);
  const data = frame.subarray(8, frame.length - 4);
  expect(frame.readUInt32BE(frame.length - 4)).toBe(crc16Ibm(data));
  return data;
};

describe("Teltonika over UDP", () => {
  let gateway: UdpGateway | undefined;
  const sockets: dgram.Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await gateway?.close();
    gateway = undefined;
  });

  function client() {
    const socket = dgram.createSocket("udp4");
    sockets.push(socket);
    const replies: Buffer[] = [];
    socket.on("message", (m) => replies.push(m));
    return {
      replies,
      send: (datagram: Buffer) =>
        new Promise<void>((r) => socket.send(datagram, gateway!.port, "127.0.0.1", () => r())),
    };
  }

  it("decodes the datagram and builds the documented answer", () => {
    const datagram = encodeTeltonikaUdp(
      "352093081429150",
      codecData([fix("2024-01-01T00:00:00Z", 41.3, 19.8)]),
      0xcafe,
      0x07,
    );
    const decoded = decodeTeltonikaUdp(datagram);
    expect([decoded.imei, decoded.packetId, decoded.avlPacketId, decoded.packet.recordCount]).toEqual([
      "352093081429150",
      0xcafe,
      7,
      1,
    ]);
    expect(teltonikaUdpAck(0xcafe, 7, 1).toString("hex")).toBe("0005cafe010701");
    expect(() => decodeTeltonikaUdp(datagram.subarray(0, 20))).toThrow(ProtocolError);
  });

  it("acknowledges each datagram only after its records were committed; unknown devices and garbage get no answer", async () => {
    const commit = deferred();
    const stored: DevicePosition[] = [];
    const onUnknownDevice = vi.fn(async () => {});
    gateway = await startUdpGateway({
      protocol: "teltonika",
      port: 0,
      host: "127.0.0.1",
      logger: captureLogger().logger,
      handle: teltonikaUdpHandler({
        isKnownDevice: async (id) => id === "352093081429150",
        onUnknownDevice,
        onPositions: async (_id, p) => {
          await commit.promise;
          stored.push(...p);
        },
      }),
    });
    const c = client();
    await c.send(Buffer.from("garbage that is no datagram"));
    await c.send(encodeTeltonikaUdp("999", codecData([fix("2024-01-01T00:00:00Z", 1, 1)])));
    await c.send(
      encodeTeltonikaUdp(
        "352093081429150",
        codecData([fix("2024-01-01T00:00:00Z", 41.3, 19.8), fix("2024-01-01T00:00:05Z", 41.3, 19.8)]),
        5,
        9,
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(c.replies).toHaveLength(0); // not yet committed
    commit.resolve();
    const deadline = Date.now() + 3000;
    while (c.replies.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(c.replies.map((r) => r.toString("hex"))).toEqual(["00050005010902"]);
    expect(stored).toHaveLength(2);
    expect(onUnknownDevice).toHaveBeenCalledWith(
      "999",
      "teltonika",
      expect.stringContaining("127.0.0.1"),
      expect.any(Buffer),
    );
  });
});
