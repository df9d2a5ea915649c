// Draws the driver's app icons (public/icons/icon-192.png, icon-512.png) without any image library: a rounded
// square in Flota's blue with a white map pin, inside the maskable safe zone. Run once: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function icon(size) {
  const blue = [15, 92, 140];
  const white = [255, 255, 255];
  const rows = [];
  const s = size;
  const pinX = s / 2;
  const pinY = s * 0.42;
  const headR = s * 0.2;
  const holeR = s * 0.08;
  const tipY = s * 0.76;
  for (let y = 0; y < s; y++) {
    const row = Buffer.alloc(1 + s * 3);
    for (let x = 0; x < s; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const d = Math.hypot(px - pinX, py - pinY);
      // the pin: a disc with a hole, and a triangle from the disc's sides down to the tip
      const halfWidth = py > pinY && py < tipY ? headR * ((tipY - py) / (tipY - pinY)) * 0.92 : -1;
      const inPin = (d <= headR || Math.abs(px - pinX) <= halfWidth) && d > holeR;
      const [r, g, b] = inPin ? white : blue;
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(s, 0);
  ihdr.writeUInt32BE(s, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync("public/icons", { recursive: true });
for (const size of [192, 512]) writeFileSync(`public/icons/icon-${size}.png`, icon(size));
console.log("public/icons/icon-192.png, public/icons/icon-512.png");
