import { describe, expect, it } from "vitest";
import {
  SegmentDetector,
  type Segment,
  type SegmentPoint,
} from "../../server/modules/analytics/segments/segment-detector";
import {
  DEFAULT_SEGMENT_SETTINGS,
  type SegmentSettings,
} from "../../server/modules/analytics/segments/segment-settings";

const T0 = Date.parse("2026-11-18T07:00:00Z");
const S = 1000;
const M_PER_DEG_LON = 111_320 * Math.cos((41.33 * Math.PI) / 180);

/** Builds a track: each leg holds a speed (km/h) and ignition for a duration, one point every `every` seconds. */
function track(
  legs: Array<{ s: number; kmh: number; ign: boolean | null; every?: number }>,
  start = T0,
): SegmentPoint[] {
  const pts: SegmentPoint[] = [];
  let t = start;
  let lon = 19.8;
  let odo = 0;
  for (const leg of legs) {
    const every = leg.every ?? 10;
    for (let e = 0; e < leg.s; e += every) {
      pts.push({
        t,
        lat: 41.33,
        lon,
        speed: leg.kmh,
        valid: true,
        ignition: leg.ign,
        deviceOdometerM: null,
        odometerM: odo,
      });
      const d = (leg.kmh * every) / 3.6;
      lon += d / M_PER_DEG_LON;
      odo += d;
      t += every * S;
    }
  }
  pts.push({ t, lat: 41.33, lon, speed: 0, valid: true, ignition: false, deviceOdometerM: null, odometerM: odo });
  return pts;
}

function derive(pts: SegmentPoint[], over: Partial<SegmentSettings> = {}) {
  const d = new SegmentDetector({ ...DEFAULT_SEGMENT_SETTINGS, ...over });
  const closed: Segment[] = [];
  for (const p of pts) closed.push(...d.push(p));
  return { closed, open: d.open(), detector: d };
}

const kinds = (segs: Segment[]) => segs.map((s) => s.kind).join(",");
const trips = (segs: Segment[]) => segs.filter((s) => s.kind === "trip");
const at = (min: number) => T0 + min * 60 * S;

describe("trips and stops", () => {
  it("splits a stop, a 20-minute drive and a stop, with distance, times and engine time", () => {
    const { closed, open } = derive(
      track([
        { s: 600, kmh: 0, ign: false },
        { s: 1200, kmh: 50, ign: true },
        { s: 600, kmh: 0, ign: false },
      ]),
    );
    expect(kinds(closed)).toBe("stop,trip");
    const [stop, trip] = closed;
    expect(stop.start).toBe(T0);
    // the trip starts at the last point seen stopped and ends at the first point of the long pause
    expect(stop.end).toBe(at(10) - 10 * S);
    expect(trip.start).toBe(stop.end);
    expect(trip.end).toBe(at(30));
    expect(trip.distanceM).toBeGreaterThan(16_600);
    expect(trip.distanceM).toBeLessThan(16_800);
    expect(trip.maxSpeedKmh).toBe(50);
    expect(trip.engineS).toBe(1200);
    expect(open.map((s) => s.kind)).toEqual(["stop"]);
    expect(open[0].start).toBe(trip.end);
  });

  it("keeps a pause shorter than the minimum stop inside the trip, and splits at exactly the minimum", () => {
    const drive = { s: 600, kmh: 40, ign: true };
    const shorter = derive(
      track([
        { s: 60, kmh: 0, ign: false },
        drive,
        { s: 290, kmh: 0, ign: true },
        drive,
        { s: 600, kmh: 0, ign: false },
      ]),
    );
    expect(trips(shorter.closed)).toHaveLength(1);
    expect(trips(shorter.closed)[0].idleS).toBeGreaterThanOrEqual(290);

    // a pause whose points span exactly minStopS (300 s): the 31st stationary point is 300 s after the first
    const exact = derive(
      track([
        { s: 60, kmh: 0, ign: false },
        drive,
        { s: 310, kmh: 0, ign: true },
        drive,
        { s: 600, kmh: 0, ign: false },
      ]),
    );
    expect(trips(exact.closed)).toHaveLength(2);
    const [a, b] = trips(exact.closed);
    expect(b.start - a.end).toBe(300 * S);
  });

  it("folds a trip shorter than the minimum distance into the stop around it (499 m against 500 m)", () => {
    // the device's odometer gives the exact distance of the one moving step
    const pts = (metres: number) => {
      const base = track([{ s: 600, kmh: 0, ign: false }]).map((p) => ({ ...p, deviceOdometerM: 0 }));
      const last = base[base.length - 1];
      const moved = {
        ...last,
        t: last.t + 60 * S,
        lon: last.lon + metres / M_PER_DEG_LON,
        speed: 30,
        ignition: true,
        odometerM: metres,
        deviceOdometerM: metres,
      };
      const rest = track([{ s: 900, kmh: 0, ign: false }], moved.t + 10 * S).map((p) => ({
        ...p,
        lon: moved.lon,
        odometerM: metres,
        deviceOdometerM: metres,
      }));
      return [...base, moved, ...rest];
    };
    const under = derive(pts(499));
    expect(trips(under.closed)).toHaveLength(0);
    expect(under.open.map((s) => s.kind)).toEqual(["stop"]);
    expect(under.open[0].start).toBe(T0);
    const over = derive(pts(500));
    expect(trips(over.closed)).toHaveLength(1);
    expect(trips(over.closed)[0].distanceM).toBe(500);
  });

  it("ends a trip at the last point before a gap longer than maxGapS and marks the stop as a gap", () => {
    const drive = track([
      { s: 60, kmh: 0, ign: false },
      { s: 600, kmh: 60, ign: true },
    ]);
    drive.pop();
    const last = drive[drive.length - 1];
    const after = (gapS: number) =>
      track(
        [
          { s: 600, kmh: 60, ign: true },
          { s: 600, kmh: 0, ign: false },
        ],
        last.t + gapS * S,
      ).map((p) => ({ ...p, lon: p.lon + (last.lon - 19.8) }));
    const split = derive([...drive, ...after(3601)]);
    const [t1, t2] = trips(split.closed);
    expect(t1.end).toBe(last.t);
    expect(t2.start).toBe(last.t + 3601 * S);
    const gapStop = split.closed.find((s) => s.kind === "stop" && s.start === t1.end)!;
    expect(gapStop.gap).toBe(true);
    expect(t1.engineS).toBeLessThanOrEqual(600);

    const joined = derive([...drive, ...after(3600)]);
    expect(trips(joined.closed)).toHaveLength(1);
  });
});

describe("idling", () => {
  it("records ignition on below the moving speed for at least idleMinS, from its first to its last idling moment", () => {
    const longEnough = derive(
      track([
        { s: 60, kmh: 0, ign: false },
        { s: 120, kmh: 0, ign: true },
        { s: 600, kmh: 40, ign: true },
        { s: 60, kmh: 0, ign: false },
      ]),
    );
    const idle = longEnough.closed.filter((s) => s.kind === "idle");
    expect(idle).toHaveLength(1);
    expect(idle[0].start).toBe(at(1));
    expect(idle[0].end - idle[0].start).toBe(120 * S);
    expect(idle[0].engineS).toBe(120);

    const tooShort = derive(
      track([
        { s: 60, kmh: 0, ign: false },
        { s: 110, kmh: 0, ign: true, every: 10 },
        { s: 600, kmh: 40, ign: true },
        { s: 60, kmh: 0, ign: false },
      ]),
    );
    expect(tooShort.closed.filter((s) => s.kind === "idle")).toHaveLength(0);
  });

  it("finds no idling and still finds trips for a device without ignition (motion detection)", () => {
    const { closed } = derive(
      track([
        { s: 600, kmh: 0, ign: null },
        { s: 900, kmh: 45, ign: null },
        { s: 600, kmh: 0, ign: null },
      ]),
    );
    expect(kinds(closed)).toBe("stop,trip");
    expect(closed.filter((s) => s.kind === "idle")).toHaveLength(0);
    expect(trips(closed)[0].engineS).toBe(0);
  });
});

describe("detection modes", () => {
  it("ignores GPS drift with the ignition off when the device reports ignition, and counts it in motion mode", () => {
    const drift = track([
      { s: 600, kmh: 0, ign: false },
      { s: 120, kmh: 20, ign: false },
      { s: 600, kmh: 0, ign: false },
    ]);
    expect(trips(derive(drift).closed)).toHaveLength(0);
    expect(trips(derive(drift, { detection: "motion" }).closed)).toHaveLength(1);
  });
});

describe("incremental derivation", () => {
  it("gives the same segments in batches with the state stored as JSON in between as in one pass", () => {
    const pts = track([
      { s: 600, kmh: 0, ign: false },
      { s: 900, kmh: 50, ign: true },
      { s: 200, kmh: 0, ign: true },
      { s: 900, kmh: 30, ign: true },
      { s: 900, kmh: 0, ign: true },
      { s: 300, kmh: 70, ign: true },
      { s: 1200, kmh: 0, ign: false },
    ]);
    const whole = derive(pts);
    let state = new SegmentDetector(DEFAULT_SEGMENT_SETTINGS).state;
    const closed: Segment[] = [];
    for (let i = 0; i < pts.length; i += 37) {
      const d = new SegmentDetector(DEFAULT_SEGMENT_SETTINGS, JSON.parse(JSON.stringify(state)));
      for (const p of pts.slice(i, i + 37)) closed.push(...d.push(p));
      state = d.state;
    }
    expect(closed).toEqual(whole.closed);
    // segments are emitted as they close: an idling period inside a trip closes before the trip does
    expect(kinds(whole.closed)).toBe("stop,idle,trip,idle,stop,trip");
  });

  it("ignores a point not newer than the last one", () => {
    const pts = track([
      { s: 600, kmh: 0, ign: false },
      { s: 600, kmh: 50, ign: true },
    ]);
    const d = new SegmentDetector(DEFAULT_SEGMENT_SETTINGS);
    for (const p of pts) d.push(p);
    const before = JSON.stringify(d.state);
    expect(d.push({ ...pts[3], speed: 90 })).toEqual([]);
    expect(JSON.stringify(d.state)).toBe(before);
  });
});

describe("speeding and eco events", () => {
  it("records a speeding episode above the limit from its first point over to the first point at or under it", () => {
    const { closed } = derive(
      track([
        { s: 300, kmh: 0, ign: false },
        { s: 300, kmh: 80, ign: true },
        { s: 60, kmh: 95, ign: true },
        { s: 300, kmh: 90, ign: true },
        { s: 600, kmh: 0, ign: false },
      ]),
    );
    const speeding = closed.filter((s) => s.kind === "speeding");
    expect(speeding).toHaveLength(1);
    expect(speeding[0].start).toBe(at(10));
    expect(speeding[0].end - speeding[0].start).toBe(60 * S);
    expect(speeding[0].maxSpeedKmh).toBe(95);
    // 90 km/h is the limit itself: not over it
    expect(trips(closed)[0].speedingS).toBe(60);
  });

  it("drops a speeding episode shorter than the minimum", () => {
    const { closed } = derive(
      track([
        { s: 300, kmh: 0, ign: false },
        { s: 300, kmh: 80, ign: true },
        { s: 10, kmh: 120, ign: true },
        { s: 300, kmh: 80, ign: true },
        { s: 600, kmh: 0, ign: false },
      ]),
      { minSpeedingS: 20 },
    );
    expect(closed.filter((s) => s.kind === "speeding")).toHaveLength(0);
    expect(trips(closed)[0].speedingS).toBe(10);
  });

  it("counts the device's harsh acceleration, braking and cornering events in the trip they happen in", () => {
    const pts = track([
      { s: 300, kmh: 0, ign: false },
      { s: 900, kmh: 50, ign: true },
      { s: 600, kmh: 0, ign: false },
    ]);
    const alarms = ["harshAcceleration", "harshBraking", "harshBraking", "harshCornering", "sos"];
    alarms.forEach((alarm, i) => (pts[40 + i * 5].alarm = alarm));
    const [trip] = trips(derive(pts).closed);
    expect([trip.harshAccel, trip.harshBrake, trip.harshCorner]).toEqual([1, 2, 1]);
  });
});
