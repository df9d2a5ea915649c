import { evaluateFix } from "../../server/modules/alerts/alert-engine";
import type {
  AlertEvent,
  AlertState,
  CompiledPolicy,
  FixInput,
  VehicleRules,
} from "../../server/modules/alerts/alert-engine.types";
import type { AlertType } from "../../server/modules/alerts/alerts.schema";
import { GeofenceIndex, type IndexedGeofence } from "../../server/modules/places/geofence-index";
import { circleBoundingBox, polygonBoundingBox, type LonLat } from "../../server/shared/geometry";

// What the alert engine's rule tests share: one vehicle's engine fed step by step, its policies and geofences.

export const TZ = "Europe/Tirane";
/** Wednesday 2026-11-18 10:00 in Tirana (UTC+1). */
export const T0 = Date.parse("2026-11-18T09:00:00Z");
export const MIN = 60_000;
export const CENTRE: LonLat = [19.8187, 41.3275];
const ALL_DAYS = new Set([0, 1, 2, 3, 4, 5, 6]);

export function policy(type: AlertType, over: Partial<CompiledPolicy> = {}): CompiledPolicy {
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

export const circle = (id: string, centre: LonLat, radiusM: number): IndexedGeofence => ({
  id,
  name: `Fence ${id}`,
  shape: "circle",
  centre,
  radiusM,
  ring: null,
  box: circleBoundingBox(centre, radiusM),
});
export const square = (id: string, ring: LonLat[]): IndexedGeofence => ({
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
export function run(rules: VehicleRules, steps: Step[], state: AlertState = {}) {
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

export const rulesOf = (policies: CompiledPolicy[], fences: IndexedGeofence[] = []): VehicleRules => ({
  policies,
  geofences: fences.length ? new GeofenceIndex(fences) : null,
  timezone: TZ,
});
