import { describe, expect, it } from "vitest";
import { ProtocolError } from "../../server/shared/device-contract";
import { createRng } from "../../server/shared/random";
import { cobanFrameLength, decodeCobanMessage } from "../../server/protocols/coban";
import { decodeJt808Message, encodeJt808Frame, jt808FrameLength, parseJt808Frame } from "../../server/protocols/jt808";
import { decodeQueclinkReport, queclinkFrameLength } from "../../server/protocols/queclink";
import { decodeWialonPacket, wialonCrc, wialonFrameLength } from "../../server/protocols/wialon";
import {
  encodeJt808Batch,
  encodeJt808LocationBody,
  encodeQueclinkReport,
  jt808TerminalHeader,
} from "../../server/telematics/simulator";

/**
 * Fixed-seed mutations of valid frames (flipped, dropped, inserted bytes, cut short), run through framing and
 * decoding as the gateway does: the only error allowed is ProtocolError, which closes just that connection.
 */
const fix = { fixTime: new Date("2025-03-01T10:00:00Z"), latitude: 41.3275, longitude: 19.8187, speed: 30, course: 45 };

function mutate(frame: Buffer, random: () => number): Buffer {
  const bytes = [...frame];
  const edits = 1 + Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * bytes.length);
    const kind = random();
    if (kind < 0.4) bytes[at] = Math.floor(random() * 256);
    else if (kind < 0.6) bytes.splice(at, 1);
    else if (kind < 0.8) bytes.splice(at, 0, Math.floor(random() * 256));
    else bytes.length = Math.max(1, at);
  }
  return Buffer.from(bytes);
}

/** Frames and decodes like a session; returns the number of frames decoded. */
function run(buffer: Buffer, frameLength: (b: Buffer) => number, decode: (frame: Buffer) => unknown): number {
  let n = 0;
  let rest = buffer;
  for (;;) {
    const length = frameLength(rest);
    if (length === 0) return n;
    decode(rest.subarray(0, length));
    rest = rest.subarray(length);
    n++;
  }
}

/** Re-seals a mutated JT/T 808 frame (delimiters, escaping, check byte) so the body decoder is reached too. */
function resealJt808(frame: Buffer, random: () => number): Buffer {
  const parsed = parseJt808Frame(frame);
  return encodeJt808Frame(parsed.header, parsed.header.messageId, parsed.header.serial, mutate(parsed.body, random));
}

const protocols: Array<{
  name: string;
  frames: Buffer[];
  frameLength: (b: Buffer) => number;
  decode: (frame: Buffer) => unknown;
  reseal?: (frame: Buffer, random: () => number) => Buffer;
}> = [
  {
    name: "JT/T 808",
    frames: [
      encodeJt808Frame(
        jt808TerminalHeader("864507032228"),
        0x0200,
        1,
        encodeJt808LocationBody({ ...fix, odometer: 5 }),
      ),
      encodeJt808Batch("864507032228", 2, [fix, fix]),
    ],
    frameLength: (b) => jt808FrameLength(b),
    decode: (f) => (f.length === 1 ? null : decodeJt808Message(parseJt808Frame(f))),
    reseal: resealJt808,
  },
  {
    name: "Queclink",
    frames: [encodeQueclinkReport("860000000000001", fix, 7)],
    frameLength: (b) => queclinkFrameLength(b),
    decode: (f) => (f.length === 1 && f[0] !== 0x2b ? null : decodeQueclinkReport(f.toString("latin1"))),
  },
  {
    name: "Wialon IPS",
    frames: [
      Buffer.from("#D#010325;100000;4119.6500;N;01949.1220;E;50;90;110;9;1.0;0;0;12.6;NA;pwr:2:12.6\r\n"),
      Buffer.from(
        `#B#010325;100000;4119.6500;N;01949.1220;E;50;90;110;9|${wialonCrc("010325;100000;4119.6500;N;01949.1220;E;50;90;110;9|")}\r\n`,
      ),
    ],
    frameLength: (b) => wialonFrameLength(b),
    decode: (f) =>
      f.length === 1 ? null : decodeWialonPacket(f.toString("latin1"), "1", f.includes("|") ? "2.0" : "1.1"),
  },
  {
    name: "Coban",
    frames: [
      Buffer.from(
        "imei:359586015829802,tracker,2503011000,,F,100000.000,A,4119.6500,N,01949.1220,E,27.00,90.00,110.0,1,0,,,;",
      ),
    ],
    frameLength: (b) => cobanFrameLength(b),
    decode: (f) => (f.length === 1 ? null : decodeCobanMessage(f.toString("latin1"))),
  },
];

describe("new protocol decoders under mutated input", () => {
  it.each(protocols.map((p) => [p.name, p]))("%s: 3000 mutations, only ProtocolError", (_name, p) => {
    const random = createRng(20261127);
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const original = p.frames[i % p.frames.length];
      const input = p.reseal && i % 2 === 0 ? p.reseal(original, random) : mutate(original, random);
      try {
        run(input, p.frameLength, p.decode);
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
