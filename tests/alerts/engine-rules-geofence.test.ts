import { describe, expect, it } from "vitest";
import { evaluateFix, evaluateTimers } from "../../server/modules/alerts/alert-engine";
import { GeofenceIndex, type IndexedGeofence } from "../../server/modules/places/geofence-index";
import { destination, pointInCircle, pointInPolygon, type LonLat } from "../../server/shared/geometry";
import { CENTRE, circle, MIN, policy, rulesOf, run, square, T0 } from "./engine-rules-helpers";

/** The alert engine's geofence rules (entry, exit, dwell) and the geofence index they look fences up in. */

describe("geofence entry, exit and dwell", () => {
  const fence = circle("g1", CENTRE, 100);
  const inside = destination(CENTRE, 90, 99);
  const onEdge = destination(CENTRE, 0, 100);
  const outside = destination(CENTRE, 90, 101);
  const far = destination(CENTRE, 90, 5000);

  it("fires entry once when crossing in, exit once when crossing out; the radius itself is inside", () => {
    const rules = rulesOf([policy("geofence_enter"), policy("geofence_exit")], [fence]);
    const { events } = run(rules, [
      { t: T0, at: far },
      { t: T0 + 1000, at: outside },
      { t: T0 + 2000, at: onEdge },
      { t: T0 + 3000, at: inside },
      { t: T0 + 4000, at: CENTRE },
      { t: T0 + 5000, at: outside },
      { t: T0 + 6000, at: far },
    ]);
    expect(events.map((e) => [e.policy.type, e.step, e.place?.name])).toEqual([
      ["geofence_enter", 2, "Fence g1"],
      ["geofence_exit", 5, "Fence g1"],
    ]);
  });

  it("does not fire on the first fix (it does not know where the vehicle came from) nor for an invalid fix", () => {
    const rules = rulesOf([policy("geofence_enter"), policy("geofence_exit")], [fence]);
    const { events } = run(rules, [
      { t: T0, at: inside },
      { t: T0 + 1000, at: far, valid: false },
      { t: T0 + 2000, at: inside },
    ]);
    expect(events).toEqual([]);
  });

  it("only the policy's geofences count", () => {
    const other = circle("g2", destination(CENTRE, 180, 10_000), 500);
    const rules = rulesOf([policy("geofence_enter", { geofenceIds: new Set(["g2"]) })], [fence, other]);
    const { events } = run(rules, [
      { t: T0, at: far },
      { t: T0 + 1000, at: CENTRE },
      { t: T0 + 2000, at: far },
      { t: T0 + 3000, at: other.centre },
    ]);
    expect(events.map((e) => [e.step, e.place?.id])).toEqual([[3, "g2"]]);
  });

  it("polygons: crossing an edge fires, a vertex counts as inside", () => {
    const ring: LonLat[] = [
      [19.8, 41.3],
      [19.81, 41.3],
      [19.81, 41.31],
      [19.8, 41.31],
    ];
    const rules = rulesOf([policy("geofence_enter")], [square("sq", ring)]);
    const { events } = run(rules, [
      { t: T0, at: [19.79, 41.305] },
      { t: T0 + 1000, at: [19.8, 41.3] },
    ]);
    expect(events.map((e) => e.step)).toEqual([1]);
  });

  it("dwell: fires once after longer than N minutes inside; exactly N does not; a new visit starts again", () => {
    const rules = rulesOf([policy("geofence_dwell", { durationMs: 10 * MIN })], [fence]);
    const { events } = run(rules, [
      { t: T0, at: far },
      { t: T0 + MIN, at: inside },
      { t: T0 + 11 * MIN, at: inside }, // exactly 10 min
      { t: T0 + 11 * MIN + 1000, at: inside },
      { t: T0 + 30 * MIN, at: inside },
      { t: T0 + 31 * MIN, at: far },
      { t: T0 + 32 * MIN, at: inside },
      { t: T0 + 42 * MIN + 1000, at: inside },
    ]);
    expect(events.map((e) => e.step)).toEqual([3, 7]);
    expect(events[0].details).toMatchObject({ minutes: 10 });
  });

  it("dwell while the device is silent fires from the timer sweep, once", () => {
    const rules = rulesOf([policy("geofence_dwell", { durationMs: 10 * MIN })], [fence]);
    const { state } = run(rules, [
      { t: T0, at: far },
      { t: T0 + MIN, at: inside },
    ]);
    const silent = { lastHeard: T0 + MIN, lastFixTime: T0 + MIN, lat: inside[1], lon: inside[0] };
    expect(evaluateTimers(rules, state, silent, T0 + 11 * MIN)).toEqual([]);
    const fired = evaluateTimers(rules, state, silent, T0 + 11 * MIN + 1);
    expect(fired.map((e) => e.place?.id)).toEqual(["g1"]);
    expect(evaluateTimers(rules, state, silent, T0 + 20 * MIN)).toEqual([]);
    // the next position inside does not repeat it
    expect(
      evaluateFix(
        rules,
        state,
        { lastFixTime: T0 + MIN, faults: [] },
        { fixTime: T0 + 21 * MIN, lat: inside[1], lon: inside[0], speed: 0, valid: true, ignition: false },
        { lastFixTime: T0 + 21 * MIN, faults: [] },
      ),
    ).toEqual([]);
  });
});

describe("geofence index", () => {
  it("finds the same fences as testing every fence, across 5,000 random fences", () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const fences: IndexedGeofence[] = [];
    for (let i = 0; i < 5000; i++) {
      const c: LonLat = [19 + rnd() * 2, 40 + rnd() * 2];
      fences.push(
        i % 3
          ? circle(`c${i}`, c, 50 + rnd() * 3000)
          : square(`s${i}`, [c, [c[0] + 0.02, c[1]], [c[0] + 0.02, c[1] + 0.015], [c[0], c[1] + 0.015]]),
      );
    }
    fences.push(circle("huge", [20, 41], 100_000));
    const index = new GeofenceIndex(fences);
    const empty = new GeofenceIndex([]);
    for (let i = 0; i < 2000; i++) {
      const p: LonLat = [19 + rnd() * 2, 40 + rnd() * 2];
      const fast = index
        .containing(p[0], p[1])
        .map((f) => f.id)
        .sort();
      const slow = fences
        .filter((f) => (f.shape === "circle" ? pointInCircle(p, f.centre, f.radiusM!) : pointInPolygon(p, f.ring!)))
        .map((f) => f.id)
        .sort();
      expect(fast).toEqual(slow);
    }
    expect(empty.containing(20, 41)).toEqual([]);
    expect(index.containing(20, 41).map((f) => f.id)).toContain("huge");
  });
});
