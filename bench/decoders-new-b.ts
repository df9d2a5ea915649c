/**
 * CPU per decoded position of the Ruptela, Meitrack, Suntech and Galileosky decoders (frame length, checksum and
 * decode; no socket, no database): `npx tsx bench/decoders-new-b.ts [iterations]`. Figures go in docs/performance.md.
 */
import { pathToFileURL } from "node:url";
import { decodeGalileoskyFrame, encodeGalileoskyRecord, wrapGalileosky } from "../server/protocols/galileosky";
import { decodeMeitrackFrame, encodeMeitrackDevice, meitrackFrameLength } from "../server/protocols/meitrack";
import { decodeRuptelaFrame, encodeRuptelaRecords, ruptelaFrameLength } from "../server/protocols/ruptela";
import { decodeSuntechFrame, suntechFrameLength } from "../server/protocols/suntech";
import { galileoskyFrameLength } from "../server/protocols/galileosky";

const iterations = Number(process.argv[2] ?? 20000);
const T = new Date("2024-05-01T10:00:00Z");
const at = (i: number) => new Date(T.getTime() + i * 1000);
const records = Array.from({ length: 10 }, (_, i) => ({
  time: at(i),
  latitude: 41.3 + i / 1e4,
  longitude: 19.8,
  speed: 50,
  io: [
    { id: 29, value: 12000 },
    { id: 65, value: 123456 },
    { id: 251, value: 1 },
  ],
}));

/** Also run by `npm run bench:ingest -- --protocol NAME|all` (bench/ingest-decoders.ts). */
export const newDecoderCases: Array<{ name: string; frame: Buffer; positions: number; run(b: Buffer): number }> = [
  {
    name: "ruptela (10 records)",
    frame: encodeRuptelaRecords("863071016796572", records),
    positions: 10,
    run: (b) => {
      const m = decodeRuptelaFrame(b.subarray(0, ruptelaFrameLength(b)));
      return m.kind === "records" ? m.positions.length : 0;
    },
  },
  {
    name: "ruptela extended (10 records)",
    frame: encodeRuptelaRecords("863071016796572", records, true),
    positions: 10,
    run: (b) => {
      const m = decodeRuptelaFrame(b.subarray(0, ruptelaFrameLength(b)));
      return m.kind === "records" ? m.positions.length : 0;
    },
  },
  {
    name: "meitrack AAA",
    frame: encodeMeitrackDevice(
      "867047043162018",
      "AAA,35,41.327546,19.818698,240501100000,A,10,23,54,181,0.9,110,123456,3600,276|1|1F4|2A3B,0400,4.10|12.60|1.90|2.70|2.70,,",
    ),
    positions: 1,
    run: (b) => {
      const m = decodeMeitrackFrame(b.subarray(0, meitrackFrameLength(b)));
      return m.kind === "positions" ? m.positions.length : 0;
    },
  },
  {
    name: "suntech ST300STT",
    frame: Buffer.from(
      "ST300STT;100850000;04;1097;20240501;10:00:00;33e3e;+41.327546;+019.818698;054.000;181.00;10;1;123456;12.60;100000;1;0072\r",
    ),
    positions: 1,
    run: (b) => (decodeSuntechFrame(b.subarray(0, suntechFrameLength(b))).kind === "position" ? 1 : 0),
  },
  {
    name: "galileosky (10 records)",
    frame: wrapGalileosky(Buffer.concat(records.map((r) => encodeGalileoskyRecord(r)))),
    positions: 10,
    run: (b) => decodeGalileoskyFrame(b.subarray(0, galileoskyFrameLength(b)), "868204001549087").positions.length,
  },
];

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
for (const c of runDirectly ? newDecoderCases : []) {
  if (c.run(c.frame) !== c.positions) throw new Error(`${c.name}: decoded the wrong number of positions`);
  for (let i = 0; i < 2000; i++) c.run(c.frame); // warm-up
  const start = process.cpuUsage();
  let total = 0;
  for (let i = 0; i < iterations; i++) total += c.run(c.frame);
  const used = process.cpuUsage(start);
  const micros = (used.user + used.system) / total;
  console.log(`${c.name.padEnd(32)} ${micros.toFixed(2)} µs CPU per position (${total} positions)`);
}
