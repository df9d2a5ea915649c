import { describe, expect, it } from "vitest";
import {
  boundingBox,
  circleBoundingBox,
  circleToPolygon,
  destination,
  distanceM,
  inBox,
  pointInCircle,
  pointInPolygon,
  polygonBoundingBox,
  selfIntersects,
  type LonLat,
} from "../../server/shared/geometry";
import { parsePolygonText, polygonProblem } from "../../server/modules/places/places.schema";

const TIRANA: LonLat = [19.8187, 41.3275];
const square: LonLat[] = [
  [19.8, 41.3],
  [19.9, 41.3],
  [19.9, 41.4],
  [19.8, 41.4],
];

describe("distance and circles", () => {
  it("measures a known distance (Tirana–Durrës about 33 km)", () => {
    const d = distanceM(TIRANA, [19.4565, 41.3246]);
    expect(d).toBeGreaterThan(30_000);
    expect(d).toBeLessThan(31_000);
  });

  it("counts a point exactly on the radius as inside and a point 1 m further as outside", () => {
    for (const bearing of [0, 45, 90, 180, 270]) {
      const onEdge = destination(TIRANA, bearing, 1000);
      expect(distanceM(TIRANA, onEdge)).toBeCloseTo(1000, 3);
      expect(pointInCircle(onEdge, TIRANA, 1000)).toBe(true);
      expect(pointInCircle(destination(TIRANA, bearing, 1001), TIRANA, 1000)).toBe(false);
      expect(pointInCircle(destination(TIRANA, bearing, 999), TIRANA, 1000)).toBe(true);
    }
  });

  it("approximates a circle with 64 vertices on the radius, closed", () => {
    const ring = circleToPolygon(TIRANA, 500);
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    for (const p of ring) expect(distanceM(TIRANA, p)).toBeCloseTo(500, 3);
  });

  it("boxes a circle so every point inside it passes the box prefilter", () => {
    const box = circleBoundingBox(TIRANA, 2000);
    for (const p of circleToPolygon(TIRANA, 1999, 32)) expect(inBox(p, box)).toBe(true);
    expect(inBox(destination(TIRANA, 0, 2300), box)).toBe(false);
  });
});

describe("point in polygon", () => {
  it("inside, outside, on an edge and on a vertex", () => {
    expect(pointInPolygon([19.85, 41.35], square)).toBe(true);
    expect(pointInPolygon([19.95, 41.35], square)).toBe(false);
    expect(pointInPolygon([19.85, 41.3], square)).toBe(true); // on the bottom edge
    expect(pointInPolygon([19.9, 41.35], square)).toBe(true); // on the right edge
    expect(pointInPolygon([19.8, 41.4], square)).toBe(true); // a vertex
    expect(pointInPolygon([19.85, 41.2999], square)).toBe(false); // just outside the edge
    expect(pointInPolygon([19.9001, 41.35], square)).toBe(false);
  });

  it("handles a concave polygon", () => {
    const u: LonLat[] = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ];
    expect(pointInPolygon([1.5, 2], u)).toBe(false); // in the notch
    expect(pointInPolygon([0.5, 2], u)).toBe(true);
    expect(pointInPolygon([2.5, 2], u)).toBe(true);
  });

  it("handles a polygon across the antimeridian", () => {
    const fiji: LonLat[] = [
      [179, -17],
      [-179, -17],
      [-179, -16],
      [179, -16],
    ];
    expect(pointInPolygon([179.5, -16.5], fiji)).toBe(true);
    expect(pointInPolygon([-179.5, -16.5], fiji)).toBe(true);
    expect(pointInPolygon([0, -16.5], fiji)).toBe(false);
    expect(pointInPolygon([178.5, -16.5], fiji)).toBe(false);
    const box = polygonBoundingBox(fiji);
    expect([box.minLon, box.maxLon]).toEqual([-180, 180]);
  });
});

describe("polygon rules", () => {
  it("detects crossing edges (a bow tie) but not a simple polygon", () => {
    expect(
      selfIntersects([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe(true);
    expect(selfIntersects(square)).toBe(false);
    expect(
      selfIntersects([
        [0, 0],
        [2, 0],
        [2, 2],
        [1, 0],
        [0, 2],
      ]),
    ).toBe(true); // a vertex touching an edge
  });

  it("needs three distinct vertices that enclose an area", () => {
    expect(
      polygonProblem([
        [0, 0],
        [1, 1],
        [0, 0],
        [1, 1],
      ]),
    ).toBe("errors.polygonVertices");
    expect(
      polygonProblem([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toBe("errors.polygonVertices"); // collinear
    expect(
      polygonProblem([
        [0, 0],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
    ).toBeNull(); // a closed triangle
    expect(
      polygonProblem([
        [0, 0],
        [2, 2],
        [2, 0],
        [0, 1],
      ]),
    ).toBe("errors.polygonSelfIntersects");
    expect(
      polygonProblem([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe("errors.polygonSelfIntersects"); // symmetric bow tie, zero area
  });

  it("reads 'lat, lon' lines and reports the first bad line", () => {
    expect(parsePolygonText("41.3, 19.8\n\n41.4 19.9\n")).toEqual({
      points: [
        [19.8, 41.3],
        [19.9, 41.4],
      ],
    });
    expect(parsePolygonText("41.3, 19.8\nabc\n")).toEqual({ badLine: 2 });
    expect(parsePolygonText("91, 19.8")).toEqual({ badLine: 1 });
  });

  it("computes a bounding box", () => {
    expect(boundingBox(square)).toEqual({ minLat: 41.3, maxLat: 41.4, minLon: 19.8, maxLon: 19.9 });
  });
});
