import { describe, expect, it } from "vitest";
import { inWindow, parseWindow, SPEEDING_REARM_KMH } from "../../server/modules/alerts/alert-engine";
import type { AlertState } from "../../server/modules/alerts/alert-engine.types";
import { MIN, policy, rulesOf, run, T0, TZ } from "./engine-rules-helpers";

/** The alert engine's rules on how a vehicle moves: speeding, ignition, idling, movement outside the time range. */

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
