/**
 * The alert rules, as pure functions over one vehicle's positions in time order. The caller keeps the
 * returned AlertState with the vehicle (vehicle_state.alert_state), in the same transaction as the
 * positions, so that a restart neither repeats nor loses a crossing.
 */
import type { AlertType } from "../../db/schema/alerts";
import type { IndexedGeofence } from "../places";
import type {
  AlertEvent,
  AlertState,
  CompiledPolicy,
  FixInput,
  PolicyMark,
  Snapshot,
  VehicleRules,
} from "./alert-engine.types";
import { clockMinutes, localParts } from "../../shared/local-time";

/**
 * A speeding episode ends only once the speed is this far under the limit, so that a vehicle cruising
 * at the limit (89, 91, 90, 92 …) raises one alert, not one per wobble.
 */
export const SPEEDING_REARM_KMH = 5;

/** Speeds at or below this count as standing (GPS noise on a parked vehicle). */
export const STANDING_KMH = 0;

/** Whether the instant lies in the policy's days and local time range (a range may wrap midnight). */
export function inWindow(policy: Pick<CompiledPolicy, "window" | "days">, ms: number, timezone: string): boolean {
  if (policy.days.size === 7 && !policy.window) return true;
  const local = localParts(ms, timezone);
  if (!policy.window) return policy.days.has(local.weekday);
  const { from, to } = policy.window;
  const m = local.minutes;
  if (from < to) return policy.days.has(local.weekday) && m >= from && m < to;
  // Wraps midnight: the part after midnight belongs to the previous day's shift.
  if (m >= from) return policy.days.has(local.weekday);
  if (m < to) return policy.days.has((local.weekday + 6) % 7);
  return false;
}

export const parseWindow = (from: string | null, to: string | null) =>
  from && to ? { from: clockMinutes(from), to: clockMinutes(to) } : null;

const matchesFence = (policy: CompiledPolicy, id: string) => policy.geofenceIds === null || policy.geofenceIds.has(id);
export const isGeofenceType = (t: AlertType) =>
  t === "geofence_enter" || t === "geofence_exit" || t === "geofence_dwell";

/** Read-only stand-in for a policy without marks (never written: writers go through markOf). */
const NO_MARK: PolicyMark = Object.freeze({}) as PolicyMark;
/** Read-only stand-in while a vehicle has no marks at all (writers go through markOf). */
const EMPTY_MARKS: Record<string, PolicyMark> = Object.freeze({}) as Record<string, PolicyMark>;
const markOf = (state: AlertState, id: string): PolicyMark => ((state.p ??= {})[id] ??= {});
function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

function event(
  policy: CompiledPolicy,
  fix: FixInput | null,
  at: number,
  details: Record<string, unknown>,
  place: IndexedGeofence | { id: string; name: string } | null = null,
): AlertEvent {
  return {
    policy,
    at,
    lat: fix?.lat ?? null,
    lon: fix?.lon ?? null,
    speed: fix ? fix.speed : null,
    place: place ? { id: place.id, name: place.name } : null,
    details,
  };
}

/** Geofences containing the fix; invalid fixes keep the previous set. Returns null when not tracked. */
function updateGeofences(rules: VehicleRules, state: AlertState, before: Snapshot, fix: FixInput) {
  if (!rules.geofences || !(rules.watchesGeofences ?? rules.policies.some((p) => isGeofenceType(p.type)))) {
    delete state.g;
    return null;
  }
  const prev = state.g;
  const found = fix.valid ? rules.geofences.containing(fix.lon, fix.lat) : null;
  // Fast path for most fixes: outside every fence before and now.
  if (found && found.length === 0 && prev && prev.t === before.lastFixTime && isEmpty(prev.in)) {
    prev.t = fix.fixTime;
    return NO_CROSSING;
  }
  // Not evaluated at the previous fix (no geofence policy then, or the first fix): start from here without alerts.
  const fresh = !prev || prev.t !== before.lastFixTime;
  let current: Record<string, number>;
  if (!fix.valid && prev && !fresh) {
    current = prev.in;
  } else {
    current = {};
    for (const f of found ?? rules.geofences.containing(fix.lon, fix.lat)) {
      current[f.id] = !fresh && prev!.in[f.id] !== undefined ? prev!.in[f.id] : fix.fixTime;
    }
  }
  state.g = { t: fix.fixTime, in: current };
  if (fresh) return { entered: [] as string[], left: [] as string[], current };
  const entered = Object.keys(current).filter((id) => prev!.in[id] === undefined);
  // A geofence that no longer exists was not left: drop it quietly.
  const left = Object.keys(prev!.in).filter((id) => current[id] === undefined && rules.geofences!.has(id));
  return { entered, left, current };
}

const NO_FAULTS: readonly string[] = [];
const NO_CROSSING = Object.freeze({
  entered: [] as string[],
  left: [] as string[],
  current: Object.freeze({}) as Record<string, number>,
});

/**
 * Marks of policies the vehicle no longer has (switched off, deleted, moved to other vehicles) go, so that a
 * policy switched on again starts armed rather than inside an old episode.
 */
function dropStaleMarks(marks: Record<string, PolicyMark>, policies: readonly CompiledPolicy[]): void {
  for (const id in marks) {
    let known = false;
    for (const p of policies)
      if (p.id === id) {
        known = true;
        break;
      }
    if (!known) delete marks[id];
  }
}

/** Fences in the state came from the index, so the index knows them (the id is a last resort). */
function fenceRef(rules: VehicleRules, id: string) {
  return rules.geofences?.get(id) ?? { id, name: id };
}

/** Dwell, after a fix or as time passes: each chosen geofence the vehicle has been in longer than N minutes, once per visit. */
function dwellEvents(
  rules: VehicleRules,
  policy: CompiledPolicy,
  inside: Record<string, number>,
  fired: Set<string>,
  now: number,
  where: FixInput,
  events: AlertEvent[],
): void {
  for (const [id, since] of Object.entries(inside)) {
    if (
      fired.has(id) ||
      !matchesFence(policy, id) ||
      now - since <= policy.durationMs! ||
      !inWindow(policy, now, rules.timezone)
    )
      continue;
    fired.add(id);
    events.push(
      event(
        policy,
        where,
        now,
        { minutes: policy.durationMs! / 60_000, since: new Date(since).toISOString() },
        fenceRef(rules, id),
      ),
    );
  }
}

/**
 * Evaluates one new fix (strictly newer than the previous one) against the vehicle's policies.
 * `before` and `after` are the tracked state around the fix (for device faults).
 */
export function evaluateFix(
  rules: VehicleRules,
  state: AlertState,
  before: Snapshot,
  fix: FixInput,
  after: Snapshot,
): AlertEvent[] {
  const events: AlertEvent[] = [];
  const geo = updateGeofences(rules, state, before, fix);

  const prevIgnition = state.ig;
  if (fix.ignition !== null) state.ig = fix.ignition;
  const idle = fix.ignition === true && fix.speed <= STANDING_KMH;
  // (deletes only when present: deleting keeps turning the state object into a slow dictionary)
  if (idle) state.idle ??= fix.fixTime;
  else if (state.idle !== undefined) delete state.idle;
  const alarmChanged = (fix.alarm ?? undefined) !== state.alarm;
  if (fix.alarm) state.alarm = fix.alarm;
  else if (state.alarm !== undefined) delete state.alarm;
  const newFaults =
    after.faults === before.faults || !after.faults.length
      ? NO_FAULTS
      : after.faults.filter((f) => !before.faults.includes(f));
  const moving = fix.speed > STANDING_KMH && (fix.ignition ?? true);

  const marks = state.p ?? EMPTY_MARKS;
  const tz = rules.timezone;
  const at = fix.fixTime;
  // Hot loop (every fix × every policy of the vehicle): no closures, marks created only when set.
  for (const policy of rules.policies) {
    const m: PolicyMark = marks[policy.id] ?? NO_MARK;
    // Any fix re-arms the "not seen" and "no data" alerts.
    if (m.unseen) delete m.unseen;
    if (m.nd) delete m.nd;
    switch (policy.type) {
      case "speeding": {
        if (!fix.valid) break;
        if (fix.speed > policy.speedLimit!) {
          if (!m.over && inWindow(policy, at, tz)) {
            markOf(state, policy.id).over = 1;
            events.push(event(policy, fix, fix.fixTime, { speed: Math.round(fix.speed), limit: policy.speedLimit }));
          }
        } else if (m.over && fix.speed <= policy.speedLimit! - SPEEDING_REARM_KMH) delete m.over;
        break;
      }
      case "geofence_enter":
      case "geofence_exit": {
        if (!geo) break;
        const ids = policy.type === "geofence_enter" ? geo.entered : geo.left;
        for (const id of ids)
          if (matchesFence(policy, id) && inWindow(policy, at, tz))
            events.push(event(policy, fix, fix.fixTime, {}, fenceRef(rules, id)));
        break;
      }
      case "geofence_dwell": {
        if (!geo || (!m.dw && !Object.keys(geo.current).length)) break;
        const fired = new Set((m.dw ?? []).filter((id) => geo.current[id] !== undefined));
        dwellEvents(rules, policy, geo.current, fired, at, fix, events);
        if (fired.size) markOf(state, policy.id).dw = [...fired];
        else if (m.dw) delete m.dw;
        break;
      }
      case "ignition_on":
      case "ignition_off": {
        const on = policy.type === "ignition_on";
        if (prevIgnition === !on && fix.ignition === on && inWindow(policy, at, tz))
          events.push(event(policy, fix, fix.fixTime, {}));
        break;
      }
      case "idling": {
        if (!idle) {
          if (m.idle) delete m.idle;
          break;
        }
        if (!m.idle && fix.fixTime - state.idle! > policy.durationMs! && inWindow(policy, at, tz)) {
          markOf(state, policy.id).idle = 1;
          events.push(
            event(policy, fix, fix.fixTime, {
              minutes: policy.durationMs! / 60_000,
              since: new Date(state.idle!).toISOString(),
            }),
          );
        }
        break;
      }
      case "movement_outside_hours": {
        // Re-armed when the vehicle parks (ignition off; standing, for devices without ignition) or the allowed hours begin.
        const parked = fix.ignition === false || (fix.ignition === null && fix.speed <= STANDING_KMH);
        if (parked || inWindow(policy, at, tz)) {
          if (m.out) delete m.out;
        } else if (moving && fix.valid && !m.out) {
          markOf(state, policy.id).out = 1;
          events.push(event(policy, fix, fix.fixTime, { speed: Math.round(fix.speed) }));
        }
        break;
      }
      case "device_fault": {
        for (const fault of newFaults) {
          if ((policy.faultKinds === null || policy.faultKinds.has(fault)) && inWindow(policy, at, tz))
            events.push(event(policy, fix, fix.fixTime, { fault }));
        }
        break;
      }
      case "device_alarm": {
        if (
          fix.alarm &&
          alarmChanged &&
          (policy.alarmKinds === null || policy.alarmKinds.has(fix.alarm)) &&
          inWindow(policy, at, tz)
        ) {
          events.push(event(policy, fix, fix.fixTime, { alarm: fix.alarm }));
        }
        break;
      }
      case "unseen":
      case "job_eta_late":
      case "job_late":
      case "job_missed":
        break;
    }
    if (m !== NO_MARK && isEmpty(m)) delete marks[policy.id];
  }
  if (state.p) dropStaleMarks(state.p, rules.policies);
  if (state.p && isEmpty(state.p)) delete state.p;
  return events;
}

/** When the server last heard from a vehicle and where it was, for the time-driven rules. */
export interface SilentVehicle {
  lastHeard: number | null;
  lastFixTime: number | null;
  lat: number | null;
  lon: number | null;
}

/** Twelve hours without data is a device fault (spec sections 4 and 9). */
export const NO_DATA_FAULT_MS = 12 * 3_600_000;

/**
 * Rules that fire on the passing of time rather than on a position: a vehicle unseen for longer than
 * N minutes, twelve hours without data (device fault), and dwell in a geofence while the device is silent.
 */
export function evaluateTimers(rules: VehicleRules, state: AlertState, v: SilentVehicle, now: number): AlertEvent[] {
  const events: AlertEvent[] = [];
  if (v.lastHeard === null) return events;
  const silentFor = now - v.lastHeard;
  const at = { lat: v.lat ?? 0, lon: v.lon ?? 0, speed: 0, fixTime: now, valid: true, ignition: null } as FixInput;
  for (const policy of rules.policies) {
    const m = markOf(state, policy.id);
    if (
      policy.type === "unseen" &&
      !m.unseen &&
      silentFor > policy.durationMs! &&
      inWindow(policy, now, rules.timezone)
    ) {
      m.unseen = 1;
      events.push(
        event(policy, at, now, { minutes: policy.durationMs! / 60_000, lastSeen: new Date(v.lastHeard).toISOString() }),
      );
    }
    if (
      policy.type === "device_fault" &&
      !m.nd &&
      silentFor > NO_DATA_FAULT_MS &&
      (policy.faultKinds === null || policy.faultKinds.has("noData12h")) &&
      inWindow(policy, now, rules.timezone)
    ) {
      m.nd = 1;
      events.push(event(policy, at, now, { fault: "noData12h", lastSeen: new Date(v.lastHeard).toISOString() }));
    }
    if (policy.type === "geofence_dwell" && state.g && state.g.t === v.lastFixTime) {
      const fired = new Set(m.dw ?? []);
      dwellEvents(rules, policy, state.g.in, fired, now, at, events);
      if (fired.size) m.dw = [...fired];
    }
    if (!Object.keys(m).length) delete state.p![policy.id];
  }
  if (state.p && !Object.keys(state.p).length) delete state.p;
  return events;
}
