// Random and mutated frames (fixed seed) through every decoder: each either decodes or throws ProtocolError
// (which closes only that connection); nothing else may escape, and no frame may hang a decoder.
import { describe, expect, it } from "vitest";
import { createRng } from "../../server/shared/random";
import { ProtocolError } from "../../server/shared/device-contract";
import { decodeGt06Message, encodeGt06Frame, gt06FrameLength, parseGt06Frame } from "../../server/protocols/gt06";
import { decodeH02Frame, h02FrameLength } from "../../server/protocols/h02";
import { decodeTeltonikaFrame, teltonikaFrameLength, wrapTeltonikaFrame } from "../../server/protocols/teltonika";
import { decodeTeltonikaUdp } from "../../server/protocols/teltonika-udp";
import { describeFrame } from "../../server/protocols/describe-frame";

const SEEDS = {
  gt06: [
    "787822220f0c1d023305c9027ac8180c46586000140001cc00287d001f71000001000820860d0a",
    "797900a87000000001020035000100003300125d62bf3a0800e804b5994308814a87001d5d00340006115d62bf29000011000a012e02620000000000000001000803537601000129800002000803102608593397620003000a8901260852293397626600180002017d002b000116002c00045d6278ea0009000108000a00010b002800010b002e00040000f0c1002a00010000290004000000be0030000a000100b4000a00b402d00006c5490d0a",
    "787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A",
    "78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A",
  ],
  h02: [
    "*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#",
    "*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#",
    "*HQ,4208150188,NBR,210249,260,6,0,7,1014,50675,37,1014,50633,27,281216,FFFFFBFF,2#",
  ],
  h02bin: ["24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f"],
  teltonika: [
    "0000000000000055070450aa14320201f00150aa17f3031f42332a4c4193d68c008d00020901f00150aa1b6a031f423383f54193624f009d00000a01f00150aa1c230fc01a0000552b040164f400dd00f0010143100c0105000000050400006846",
    "000000000000004c08010000016818d500580009c28d9f1cb3757a00be00c60f0053000f06f0011503c80001011d00fc0007423799180053cdf80dce426f430f88190bb8560bb802f100005aa110002887e000010000ee8d",
  ],
};

const rng = createRng(20241127);
const int = (n: number) => Math.floor(rng() * n);

function mutate(frame: Buffer): Buffer {
  const out = Buffer.from(frame);
  const kind = int(4);
  if (kind === 0) for (let i = 0; i < 1 + int(4); i++) out[int(out.length)] = int(256);
  if (kind === 1) return out.subarray(0, int(out.length));
  if (kind === 2) return Buffer.concat([out, Buffer.from(Array.from({ length: int(64) }, () => int(256)))]);
  if (kind === 3) out.writeUInt8(int(256), Math.min(out.length - 1, int(6)));
  return out;
}

function expectOnlyProtocolErrors(run: () => void) {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
  }
}

const ROUNDS = 3000;

describe("decoder fuzz (fixed seed)", () => {
  it("GT06: mutated frames, random contents behind a valid CRC, random bytes", () => {
    const seeds = SEEDS.gt06.map((h) => Buffer.from(h, "hex"));
    for (let i = 0; i < ROUNDS; i++) {
      const type = [0x12, 0x16, 0x22, 0x26, 0x27, 0x32, 0x34, 0x36, 0x37, 0x70, 0x94, 0x95, 0xa0, 0xa2, 0xa4, 0xa5][
        int(16)
      ];
      const candidates = [
        mutate(seeds[int(seeds.length)]),
        encodeGt06Frame(type, i, Buffer.from(Array.from({ length: int(80) }, () => int(256))), rng() < 0.3),
      ];
      for (const raw of candidates) {
        expectOnlyProtocolErrors(() => {
          const length = gt06FrameLength(raw);
          if (length === 0) return;
          expect(length).toBeLessThanOrEqual(raw.length);
          decodeGt06Message(parseGt06Frame(raw.subarray(0, length)), "fuzz");
        });
        describeFrame("gt06", raw);
      }
    }
  });

  it("H02: mutated text and binary reports", () => {
    for (let i = 0; i < ROUNDS; i++) {
      const binary = rng() < 0.3;
      const seed = binary
        ? Buffer.from(SEEDS.h02bin[0], "hex")
        : Buffer.from(SEEDS.h02[int(SEEDS.h02.length)], "latin1");
      const raw = mutate(seed);
      expectOnlyProtocolErrors(() => {
        const length = h02FrameLength(raw, 1024, rng() < 0.5);
        if (length === 0) return;
        expect(length).toBeLessThanOrEqual(raw.length);
        decodeH02Frame(raw.subarray(0, length));
      });
      describeFrame("h02", raw);
    }
  });

  it("Teltonika: mutated frames, random records behind a valid CRC, UDP datagrams", () => {
    const seeds = SEEDS.teltonika.map((h) => Buffer.from(h, "hex"));
    for (let i = 0; i < ROUNDS; i++) {
      const codec = [0x07, 0x08, 0x8e, 0x10, 0x0c, 0x0d][int(6)];
      const body = Buffer.from([codec, int(4), ...Array.from({ length: int(120) }, () => int(256))]);
      const candidates = [mutate(seeds[int(seeds.length)]), wrapTeltonikaFrame(body)];
      for (const raw of candidates) {
        expectOnlyProtocolErrors(() => {
          const length = teltonikaFrameLength(raw, "data");
          if (length === 0) return;
          expect(length).toBeLessThanOrEqual(raw.length);
          decodeTeltonikaFrame(raw.subarray(0, length), "fuzz");
        });
        describeFrame("teltonika", raw);
      }
      expectOnlyProtocolErrors(() =>
        decodeTeltonikaUdp(
          mutate(Buffer.concat([Buffer.from([0, body.length + 9, 0, 1, 1, 1, 0, 3]), Buffer.from("123"), body])),
        ),
      );
    }
  });
});

describe("describeFrame (the faults page's decoded view)", () => {
  it("never throws, for every protocol it knows and for unknown ones", () => {
    for (const protocol of [
      "gt06",
      "h02",
      "teltonika",
      "ruptela",
      "meitrack",
      "suntech",
      "galileosky",
      "jt808",
      "queclink",
      "wialon",
      "coban",
      "nope",
    ]) {
      for (let i = 0; i < 300; i++) {
        const frame = Buffer.from(Array.from({ length: int(200) }, () => int(256)));
        expect(() => describeFrame(protocol, frame)).not.toThrow();
      }
    }
    expect(describeFrame("nope", Buffer.alloc(3))).toBeNull();
  });
});
