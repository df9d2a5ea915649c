/**
 * CPU per decoded position of the Queclink, JT/T 808, Wialon IPS and Coban decoders (framing, checksum and
 * decode; no socket, no database): `npx tsx bench/decoders-new-a.ts [iterations]`. Figures: docs/performance.md.
 */
import { pathToFileURL } from "node:url";
import { cobanFrameLength, decodeCobanMessage } from "../server/protocols/coban";
import { decodeJt808Message, jt808FrameLength, parseJt808Frame } from "../server/protocols/jt808";
import { decodeQueclinkReport, queclinkFrameLength } from "../server/protocols/queclink";
import { decodeWialonPacket, wialonCrc, wialonFrameLength } from "../server/protocols/wialon";
import { encodeJt808Batch, encodeJt808TerminalFrame, encodeJt808LocationBody } from "../server/telematics/simulator";
import { encodeQueclinkReport } from "../server/telematics/simulator/queclink-client";

const iterations = Number(process.argv[2] ?? 20000);
const T = new Date("2025-03-01T10:00:00Z");
const fix = (i: number) => ({
  fixTime: new Date(T.getTime() + i * 1000),
  latitude: 41.3275 + i / 1e4,
  longitude: 19.8187,
  speed: 50,
  course: 90,
  odometer: 123_400,
});
const ten = Array.from({ length: 10 }, (_, i) => fix(i));
const wialonItems = `${ten.map((_, i) => `010325;1000${String(i).padStart(2, "0")};4119.6500;N;01949.1220;E;50;90;110;9;1.0;0;0;12.6;NA;pwr:2:12.6`).join("|")}|`;

/** Also run by `npm run bench:ingest -- --protocol NAME|all` (bench/ingest-decoders.ts). */
export const newADecoderCases: Array<{ name: string; frame: Buffer; positions: number; run(b: Buffer): number }> = [
  {
    name: "jt808 0x0200",
    frame: encodeJt808TerminalFrame("864507032228", 0x0200, 1, encodeJt808LocationBody(fix(0))),
    positions: 1,
    run: (b) => {
      const m = decodeJt808Message(parseJt808Frame(b.subarray(0, jt808FrameLength(b))));
      return m.kind === "positions" ? m.positions.length : 0;
    },
  },
  {
    name: "jt808 0x0704 (10 items)",
    frame: encodeJt808Batch("864507032228", 1, ten),
    positions: 10,
    run: (b) => {
      const m = decodeJt808Message(parseJt808Frame(b.subarray(0, jt808FrameLength(b))));
      return m.kind === "positions" ? m.positions.length : 0;
    },
  },
  {
    name: "queclink GTFRI",
    frame: encodeQueclinkReport("860000000000001", fix(0), 1),
    positions: 1,
    run: (b) => {
      const m = decodeQueclinkReport(b.subarray(0, queclinkFrameLength(b)).toString("latin1"));
      return m.kind === "positions" ? m.positions.length : 0;
    },
  },
  {
    name: "wialon 2.0 #D#",
    frame: (() => {
      const body = "010325;100000;4119.6500;N;01949.1220;E;50;90;110;9;1.0;0;0;12.6;NA;pwr:2:12.6,fuel:1:40;";
      return Buffer.from(`#D#${body}${wialonCrc(body)}\r\n`);
    })(),
    positions: 1,
    run: (b) => {
      const m = decodeWialonPacket(b.subarray(0, wialonFrameLength(b)).toString("latin1"), "1", "2.0", T);
      return m.kind === "data" ? m.positions.length : 0;
    },
  },
  {
    name: "wialon 2.0 #B# (10 messages)",
    frame: Buffer.from(`#B#${wialonItems}${wialonCrc(wialonItems)}\r\n`),
    positions: 10,
    run: (b) => {
      const m = decodeWialonPacket(b.subarray(0, wialonFrameLength(b)).toString("latin1"), "1", "2.0", T);
      return m.kind === "data" ? m.positions.length : 0;
    },
  },
  {
    name: "coban tracker",
    frame: Buffer.from(
      "imei:359586015829802,tracker,2503011000,,F,100000.000,A,4119.6500,N,01949.1220,E,27.00,90.00,110.0,1,0,,,;",
    ),
    positions: 1,
    run: (b) => (decodeCobanMessage(b.subarray(0, cobanFrameLength(b)).toString("latin1")).kind === "position" ? 1 : 0),
  },
];

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
for (const c of runDirectly ? newADecoderCases : []) {
  if (c.run(c.frame) !== c.positions) throw new Error(`${c.name}: decoded the wrong number of positions`);
  for (let i = 0; i < 2000; i++) c.run(c.frame); // warm-up
  const start = process.cpuUsage();
  let total = 0;
  for (let i = 0; i < iterations; i++) total += c.run(c.frame);
  const used = process.cpuUsage(start);
  console.log(
    `${c.name.padEnd(32)} ${((used.user + used.system) / total).toFixed(2)} µs CPU per position (${total} positions)`,
  );
}
