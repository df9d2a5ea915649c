/**
 * CPU per position of each protocol's decoder (framing, checksum, decoding), in process, without the
 * network or the database: `npm run bench:ingest -- --protocol NAME|all [--positions 200000]`.
 * The whole ingest path (TCP, pipeline, PostgreSQL, live) is the default `bench:ingest` run (Teltonika).
 * A protocol joins the table below with a frame generator and the decode step the gateway performs.
 */
import { decodeGt06Message, encodeGt06Frame, gt06FrameLength, parseGt06Frame } from "../server/protocols/gt06";
import { decodeH02Frame, h02FrameLength } from "../server/protocols/h02";
import { decodeTeltonikaFrame, teltonikaFrameLength } from "../server/protocols/teltonika";
import { decodeTeltonikaUdp, encodeTeltonikaUdp } from "../server/protocols/teltonika-udp";
import { encodeGt06Location } from "../server/telematics/simulator/gt06-encoder";
import { encodeTeltonikaAvl, type SimPosition } from "../server/telematics/simulator/teltonika-encoder";
import { CODEC_8, CODEC_8E } from "../server/protocols/teltonika";
import { newADecoderCases } from "./decoders-new-a";
import { newDecoderCases } from "./decoders-new-b";

interface DecoderBench {
  /** `count` frames and how many positions they hold in all */
  frames(count: number): { frames: Buffer[]; positions: number };
  /** what the gateway does with one frame; returns the positions decoded */
  decode(frame: Buffer): number;
}

const BASE = Date.UTC(2026, 0, 1);
const fix = (i: number): SimPosition => ({
  fixTime: new Date(BASE + i * 1000),
  latitude: 41.3 + (i % 1000) * 1e-4,
  longitude: 19.8 + (i % 777) * 1e-4,
  speed: i % 120,
  course: i % 360,
  satellites: 9,
  ignition: true,
  power: 12.6,
  odometer: i * 10,
});

/** Teltonika packets of `records` records each. */
const teltonika = (codec: typeof CODEC_8 | typeof CODEC_8E, records: number): DecoderBench => ({
  frames(count) {
    const frames = Array.from({ length: Math.ceil(count / records) }, (_, i) =>
      encodeTeltonikaAvl(
        Array.from({ length: records }, (_, k) => fix(i * records + k)),
        codec,
      ),
    );
    return { frames, positions: frames.length * records };
  },
  decode(frame) {
    if (teltonikaFrameLength(frame, "data") !== frame.length) throw new Error("framing");
    const packet = decodeTeltonikaFrame(frame, "352093081429150");
    return packet.kind === "records" ? packet.positions.length : 0;
  },
});

function h02Text(i: number): string {
  const d = new Date(BASE + i * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  const date = `${two(d.getUTCDate())}${two(d.getUTCMonth() + 1)}${two(d.getUTCFullYear() % 100)}`;
  return `*HQ,4210051415,V1,${time},A,4118.${String(i % 10000).padStart(4, "0")},N,01948.0000,E,010.00,${i % 360},${date},FFFFFBFF#`;
}

const BENCHES: Record<string, DecoderBench> = {
  teltonika: teltonika(CODEC_8, 10),
  "teltonika-8e": teltonika(CODEC_8E, 10),
  "teltonika-udp": {
    frames(count) {
      const frames = Array.from({ length: Math.ceil(count / 10) }, (_, i) => {
        const tcp = encodeTeltonikaAvl(Array.from({ length: 10 }, (_, k) => fix(i * 10 + k)));
        return encodeTeltonikaUdp("352093081429150", tcp.subarray(8, tcp.length - 4), i & 0xffff, i & 0xff);
      });
      return { frames, positions: frames.length * 10 };
    },
    decode: (datagram) => decodeTeltonikaUdp(datagram).packet.positions.length,
  },
  gt06: {
    frames(count) {
      const frames = Array.from({ length: count }, (_, i) => encodeGt06Location(fix(i), i & 0xffff, 0x22));
      return { frames, positions: count };
    },
    decode(frame) {
      if (gt06FrameLength(frame) !== frame.length) throw new Error("framing");
      return decodeGt06Message(parseGt06Frame(frame), "864717003283581").kind === "position" ? 1 : 0;
    },
  },
  "gt06-4g": {
    frames(count) {
      const frames = Array.from({ length: count }, (_, i) => {
        const location = encodeGt06Location(fix(i), i & 0xffff, 0x12);
        // 0xA0: the GPS block, then the 4G cell (MCC, MNC, 4-byte LAC, 8-byte cell id), ACC / mode / re-upload.
        const gps = location.subarray(4, 22);
        const cell = Buffer.from("01fe0a0000ea6000000000010f2a1b010000", "hex");
        return encodeGt06Frame(0xa0, i & 0xffff, Buffer.concat([gps, cell]), true);
      });
      return { frames, positions: count };
    },
    decode(frame) {
      if (gt06FrameLength(frame) !== frame.length) throw new Error("framing");
      return decodeGt06Message(parseGt06Frame(frame), "864717003283581").kind === "position" ? 1 : 0;
    },
  },
  h02: {
    frames(count) {
      return { frames: Array.from({ length: count }, (_, i) => Buffer.from(h02Text(i), "latin1")), positions: count };
    },
    decode(frame) {
      if (h02FrameLength(frame) !== frame.length) throw new Error("framing");
      return decodeH02Frame(frame).kind === "position" ? 1 : 0;
    },
  },
  "h02-binary": {
    frames(count) {
      const sample = Buffer.from(
        "24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f",
        "hex",
      );
      return { frames: Array.from({ length: count }, () => sample), positions: count };
    },
    decode(frame) {
      if (h02FrameLength(frame) !== frame.length) throw new Error("framing");
      return decodeH02Frame(frame).kind === "position" ? 1 : 0;
    },
  },
};

// The other protocols: each decoder's sample frame (bench/decoders-new-a.ts, decoders-new-b.ts), repeated.
for (const c of [...newADecoderCases, ...newDecoderCases]) {
  const name = c.name
    .replace(/\s*\(.*\)$/, "")
    .replace(/[ .#]+/g, "-")
    .replace(/-+$/, "")
    .replace("-ST300STT", "")
    .replace("-AAA", "")
    .toLowerCase();
  BENCHES[name] = {
    frames(count) {
      const frames = Array.from({ length: Math.ceil(count / c.positions) }, () => c.frame);
      return { frames, positions: frames.length * c.positions };
    },
    decode: (frame) => c.run(frame),
  };
}

function run(name: string, positions: number): string {
  const bench = BENCHES[name];
  const { frames, positions: expected } = bench.frames(positions);
  // Warm-up: the JIT settles before the measured pass.
  for (const frame of frames.slice(0, Math.min(frames.length, 5000))) bench.decode(frame);
  const start = process.cpuUsage();
  const wall = process.hrtime.bigint();
  let decoded = 0;
  for (const frame of frames) decoded += bench.decode(frame);
  const cpu = process.cpuUsage(start);
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  if (decoded !== expected) throw new Error(`${name}: decoded ${decoded} of ${expected} positions`);
  const perPosition = (cpu.user + cpu.system) / decoded;
  return `${name.padEnd(17)} ${perPosition.toFixed(2).padStart(6)} µs CPU per position (${decoded} positions, ${frames.length} frames, ${Math.round(decoded / (wallMs / 1000)).toLocaleString("en")} positions/s)`;
}

export function decoderBench(argv: string[]): void {
  const at = argv.indexOf("--protocol");
  const name = argv[at + 1] ?? "all";
  const positionsAt = argv.indexOf("--positions");
  const positions = positionsAt >= 0 ? Number(argv[positionsAt + 1]) : 200_000;
  const names =
    name === "all" ? Object.keys(BENCHES) : Object.keys(BENCHES).filter((n) => n === name || n.startsWith(`${name}-`));
  if (names.length === 0) throw new Error(`unknown protocol ${name}; one of: all, ${Object.keys(BENCHES).join(", ")}`);
  console.log(`decoder CPU per position, ${positions} positions each, Node ${process.version}`);
  for (const n of names) console.log(run(n, positions));
}
