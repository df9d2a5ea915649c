import { describe, expect, it } from "vitest";
import { monthOfDriving } from "../../bench/month-track";
import {
  detectStops,
  drawnTrack,
  SPEED_CHART_SLICES,
  type Replay,
  type ReplayPoint,
} from "../../server/modules/positions/replay.service";
import { projectTrack, thinningTolerance, thinTrack } from "../../server/modules/positions/track-thinning";

const end = new Date("2026-06-30T12:00:00Z");
const fixes = monthOfDriving(end, 30);
const points: ReplayPoint[] = fixes.map((f) => ({
  t: f.at.toISOString(),
  lat: f.lat,
  lon: f.lon,
  speed: f.speed,
  course: f.course,
  ignition: f.ignition ? 1 : 0,
}));
const from = new Date(end.getTime() - 30 * 86_400_000);
const replay: Replay = {
  vehicleId: "v",
  from: from.toISOString(),
  to: end.toISOString(),
  points,
  stops: detectStops(points),
  distanceKm: 0,
  maxSpeed: 0,
};

/** Largest distance (m) of an original point from the thinned line between the kept points around it. */
function worstDeviation(all: ReplayPoint[], kept: ReplayPoint[]): number {
  const { x, y } = projectTrack(all);
  const index = new Map(all.map((p, i) => [p.t, i]));
  let worst = 0;
  for (let k = 1; k < kept.length; k++) {
    const a = index.get(kept[k - 1].t) as number;
    const b = index.get(kept[k].t) as number;
    for (let i = a + 1; i < b; i++) {
      const dx = x[b] - x[a],
        dy = y[b] - y[a];
      const len2 = dx * dx + dy * dy;
      const f = len2 ? Math.max(0, Math.min(1, ((x[i] - x[a]) * dx + (y[i] - y[a]) * dy) / len2)) : 0;
      worst = Math.max(worst, Math.hypot(x[a] + f * dx - x[i], y[a] + f * dy - y[i]));
    }
  }
  return worst;
}

describe("replay track thinning", () => {
  const { points: kept, toleranceM } = drawnTrack(replay, [Date.parse(points[5000].t) + 3000]);
  const keptTimes = new Set(kept.map((p) => p.t));

  it("draws a month with a fraction of the points, within the tolerance of the full track", () => {
    expect(points.length).toBeGreaterThan(80_000);
    expect(toleranceM).toBeGreaterThanOrEqual(2);
    expect(toleranceM).toBeLessThanOrEqual(25);
    expect(kept.length).toBeLessThan(points.length / 4);
    expect(worstDeviation(points, kept)).toBeLessThanOrEqual(toleranceM + 1e-6);
    // kept points are a subset of the original, in time order
    for (let i = 1; i < kept.length; i++) expect(Date.parse(kept[i].t)).toBeGreaterThan(Date.parse(kept[i - 1].t));
  });

  it("keeps the ends, every stop's start and end, ignition changes and the fixes around an alert", () => {
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points.at(-1));
    expect(replay.stops.length).toBeGreaterThan(60);
    for (const s of replay.stops) {
      expect(keptTimes.has(s.from)).toBe(true);
      expect(keptTimes.has(s.to)).toBe(true);
    }
    for (let i = 1; i < points.length; i++) {
      if (points[i].ignition !== points[i - 1].ignition) {
        expect(keptTimes.has(points[i].t) && keptTimes.has(points[i - 1].t)).toBe(true);
      }
    }
    expect(keptTimes.has(points[5000].t) && keptTimes.has(points[5001].t)).toBe(true);
  });

  it("keeps the slowest and fastest fix of every slice of the speed chart", () => {
    const t0 = Date.parse(points[0].t);
    const span = Date.parse(points.at(-1)!.t) - t0;
    const slice = (p: ReplayPoint) =>
      Math.min(SPEED_CHART_SLICES - 1, Math.floor(((Date.parse(p.t) - t0) / span) * SPEED_CHART_SLICES));
    const full = new Map<number, { min: number; max: number }>();
    for (const p of points) {
      const s = full.get(slice(p)) ?? { min: Infinity, max: -Infinity };
      full.set(slice(p), { min: Math.min(s.min, p.speed), max: Math.max(s.max, p.speed) });
    }
    const thin = new Map<number, { min: number; max: number }>();
    for (const p of kept) {
      const s = thin.get(slice(p)) ?? { min: Infinity, max: -Infinity };
      thin.set(slice(p), { min: Math.min(s.min, p.speed), max: Math.max(s.max, p.speed) });
    }
    expect(thin).toEqual(full);
  });

  it("drops nothing off a straight line only when it is within tolerance, and keeps a real corner", () => {
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 8, 0, i * 10)).toISOString();
    const line = Array.from({ length: 50 }, (_, i) => ({
      t: at(i),
      lat: 41.3,
      lon: 19.8 + i * 0.0005,
      speed: 50,
      ignition: 1 as const,
    }));
    expect(thinTrack(line, { toleranceM: 2 })).toHaveLength(2);
    const corner = [
      ...line.slice(0, 25),
      ...Array.from({ length: 25 }, (_, i) => ({
        t: at(25 + i),
        lat: 41.3 + (i + 1) * 0.0005,
        lon: line[24].lon,
        speed: 50,
        ignition: 1 as const,
      })),
    ];
    const thinned = thinTrack(corner, { toleranceM: 2 });
    expect(thinned.map((p) => p.t)).toEqual([corner[0].t, corner[24].t, corner[49].t]);
  });

  it("chooses a finer tolerance for a short period than for a month", () => {
    const day = points.slice(0, 3500);
    expect(thinningTolerance(day, 86_400_000)).toBeLessThanOrEqual(5);
    expect(thinningTolerance(points, 30 * 86_400_000)).toBeGreaterThanOrEqual(thinningTolerance(day, 86_400_000));
  });
});
