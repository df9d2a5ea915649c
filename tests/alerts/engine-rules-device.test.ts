import { describe, expect, it } from "vitest";
import { evaluateFix, evaluateTimers, NO_DATA_FAULT_MS } from "../../server/modules/alerts/alert-engine";
import type { AlertState } from "../../server/modules/alerts/alert-engine.types";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { MIN, policy, rulesOf, run, T0 } from "./engine-rules-helpers";

/** The alert engine's rules on the device: faults, alarms, a vehicle unseen; and the faults a policy may choose. */

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
