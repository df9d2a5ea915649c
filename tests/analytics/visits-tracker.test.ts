import { describe, expect, it } from "vitest";
import type { SegmentPoint } from "../../server/modules/analytics/segments/segment-detector";
import { GeofenceVisitTracker } from "../../server/modules/analytics/visits/geofence-visits";
import { GeofenceIndex } from "../../server/modules/places/geofence-index";
import { at, LAT, LON, M_PER_DEG_LAT, M_PER_DEG_LON } from "./visits-helpers";

/** When a geofence visit starts and ends: the tracker's rules, without a database. */

const fenceIndex = (radiusM: number) => {
  const dLat = radiusM / M_PER_DEG_LAT;
  const dLon = radiusM / M_PER_DEG_LON;
  return new GeofenceIndex([
    {
      id: "g1",
      name: "Depot",
      shape: "circle",
      centre: [LON, LAT],
      radiusM,
      ring: null,
      box: { minLat: LAT - dLat, maxLat: LAT + dLat, minLon: LON - dLon, maxLon: LON + dLon },
    },
  ]);
};
const point = (t: number, dx: number, over: Partial<SegmentPoint> = {}): SegmentPoint => ({
  t,
  ...at(dx),
  speed: 30,
  valid: true,
  ignition: true,
  deviceOdometerM: null,
  odometerM: t / 100,
  ...over,
});

describe("geofence visit rules (tracker)", () => {
  it("a visit starts at the first position inside and ends at the first position outside, boundary inside", () => {
    const tr = new GeofenceVisitTracker(fenceIndex(200));
    expect(tr.push(point(0, -200.5))).toEqual([]);
    const enter = tr.push(point(10, -199.5));
    expect(enter).toEqual([
      { placeId: "g1", enter: { t: 10, lat: expect.any(Number), lon: expect.any(Number), odometerM: 0.1 }, exit: null },
    ]);
    expect(tr.push(point(20, 0))).toEqual([]);
    expect(tr.push(point(30, 199.5))).toEqual([]);
    const exit = tr.push(point(40, 200.5));
    expect(exit).toMatchObject([{ placeId: "g1", enter: { t: 10 }, exit: { t: 40, odometerM: 0.4 } }]);
    expect(tr.open).toEqual({});
  });

  it("an invalid fix changes nothing, a gap in the data does not end a visit, and nested geofences have their own visits", () => {
    const dLat = 1000 / M_PER_DEG_LAT;
    const dLon = 1000 / M_PER_DEG_LON;
    const index = new GeofenceIndex([
      {
        id: "inner",
        name: "Yard",
        shape: "circle",
        centre: [LON, LAT],
        radiusM: 100,
        ring: null,
        box: { minLat: LAT - dLat / 10, maxLat: LAT + dLat / 10, minLon: LON - dLon / 10, maxLon: LON + dLon / 10 },
      },
      {
        id: "outer",
        name: "Town",
        shape: "polygon",
        centre: [LON, LAT],
        radiusM: null,
        ring: [
          [LON - dLon, LAT - dLat],
          [LON + dLon, LAT - dLat],
          [LON + dLon, LAT + dLat],
          [LON - dLon, LAT + dLat],
        ],
        box: { minLat: LAT - dLat, maxLat: LAT + dLat, minLon: LON - dLon, maxLon: LON + dLon },
      },
    ]);
    const tr = new GeofenceVisitTracker(index);
    expect(tr.push(point(0, -500)).map((c) => c.placeId)).toEqual(["outer"]);
    expect(tr.push(point(10, 0)).map((c) => c.placeId)).toEqual(["inner"]);
    // a fix far away but flagged invalid: still inside both
    expect(tr.push(point(20, 5000, { valid: false }))).toEqual([]);
    // six hours without data, then still inside
    expect(tr.push(point(6 * 3600 + 20, 10))).toEqual([]);
    const out = tr.push(point(6 * 3600 + 30, 500));
    expect(out).toMatchObject([{ placeId: "inner", enter: { t: 10 }, exit: { t: 6 * 3600 + 30 } }]);
    expect(Object.keys(tr.open)).toEqual(["outer"]);
  });

  it("a geofence that is no longer indexed (deleted) ends its visit at the next valid position", () => {
    const tr = new GeofenceVisitTracker(null, { gone: { t: 5, lat: LAT, lon: LON, odometerM: 0 } });
    expect(tr.push(point(10, 0))).toMatchObject([{ placeId: "gone", exit: { t: 10 } }]);
  });
});
