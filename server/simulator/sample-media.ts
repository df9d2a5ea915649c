import { deflateSync } from "node:zlib";

// Sample dashcam media made at start, so the demo needs no downloaded files: a PNG "photo" and an animated
// PNG "clip" (a road scene with a moving marker) that every browser shows. Real DualCam files are JPEG and MP4.

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type Pixel = (x: number, y: number) => [number, number, number];

function scanlines(w: number, h: number, px: Pixel): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) raw.set(px(x, y), y * (w * 3 + 1) + 1 + x * 3);
  }
  return deflateSync(raw);
}

function ihdr(w: number, h: number): Buffer {
  const b = Buffer.alloc(13);
  b.writeUInt32BE(w, 0);
  b.writeUInt32BE(h, 4);
  b.set([8, 2, 0, 0, 0], 8);
  return b;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A road seen from the windscreen: sky, horizon, road with lane marks; `shift` moves the marks and a car. */
function scene(w: number, h: number, seed: number, shift: number): Pixel {
  const horizon = Math.floor(h * 0.45);
  return (x, y) => {
    if (y < horizon) return [120 + ((y * 2 + seed) % 60), 170 + (seed % 40), 230];
    const depth = (y - horizon) / (h - horizon);
    const half = w * (0.08 + depth * 0.42);
    const cx = w / 2;
    if (Math.abs(x - cx) < half) {
      const carX = cx + ((shift * 3) % Math.max(1, Math.floor(half))) - half / 2;
      if (Math.abs(x - carX) < 10 * depth + 2 && Math.abs(y - (horizon + (h - horizon) * 0.4)) < 6 * depth + 2)
        return [200, 30, 30];
      if (Math.abs(x - cx) < 1 + depth * 3 && Math.floor((y * 4) / (1 + depth * 10) + shift) % 8 < 4)
        return [250, 250, 250];
      return [70, 70, 75];
    }
    return [60 + (seed % 50), 140, 60];
  };
}

export function samplePhoto(seed: number, w = 320, h = 180): Buffer {
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr(w, h)),
    chunk("IDAT", scanlines(w, h, scene(w, h, seed, seed))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An animated PNG: `frames` frames at 5 per second. */
export function sampleClip(seed: number, frames = 10, w = 240, h = 136): Buffer {
  const parts = [SIGNATURE, chunk("IHDR", ihdr(w, h))];
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(frames, 0);
  actl.writeUInt32BE(0, 4);
  parts.push(chunk("acTL", actl));
  let seq = 0;
  for (let f = 0; f < frames; f++) {
    const fctl = Buffer.alloc(26);
    fctl.writeUInt32BE(seq++, 0);
    fctl.writeUInt32BE(w, 4);
    fctl.writeUInt32BE(h, 8);
    fctl.writeUInt16BE(1, 20);
    fctl.writeUInt16BE(5, 22);
    parts.push(chunk("fcTL", fctl));
    const data = scanlines(w, h, scene(w, h, seed, f * 2));
    if (f === 0) parts.push(chunk("IDAT", data));
    else {
      const s = Buffer.alloc(4);
      s.writeUInt32BE(seq++, 0);
      parts.push(chunk("fdAT", Buffer.concat([s, data])));
    }
  }
  parts.push(chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}
