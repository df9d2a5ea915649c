import { describe, expect, it } from "vitest";
import { detectStops } from "../../server/modules/positions/replay.service";
import { applyFix, emptyTrackState, type Fix } from "../../server/modules/positions/track-state";
import {
  counterOf,
  deviceFaults,
  displayState,
  faultFlags,
  fleetCounters,
  IDLE_AFTER_MS,
  NO_DATA_FAULT_MS,
  PIN_COLOR_NAMES,
  pinColor,
  vehicleStatus,
} from "../../server/modules/positions/vehicle-status";

const now = new Date("2026-06-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const state = (over: Record<string, unknown> = {}) => ({
  lastFixTime: ago(1000),
  lastServerTime: ago(1000),
  ignition: true,
  speed: 0,
  stateSince: ago(1000),
  ...over,
});

describe("vehicle status (spec section 4)", () => {
  it("is Unknown without a position, Off with the engine off, Idle at speed 0 with the engine on, Moving otherwise", () => {
    expect(vehicleStatus({ lastFixTime: null })).toBe("Unknown");
    expect(vehicleStatus(state({ ignition: false, speed: 0 }))).toBe("Off");
    expect(vehicleStatus(state({ ignition: false, speed: 30 }))).toBe("Off");
    expect(vehicleStatus(state({ ignition: true, speed: 0 }))).toBe("Idle");
    expect(vehicleStatus(state({ ignition: true, speed: 0.1 }))).toBe("Moving");
  });

  it("counts ignition 0 as stopped, ignition 1 with speed above 0 as moving, otherwise stand-by", () => {
    expect(counterOf(state({ ignition: false, speed: 50 }), now)).toBe("stopped");
    expect(counterOf(state({ ignition: true, speed: 1 }), now)).toBe("moving");
    expect(counterOf(state({ ignition: true, speed: 0 }), now)).toBe("standBy");
    expect(counterOf({ lastFixTime: null }, now)).toBe("unknown");
    expect(
      counterOf(state({ lastServerTime: ago(NO_DATA_FAULT_MS + 1), lastFixTime: ago(NO_DATA_FAULT_MS + 1) }), now),
    ).toBe("off");
    expect(counterOf(state({ lastServerTime: ago(NO_DATA_FAULT_MS), lastFixTime: ago(NO_DATA_FAULT_MS) }), now)).toBe(
      "standBy",
    );
  });

  it("shows moving, stopped, stand by, idle (engine on standing over 5 minutes) and off", () => {
    expect(displayState(state({ speed: 20 }), now)).toBe("moving");
    expect(displayState(state({ ignition: false }), now)).toBe("stopped");
    expect(displayState(state({ stateSince: ago(IDLE_AFTER_MS) }), now)).toBe("stand by");
    expect(displayState(state({ stateSince: ago(IDLE_AFTER_MS + 1) }), now)).toBe("idle");
    expect(displayState({ lastFixTime: null }, now)).toBe("off");
    expect(
      displayState(
        state({ lastServerTime: ago(NO_DATA_FAULT_MS + 1000), lastFixTime: ago(NO_DATA_FAULT_MS + 1000) }),
        now,
      ),
    ).toBe("off");
  });

  it("treats a device without ignition input as engine on only while moving", () => {
    expect(vehicleStatus(state({ ignition: null, speed: 40 }))).toBe("Moving");
    expect(vehicleStatus(state({ ignition: null, speed: 0 }))).toBe("Off");
  });

  it("colours pins: moving green, off blue, stopped orange", () => {
    expect(PIN_COLOR_NAMES).toMatchObject({ moving: "green", off: "blue", stopped: "orange" });
    expect(pinColor(state({ speed: 20 }), now)).toBe(pinColor("moving"));
    expect(pinColor("off")).not.toBe(pinColor("stopped"));
  });

  it("sums the counters", () => {
    const list = [state({ speed: 10 }), state({ ignition: false }), state(), state(), { lastFixTime: null }];
    expect(fleetCounters(list, now)).toEqual({ moving: 1, stopped: 1, standBy: 2, off: 0, unknown: 1, total: 5 });
  });
});

describe("device faults", () => {
  it("reports no positions, no data for over 12 hours, and the stored ignition/antenna flags", () => {
    expect(deviceFaults({ lastFixTime: null }, now)).toEqual(["noPositions"]);
    expect(deviceFaults({ lastFixTime: null, hasDevice: false }, now)).toEqual([]);
    expect(deviceFaults(state({ lastServerTime: ago(NO_DATA_FAULT_MS + 1) }), now)).toEqual(["noData12h"]);
    expect(deviceFaults(state({ lastServerTime: ago(NO_DATA_FAULT_MS - 1) }), now)).toEqual([]);
    expect(deviceFaults(state({ storedFaults: ["antennaProblems"] }), now)).toEqual(["antennaProblems"]);
  });

  it("flags antenna problems when at least half of the last 10+ records had no fix", () => {
    expect(faultFlags({ recentFixBits: 0b11111, recentCount: 10, movingWithoutIgnitionS: 0 })).toEqual([
      "antennaProblems",
    ]);
    expect(faultFlags({ recentFixBits: 0b1111, recentCount: 10, movingWithoutIgnitionS: 0 })).toEqual([]);
    expect(faultFlags({ recentFixBits: 0b111, recentCount: 3, movingWithoutIgnitionS: 0 })).toEqual([]);
  });
});

const fix = (t: number, over: Partial<Fix> = {}): Fix => ({
  fixTime: t,
  lat: 41.3275,
  lon: 19.8187,
  speed: 0,
  course: 0,
  altitude: 100,
  satellites: 9,
  valid: true,
  ignition: true,
  odometer: null,
  ...over,
});

describe("track state", () => {
  it("accumulates great-circle distance between valid fixes and engine time while the ignition is on", () => {
    const s = emptyTrackState();
    applyFix(s, fix(0));
    applyFix(s, fix(60_000, { lat: 41.3365, speed: 50 })); // ~1 km north
    expect(s.odometerM).toBeGreaterThan(990);
    expect(s.odometerM).toBeLessThan(1010);
    expect(s.engineHoursS).toBe(60);
    applyFix(s, fix(120_000, { lat: 41.3365, ignition: false }));
    applyFix(s, fix(180_000, { lat: 41.3365, ignition: false }));
    expect(s.engineHoursS).toBe(120);
  });

  it("uses the device odometer delta when present and ignores resent or older fixes", () => {
    const s = emptyTrackState();
    applyFix(s, fix(0, { odometer: 1_000_000 }));
    applyFix(s, fix(60_000, { odometer: 1_000_500, lat: 41.5 }));
    expect(s.odometerM).toBe(500);
    expect(applyFix(s, fix(30_000, { odometer: 1_000_200 }))).toBe(500);
    expect(s.lastFixTime).toBe(60_000);
  });

  it("skips GPS jumps faster than 250 km/h and does not count engine time across gaps over 30 minutes", () => {
    const s = emptyTrackState();
    applyFix(s, fix(0));
    applyFix(s, fix(10_000, { lat: 42.5 }));
    expect(s.odometerM).toBe(0);
    applyFix(s, fix(10_000 + 31 * 60_000, { lat: 42.5 }));
    expect(s.engineHoursS).toBe(10);
  });

  it("raises ignition not detected after 30 minutes of movement without ignition", () => {
    const s = emptyTrackState();
    for (let i = 0; i <= 31; i++) applyFix(s, fix(i * 60_000, { ignition: null, speed: 40, lat: 41.3 + i * 0.001 }));
    expect(s.faults).toContain("ignitionNotDetected");
    applyFix(s, fix(40 * 60_000, { ignition: true, speed: 40 }));
    expect(s.faults).not.toContain("ignitionNotDetected");
  });

  it("raises antenna problems after records without satellites", () => {
    const s = emptyTrackState();
    for (let i = 0; i < 12; i++) applyFix(s, fix(i * 1000, { satellites: 0, valid: false }));
    expect(s.faults).toContain("antennaProblems");
  });
});

describe("replay stops", () => {
  const p = (min: number, speed: number, ignition: 0 | 1 = 1) => ({
    t: new Date(min * 60_000).toISOString(),
    lat: 41 + min / 1000,
    lon: 19.8,
    speed,
    course: 0,
    ignition,
  });
  it("finds standing periods of at least 3 minutes, ended by the next moving point", () => {
    const pts = [p(0, 30), p(1, 0), p(2, 0, 0), p(5, 0, 0), p(6, 40), p(7, 0), p(8, 0), p(9, 30)];
    const stops = detectStops(pts);
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ from: pts[1].t, to: pts[4].t, durationS: 300 });
  });
});

describe("socket position message", () => {
  it("carries IsEngineOn/Speed and ignition 0|1/speed, with status and display state", async () => {
    const { positionMessage } = await import("../../server/modules/live/live-hub");
    const t = Date.now() - 1000;
    const moving = positionMessage(["v1", "o1", 41.3, 19.8, 42, 90, 1, t, t]);
    expect(moving).toMatchObject({
      type: "position",
      vehicleId: "v1",
      IsEngineOn: true,
      Speed: 42,
      ignition: 1,
      speed: 42,
      status: "Moving",
      displayState: "moving",
    });
    const noInput = positionMessage(["v1", "o1", 41.3, 19.8, 0, 0, -1, t, t]);
    expect(noInput).toMatchObject({ IsEngineOn: false, ignition: 0, status: "Off", displayState: "stopped" });
    const idling = positionMessage(["v1", "o1", 41.3, 19.8, 0, 0, 1, t, t - 10 * 60_000]);
    expect(idling).toMatchObject({ status: "Idle", displayState: "idle" });
  });
});
