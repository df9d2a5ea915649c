import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import {
  decodeGalileoskyFrame,
  encodeGalileoskyHead,
  encodeGalileoskyRecord,
  galileoskyFrameLength,
  wrapGalileosky,
} from "../../server/protocols/galileosky";
import { decodeMeitrackFrame, encodeMeitrackDevice, meitrackFrameLength } from "../../server/protocols/meitrack";
import {
  decodeRuptelaFrame,
  encodeRuptelaPacket,
  encodeRuptelaRecords,
  ruptelaFrameLength,
} from "../../server/protocols/ruptela";
import { decodeSuntechFrame, suntechFrameLength } from "../../server/protocols/suntech";

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const T = new Date("2024-05-01T10:00:00Z");
const samples = {
  ruptela: {
    frames: [
      encodeRuptelaRecords("863071016796572", [
        { time: T, latitude: 41.3, longitude: 19.8, io: [{ id: 29, value: 12000 }] },
      ]),
      encodeRuptelaRecords(
        "863071016796572",
        [{ time: T, latitude: 41.3, longitude: 19.8, io: [{ id: 65, value: 9, size: 8 }] }],
        true,
      ),
    ],
    length: (b: Buffer) => ruptelaFrameLength(b),
    // the same bytes with length and CRC made right again, so the mutation reaches the record parser
    reseal: (b: Buffer) => encodeRuptelaPacket("863071016796572", b[10], b.subarray(11, b.length - 2)),
    decode: (b: Buffer) => decodeRuptelaFrame(b),
  },
  meitrack: {
    frames: [
      encodeMeitrackDevice(
        "867047043162018",
        "AAA,35,41.327546,19.818698,240501100000,A,10,23,54,181,0.9,110,123456,3600,276|1|1F4|2A3B,0400,4.10|12.60|1.90|2.70|2.70,,",
      ),
      Buffer.from(
        "24245838362c3336393830303031343039303032312c4343432c020134000100000023381f91ffe354b806c5e3121b0009130000000000000000d33801007cbf0200fe0101000435feeb02000500a3010000000000002a62650d0a",
        "hex",
      ),
    ],
    length: (b: Buffer) => meitrackFrameLength(b),
    reseal: (b: Buffer) => {
      const comma = b.indexOf(0x2c, b.indexOf(0x2c) + 1);
      return encodeMeitrackDevice("867047043162018", b.subarray(comma + 1, b.length - 5));
    },
    decode: (b: Buffer) => decodeMeitrackFrame(b),
  },
  suntech: {
    frames: [
      Buffer.from(
        "SA200STT;317652;042;20120718;15:37:12;16d41;-15.618755;-056.083241;000.024;000.00;8;1;41548;12.17;100000;2;1979\r",
      ),
      Buffer.from(
        "STT;100850000;3FFFFF;26;010;1;20161117;08:37:39;0000004F;450;0;0014;20;+37.479323;+126.887827;62.03;65.43;10;1;00000101;00001000;1;2;0492\r",
      ),
    ],
    length: (b: Buffer) => suntechFrameLength(b),
    reseal: (b: Buffer) => b,
    decode: (b: Buffer) => decodeSuntechFrame(b),
  },
  galileosky: {
    frames: [
      encodeGalileoskyHead("868204001549087"),
      wrapGalileosky(encodeGalileoskyRecord({ time: T, latitude: 41.3, longitude: 19.8 })),
    ],
    length: (b: Buffer) => galileoskyFrameLength(b),
    reseal: (b: Buffer) => wrapGalileosky(b.subarray(3, b.length - 2)),
    decode: (b: Buffer) => decodeGalileoskyFrame(b, "868204001549087"),
  },
};

describe("the new decoders never crash on mutated frames", () => {
  for (const [name, s] of Object.entries(samples)) {
    it(`${name}: 3000 mutations end in a decode, "need more bytes" or a ProtocolError`, () => {
      const random = rng(24);
      for (let n = 0; n < 3000; n++) {
        const frame = Buffer.from(s.frames[n % s.frames.length]);
        const edits = 1 + Math.floor(random() * 4);
        for (let e = 0; e < edits; e++) frame[Math.floor(random() * frame.length)] = Math.floor(random() * 256);
        const sealed = n % 2 === 0 ? s.reseal(frame) : frame;
        const cut = random() < 0.3 ? sealed.subarray(0, Math.floor(random() * sealed.length)) : sealed;
        try {
          const length = s.length(cut);
          if (length > 0) s.decode(cut.subarray(0, length));
        } catch (error) {
          if (!(error instanceof ProtocolError))
            throw new Error(`${name} mutation ${n}: ${String(error)} on ${cut.toString("hex")}`);
        }
      }
      expect(true).toBe(true);
    });
  }
});
