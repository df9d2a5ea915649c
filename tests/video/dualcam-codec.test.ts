import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import { crc16DualCam } from "../../server/protocols/checksum";
import {
  camreqCommand,
  decodeDualCamFrame,
  dualCamFrameLength,
  encodeData,
  encodeInit,
  encodeMeta,
  encodeResume,
  parseCamreq,
  splitIntoPackets,
} from "../../server/protocols/dualcam";

/** The CRC routine exactly as the DualCam Communication Protocol page writes it (bit by bit, poly 0x8408, seeded). */
function crcAsDocumented(init: number, poly: number, data: Uint8Array) {
  let ret = init;
  for (const byte of data) {
    ret ^= byte;
    for (let bit = 0; bit < 8; bit++) {
      const carry = ret & 1;
      ret >>= 1;
      if (carry) ret ^= poly;
    }
  }
  return ret;
}

describe("DualCam codec", () => {
  it("computes the documented CRC-16 (poly 0x8408, seeded with the previous packet's CRC)", () => {
    const a = Buffer.from("first packet of a photo");
    const b = Buffer.from("second packet");
    const first = crc16DualCam(a);
    expect(first).toBe(crcAsDocumented(0, 0x8408, a));
    expect(crc16DualCam(b, first)).toBe(crcAsDocumented(first, 0x8408, b));
    expect(crc16DualCam(b, first)).not.toBe(crc16DualCam(b));
  });

  it("reads the 16-byte initialisation: IMEI and which files the settings word flags (bits 26–29)", () => {
    const frame = encodeInit("352093081452251", ["photoFront", "videoRear"]);
    expect(frame.length).toBe(16);
    expect(frame.readUInt16BE(0)).toBe(0x0000);
    expect(frame.readUInt32BE(12)).toBe((1 << 26) | (1 << 29));
    expect(dualCamFrameLength(frame.subarray(0, 15))).toBe(0);
    expect(dualCamFrameLength(frame)).toBe(16);
    const p = decodeDualCamFrame(frame);
    expect(p).toMatchObject({ kind: "init", imei: "352093081452251", files: ["photoFront", "videoRear"] });
  });

  it("frames data packets as command, length, data and CRC; refuses oversized and unknown frames", () => {
    const [pkt] = splitIntoPackets(Buffer.alloc(700, 1));
    const frame = encodeData(pkt.data, pkt.crc);
    expect(dualCamFrameLength(frame)).toBe(4 + 700 + 2);
    expect(dualCamFrameLength(frame.subarray(0, 100))).toBe(0);
    expect(decodeDualCamFrame(frame)).toMatchObject({ kind: "data", crc: pkt.crc });
    const big = Buffer.from([0x00, 0x04, 0x04, 0x01]);
    expect(() => dualCamFrameLength(big)).toThrow(ProtocolError);
    expect(() => dualCamFrameLength(Buffer.from([0x12, 0x34, 0, 0]))).toThrow(ProtocolError);
  });

  it("splits a file in 1024-byte packets with chained CRCs", () => {
    const packets = splitIntoPackets(Buffer.alloc(2500, 7));
    expect(packets.map((p) => p.data.length)).toEqual([1024, 1024, 452]);
    expect(packets[1].crc).toBe(crc16DualCam(packets[1].data, packets[0].crc));
  });

  it("carries metadata: trigger, time, duration and position", () => {
    const time = new Date("2026-11-24T10:15:30.000Z");
    const p = decodeDualCamFrame(
      encodeMeta({ trigger: "green_driving", time, durationS: 10, lat: 41.3275, lon: 19.8187 }),
    );
    expect(p).toMatchObject({ kind: "meta", trigger: "green_driving", durationS: 10 });
    if (p.kind !== "meta") throw new Error();
    expect(p.time.toISOString()).toBe(time.toISOString());
    expect(p.lat).toBeCloseTo(41.3275, 6);
    expect(
      decodeDualCamFrame(encodeMeta({ trigger: "periodic", time, durationS: 0, lat: null, lon: null })),
    ).toMatchObject({ lat: null, lon: null });
  });

  it("writes the server's resume with the offset in packets", () => {
    expect([...encodeResume(3)]).toEqual([0x00, 0x02, 0x00, 0x04, 0, 0, 0, 3]);
  });

  it("writes camreq as the SMS/GPRS command documents it (type 0 video / 1 photo, source 1 front / 2 rear)", () => {
    const at = new Date("2026-11-24T10:00:00Z");
    expect(camreqCommand({ mediaType: "video", camera: "front", at, durationS: 10 })).toBe(
      `camreq:0,1,${at.getTime() / 1000},10`,
    );
    expect(
      camreqCommand({ mediaType: "photo", camera: "rear", at, durationS: 10, host: "cam.example", port: 5232 }),
    ).toBe(`camreq:1,2,${at.getTime() / 1000},0,cam.example,5232`);
    expect(parseCamreq(`camreq:0,2,${at.getTime() / 1000},5,x,1`)).toEqual({
      mediaType: "video",
      camera: "rear",
      at,
      durationS: 5,
    });
  });
});
