import { describe, expect, it } from "vitest";
import {
  evaluateFix,
  evaluateTimers,
  inWindow,
  NO_DATA_FAULT_MS,
  parseWindow,
  SPEEDING_REARM_KMH,
} from "../../server/modules/alerts/alert-engine";
import type {
  AlertEvent,
  AlertState,
  CompiledPolicy,
  FixInput,
  VehicleRules,
} from "../../server/modules/alerts/alert-engine.types";
import { GeofenceIndex, type IndexedGeofence } from "../../server/modules/places/geofence-index";
import { policyInputSchema, type AlertType } from "../../server/modules/alerts/alerts.schema";
import {
  circleBoundingBox,
  destination,
  pointInCircle,
  pointInPolygon,
  polygonBoundingBox,
  type LonLat,
} from "../../server/shared/geometry";

const TZ = "Europe/Tirane";
/** Wednesday 2026-11-18 10:00 in Tirana (UTC+1). */
const T0 = Date.parse("2026-11-18T09:00:00Z");
const MIN = 60_000;
const CENTRE: LonLat = [19.8187, 41.3275];
const ALL_DAYS = new Set([0, 1, 2, 3, 4, 5, 6]);

function policy(type: AlertType, over: Partial<CompiledPolicy> = {}): CompiledPolicy {
  return {
    id: `p-${type}`,
    name: type,
    type,
    speedLimit: null,
    durationMs: null,
    geofenceIds: null,
    alarmKinds: null,
    faultKinds: null,
    window: null,
    days: ALL_DAYS,
    dailyLimit: null,
    driverLimit: null,
    notifyInApp: true,
    notifyEmail: false,
    recipients: [],
    emails: [],
    ...over,
  };
}

const circle = (id: string, centre: LonLat, radiusM: number): IndexedGeofence => ({
  id,
  name: `Fence ${id}`,
  shape: "circle",
  centre,
  radiusM,
  ring: null,
  box: circleBoundingBox(centre, radiusM),
});
const square = (id: string, ring: LonLat[]): IndexedGeofence => ({
  id,
  name: `Fence ${id}`,
  shape: "polygon",
  centre: ring[0],
  radiusM: null,
  ring,
  box: polygonBoundingBox(ring),
});

type Step = Partial<FixInput> & { t: number; faults?: string[]; at?: LonLat };

/** Feeds the steps in order through one vehicle's engine; returns every event with the step index. */
function run(rules: VehicleRules, steps: Step[], state: AlertState = {}) {
  const events: Array<AlertEvent & { step: number }> = [];
  let last: number | null = null;
  let faults: string[] = [];
  steps.forEach((s, step) => {
    const [lon, lat] = s.at ?? CENTRE;
    const fix: FixInput = { fixTime: s.t, lat, lon, speed: 0, valid: true, ignition: null, ...s };
    const after = s.faults ?? faults;
    for (const e of evaluateFix(rules, state, { lastFixTime: last, faults }, fix, { lastFixTime: s.t, faults: after }))
      events.push({ ...e, step });
    last = s.t;
    faults = after;
  });
  return { events, state };
}

const rulesOf = (policies: CompiledPolicy[], fences: IndexedGeofence[] = []): VehicleRules => ({
  policies,
  geofences: fences.length ? new GeofenceIndex(fences) : null,
  timezone: TZ,
});

describe("speeding", () => {
  const rules = rulesOf([policy("speeding", { speedLimit: 90 })]);

  it("fires once per crossing above the limit; the limit itself does not fire", () => {
    const { events } = run(rules, [
      { t: T0, speed: 80 },
      { t: T0 + 10_000, speed: 90 },
      { t: T0 + 20_000, speed: 90.1 },
      { t: T0 + 30_000, speed: 130 },
      { t: T0 + 40_000, speed: 91 },
      { t: T0 + 50_000, speed: 85 },
      { t: T0 + 60_000, speed: 95 },
    ]);
    expect(events.map((e) => e.step)).toEqual([2, 6]);
    expect(events[0].details).toEqual({ speed: 90, limit: 90 });
    expect(events[1].details).toEqual({ speed: 95, limit: 90 });
  });

  it(`wobbling around the limit is one episode: it ends only at ${SPEEDING_REARM_KMH} km/h under the limit`, () => {
    const { events } = run(rules, [
      { t: T0, speed: 91 },
      { t: T0 + 10_000, speed: 89 },
      { t: T0 + 20_000, speed: 85.1 },
      { t: T0 + 30_000, speed: 92 },
      { t: T0 + 40_000, speed: 85 },
      { t: T0 + 50_000, speed: 91 },
    ]);
    expect(events.map((e) => e.step)).toEqual([0, 5]);
  });

  it("a policy switched off in the middle of an episode starts armed when switched on again", () => {
    const state: AlertState = {};
    run(
      rules,
      [
        { t: T0, speed: 50 },
        { t: T0 + 1000, speed: 120 },
      ],
      state,
    );
    expect(state.p?.["p-speeding"]).toEqual({ over: 1 });
    run(rulesOf([policy("ignition_on")]), [{ t: T0 + 2000, speed: 120 }], state); // only another policy now
    expect(state.p).toBeUndefined();
    const back = run(rules, [{ t: T0 + 3000, speed: 125 }], state);
    expect(back.events).toHaveLength(1);
  });

  it("ignores invalid fixes (a GPS jump is not speeding)", () => {
    expect(
      run(rules, [
        { t: T0, speed: 50 },
        { t: T0 + 1000, speed: 250, valid: false },
      ]).events,
    ).toEqual([]);
  });

  it("inside a time range only: an episode that starts before the range fires when the range begins", () => {
    const ranged = rulesOf([policy("speeding", { speedLimit: 90, window: parseWindow("10:30", "18:00") })]);
    const { events } = run(ranged, [
      { t: T0 + 20 * MIN, speed: 120 }, // 10:20 local: outside
      { t: T0 + 29 * MIN, speed: 120 },
      { t: T0 + 30 * MIN, speed: 120 }, // 10:30: the range starts (inclusive)
      { t: T0 + 31 * MIN, speed: 120 },
    ]);
    expect(events.map((e) => e.step)).toEqual([2]);
  });
});

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

describe("ignition and idling", () => {
  it("ignition on/off fire on changes of the known ignition, not on the first report nor on missing values", () => {
    const rules = rulesOf([policy("ignition_on"), policy("ignition_off")]);
    const { events } = run(rules, [
      { t: T0, ignition: true },
      { t: T0 + 1000, ignition: null },
      { t: T0 + 2000, ignition: true },
      { t: T0 + 3000, ignition: false },
      { t: T0 + 4000, ignition: false },
      { t: T0 + 5000, ignition: null },
      { t: T0 + 6000, ignition: true },
    ]);
    expect(events.map((e) => [e.policy.type, e.step])).toEqual([
      ["ignition_off", 3],
      ["ignition_on", 6],
    ]);
  });

  it("idling fires once after longer than N minutes with engine on at speed 0; moving re-arms it", () => {
    const rules = rulesOf([policy("idling", { durationMs: 5 * MIN })]);
    const { events } = run(rules, [
      { t: T0, ignition: true, speed: 0 },
      { t: T0 + 5 * MIN, ignition: true, speed: 0 }, // exactly 5 min
      { t: T0 + 5 * MIN + 1000, ignition: true, speed: 0 },
      { t: T0 + 9 * MIN, ignition: true, speed: 0 },
      { t: T0 + 10 * MIN, ignition: true, speed: 30 },
      { t: T0 + 11 * MIN, ignition: true, speed: 0 },
      { t: T0 + 16 * MIN, ignition: true, speed: 0 },
      { t: T0 + 16 * MIN + 1, ignition: true, speed: 0 },
    ]);
    expect(events.map((e) => e.step)).toEqual([2, 7]);
  });

  it("standing with the engine off is not idling", () => {
    const rules = rulesOf([policy("idling", { durationMs: 5 * MIN })]);
    expect(
      run(rules, [
        { t: T0, ignition: false },
        { t: T0 + 20 * MIN, ignition: false },
      ]).events,
    ).toEqual([]);
  });
});

describe("movement outside the time range", () => {
  // Monday to Friday, 08:00–18:00 local
  const rules = rulesOf([
    policy("movement_outside_hours", { window: parseWindow("08:00", "18:00"), days: new Set([1, 2, 3, 4, 5]) }),
  ]);
  const local = (iso: string) => Date.parse(iso); // ISO with +01:00

  it("fires when moving before the start and at the end (end exclusive), once until parked", () => {
    const { events } = run(rules, [
      { t: local("2026-11-18T07:58:00+01:00"), ignition: true, speed: 40 },
      { t: local("2026-11-18T07:59:00+01:00"), ignition: true, speed: 40 },
      { t: local("2026-11-18T08:00:00+01:00"), ignition: true, speed: 40 },
      { t: local("2026-11-18T17:59:59+01:00"), ignition: true, speed: 40 },
      { t: local("2026-11-18T18:00:00+01:00"), ignition: true, speed: 40 },
      { t: local("2026-11-18T18:30:00+01:00"), ignition: false, speed: 0 },
      { t: local("2026-11-18T19:00:00+01:00"), ignition: true, speed: 20 },
    ]);
    expect(events.map((e) => e.step)).toEqual([0, 4, 6]);
  });

  it("a day outside the chosen days is outside the range all day", () => {
    const { events } = run(rules, [{ t: local("2026-11-21T12:00:00+01:00"), ignition: true, speed: 50 }]); // Saturday
    expect(events).toHaveLength(1);
  });

  it("standing with the engine on does not fire", () => {
    expect(run(rules, [{ t: local("2026-11-18T05:00:00+01:00"), ignition: true, speed: 0 }]).events).toEqual([]);
  });

  it("a range across midnight belongs to the day it starts", () => {
    const night = { window: parseWindow("22:00", "06:00"), days: new Set([5]) }; // Friday night shift
    expect(inWindow(night, local("2026-11-20T23:00:00+01:00"), TZ)).toBe(true); // Friday 23:00
    expect(inWindow(night, local("2026-11-21T05:59:00+01:00"), TZ)).toBe(true); // Saturday 05:59
    expect(inWindow(night, local("2026-11-21T06:00:00+01:00"), TZ)).toBe(false);
    expect(inWindow(night, local("2026-11-20T05:00:00+01:00"), TZ)).toBe(false); // Friday early = Thursday's shift
    expect(inWindow(night, local("2026-11-20T21:59:00+01:00"), TZ)).toBe(false);
  });
});

describe("device faults and alarms", () => {
  it("a fault fires when it appears, not while it stays; kinds filter", () => {
    const rules = rulesOf([
      policy("device_fault"),
      { ...policy("device_fault", { faultKinds: new Set(["ignitionNotDetected"]) }), id: "p-ign" },
    ]);
    const { events } = run(rules, [
      { t: T0, faults: [] },
      { t: T0 + 1000, faults: ["antennaProblems"] },
      { t: T0 + 2000, faults: ["antennaProblems"] },
      { t: T0 + 3000, faults: [] },
      { t: T0 + 4000, faults: ["antennaProblems", "ignitionNotDetected"] },
    ]);
    expect(events.map((e) => [e.policy.id, e.step, e.details.fault])).toEqual([
      ["p-device_fault", 1, "antennaProblems"],
      ["p-device_fault", 4, "antennaProblems"],
      ["p-device_fault", 4, "ignitionNotDetected"],
      ["p-ign", 4, "ignitionNotDetected"],
    ]);
  });

  it("an alarm repeated on consecutive records fires once; a new alarm fires; kinds filter", () => {
    const rules = rulesOf([policy("device_alarm", { alarmKinds: new Set(["sos", "powerCut"]) })]);
    const { events } = run(rules, [
      { t: T0, alarm: "sos" },
      { t: T0 + 1000, alarm: "sos" },
      { t: T0 + 2000, alarm: "powerCut" },
      { t: T0 + 3000, alarm: "vibration" },
      { t: T0 + 4000 },
      { t: T0 + 5000, alarm: "sos" },
    ]);
    expect(events.map((e) => [e.step, e.details.alarm])).toEqual([
      [0, "sos"],
      [2, "powerCut"],
      [5, "sos"],
    ]);
  });

  it("twelve hours without data is a fault raised by the timer sweep, once until data comes back", () => {
    const rules = rulesOf([policy("device_fault", { faultKinds: new Set(["noData12h"]) })]);
    const state: AlertState = {};
    const v = { lastHeard: T0, lastFixTime: T0, lat: 41, lon: 19 };
    expect(evaluateTimers(rules, state, v, T0 + NO_DATA_FAULT_MS)).toEqual([]);
    expect(evaluateTimers(rules, state, v, T0 + NO_DATA_FAULT_MS + 1).map((e) => e.details.fault)).toEqual([
      "noData12h",
    ]);
    expect(evaluateTimers(rules, state, v, T0 + NO_DATA_FAULT_MS + 60_000)).toEqual([]);
  });
});

describe("vehicle unseen", () => {
  it("fires once after longer than N minutes of silence; a position re-arms it", () => {
    const rules = rulesOf([policy("unseen", { durationMs: 30 * MIN })]);
    const state: AlertState = {};
    const v = { lastHeard: T0, lastFixTime: T0, lat: 41, lon: 19 };
    expect(evaluateTimers(rules, state, v, T0 + 30 * MIN)).toEqual([]);
    expect(evaluateTimers(rules, state, v, T0 + 30 * MIN + 1)).toHaveLength(1);
    expect(evaluateTimers(rules, state, v, T0 + 90 * MIN)).toEqual([]);
    evaluateFix(
      rules,
      state,
      { lastFixTime: T0, faults: [] },
      { fixTime: T0 + 91 * MIN, lat: 41, lon: 19, speed: 0, valid: true, ignition: null },
      { lastFixTime: T0 + 91 * MIN, faults: [] },
    );
    const back = { ...v, lastHeard: T0 + 91 * MIN, lastFixTime: T0 + 91 * MIN };
    expect(evaluateTimers(rules, state, back, T0 + 121 * MIN)).toEqual([]);
    expect(evaluateTimers(rules, state, back, T0 + 121 * MIN + 1)).toHaveLength(1);
  });

  it("never-seen vehicles are not 'unseen' (they have no last position to compare)", () => {
    const rules = rulesOf([policy("unseen", { durationMs: MIN })]);
    expect(evaluateTimers(rules, {}, { lastHeard: null, lastFixTime: null, lat: null, lon: null }, T0)).toEqual([]);
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

describe("policy input", () => {
  it("offers the faults an alert can report: 'no positions' has no start, so it cannot be chosen", () => {
    const base = {
      name: "Faults",
      alert_type: "device_fault",
      all_vehicles: "on",
      days: ["1"],
      notify_in_app: "on",
      recipient_ids: ["4b0c7f3e-3f7c-4c62-9d55-0d2f0b0e9a11"],
    };
    expect(policyInputSchema.safeParse({ ...base, fault_kinds: ["antennaProblems", "noData12h"] }).success).toBe(true);
    const refused = policyInputSchema.safeParse({ ...base, fault_kinds: ["noPositions"] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].path).toEqual(["fault_kinds", 0]);
  });
});
