import { segmentDistanceM, type HistoryPoint } from "../../positions";
import type { SegmentSettings } from "./segment-settings";

/** One stored position as the detector sees it (positions' history point; an alarm may be left out). */
export type SegmentPoint = Omit<HistoryPoint, "alarm"> & { alarm?: string | null };

export type SegmentKind = "trip" | "stop" | "idle" | "speeding";

/**
 * A trip, a stop, an idling period or a speeding episode. Trips and stops tile the timeline; idling periods
 * and speeding episodes overlap them.
 */
export interface Segment {
  kind: SegmentKind;
  start: number;
  end: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  distanceM: number;
  maxSpeedKmh: number;
  /** seconds with the ignition on (engine hours) */
  engineS: number;
  /** seconds stationary with the ignition on */
  idleS: number;
  startOdometerM: number;
  endOdometerM: number;
  points: number;
  /** a stop that contains a gap in the data longer than maxGapS */
  gap: boolean;
  /** eco events the device reported during the segment */
  harshAccel: number;
  harshBrake: number;
  harshCorner: number;
  /** seconds above the organisation's speed limit */
  speedingS: number;
}

interface Acc {
  start: number;
  startLat: number;
  startLon: number;
  startOdometerM: number;
  distanceM: number;
  maxSpeedKmh: number;
  engineS: number;
  idleS: number;
  points: number;
  gap: boolean;
  harshAccel: number;
  harshBrake: number;
  harshCorner: number;
  speedingS: number;
}

/** The detector's memory between batches: plain JSON, kept per vehicle. */
export interface DetectorState {
  last: SegmentPoint | null;
  /** last known ignition (a record without ignition keeps the previous value) */
  ignition: boolean | null;
  ignitionSeen: boolean;
  phase: "none" | "stop" | "trip";
  /** the open stop; while a trip is not yet confirmed, the stop before it (ending at stopEnd) */
  stop: Acc | null;
  stopEnd: SegmentPoint | null;
  trip: Acc | null;
  /** the trip reached minTripDistanceM, so the stop before it has been emitted */
  tripConfirmed: boolean;
  /** a pause inside the trip: its first stationary point and what happened since */
  pause: { at: SegmentPoint; acc: Acc } | null;
  idle: Acc | null;
  idleLast: SegmentPoint | null;
  /** the open speeding episode and its last point over the limit */
  speeding?: Acc | null;
  speedingLast?: SegmentPoint | null;
  /** geofences the vehicle is in (visits still open), kept with the detector so late data re-derives both */
  geofences?: Record<string, { t: number; lat: number; lon: number; odometerM: number }>;
  /** the newest fix the last rebuild read from the positions table (see SegmentBatch.add's `inOrder`) */
  rebuiltTo?: number | null;
}

export const emptyDetectorState = (): DetectorState => ({
  last: null,
  ignition: null,
  ignitionSeen: false,
  phase: "none",
  stop: null,
  stopEnd: null,
  trip: null,
  tripConfirmed: false,
  pause: null,
  idle: null,
  idleLast: null,
  speeding: null,
  speedingLast: null,
});

const openAcc = (p: SegmentPoint): Acc => ({
  start: p.t,
  startLat: p.lat,
  startLon: p.lon,
  startOdometerM: p.odometerM,
  distanceM: 0,
  maxSpeedKmh: 0,
  engineS: 0,
  idleS: 0,
  points: 1,
  gap: false,
  harshAccel: 0,
  harshBrake: 0,
  harshCorner: 0,
  speedingS: 0,
});

const close = (kind: SegmentKind, a: Acc, end: SegmentPoint): Segment => ({
  kind,
  start: a.start,
  end: end.t,
  startLat: a.startLat,
  startLon: a.startLon,
  endLat: end.lat,
  endLon: end.lon,
  distanceM: a.distanceM,
  maxSpeedKmh: a.maxSpeedKmh,
  engineS: a.engineS,
  idleS: a.idleS,
  startOdometerM: a.startOdometerM,
  endOdometerM: end.odometerM,
  points: a.points,
  gap: a.gap,
  harshAccel: a.harshAccel,
  harshBrake: a.harshBrake,
  harshCorner: a.harshCorner,
  speedingS: a.speedingS,
});

/** What one step (previous point to this one) adds to the segment it falls in. */
interface Step {
  distanceM: number;
  speedKmh: number;
  engineS: number;
  idleS: number;
  speedingS: number;
  alarm: string | null;
}

function add(a: Acc, st: Step) {
  a.distanceM += st.distanceM;
  a.maxSpeedKmh = Math.max(a.maxSpeedKmh, st.speedKmh);
  a.engineS += st.engineS;
  a.idleS += st.idleS;
  a.speedingS += st.speedingS;
  a.points += 1;
  if (st.alarm === "harshAcceleration") a.harshAccel += 1;
  else if (st.alarm === "harshBraking") a.harshBrake += 1;
  else if (st.alarm === "harshCornering") a.harshCorner += 1;
}

/** Folds `b` (which follows `a` in time) into `a`; `b`'s first point is `a`'s last, so it is not counted twice. */
function merge(a: Acc, b: Acc, withDistance: boolean) {
  if (withDistance) a.distanceM += b.distanceM;
  a.maxSpeedKmh = Math.max(a.maxSpeedKmh, b.maxSpeedKmh);
  a.engineS += b.engineS;
  a.idleS += b.idleS;
  a.speedingS += b.speedingS;
  a.harshAccel += b.harshAccel;
  a.harshBrake += b.harshBrake;
  a.harshCorner += b.harshCorner;
  a.points += b.points - 1;
  a.gap ||= b.gap;
}

/** Distance between consecutive points: the device odometer's delta when plausible, else great-circle. */
function stepDistanceM(a: SegmentPoint, b: SegmentPoint): number {
  const dtS = (b.t - a.t) / 1000;
  if (a.deviceOdometerM !== null && b.deviceOdometerM !== null) {
    const d = b.deviceOdometerM - a.deviceOdometerM;
    if (d >= 0 && d <= (dtS * 250) / 3.6 + 1000) return d;
  }
  if (!a.valid || !b.valid) return 0;
  return segmentDistanceM({ lat: a.lat, lon: a.lon, t: a.t }, { lat: b.lat, lon: b.lon, t: b.t });
}

/**
 * Derives trips, stops and idling periods from one vehicle's positions in fix-time order, incrementally:
 * `push` takes the next point and returns the segments it closed; `state` is stored between batches.
 * A point not newer than the last one is ignored here; late data is handled by re-deriving from the
 * segment boundary before it (segments.service.ts). The rules and their defaults: docs/analytics.md.
 */
export class SegmentDetector {
  constructor(
    private readonly settings: SegmentSettings,
    public state: DetectorState = emptyDetectorState(),
  ) {}

  private useIgnition(): boolean {
    const mode = this.settings.detection;
    return mode === "ignition" || (mode === "auto" && this.state.ignitionSeen);
  }

  push(p: SegmentPoint): Segment[] {
    const s = this.state;
    const out: Segment[] = [];
    const prev = s.last;
    if (prev && p.t <= prev.t) return out;
    if (p.ignition !== null) s.ignitionSeen = true;
    const ignition = p.ignition ?? s.ignition;
    const slow = p.speed < this.settings.movingSpeedKmh;
    const stationary = slow || (this.useIgnition() && ignition === false);

    if (!prev) {
      s.phase = "stop";
      s.stop = openAcc(p);
      s.stopEnd = p;
    } else {
      const dtS = (p.t - prev.t) / 1000;
      const gap = dtS > this.settings.maxGapS;
      const engineOn = !gap && s.ignition === true;
      const step: Step = {
        distanceM: gap ? 0 : stepDistanceM(prev, p),
        speedKmh: p.speed,
        engineS: engineOn ? dtS : 0,
        idleS: engineOn && prev.speed < this.settings.movingSpeedKmh ? dtS : 0,
        speedingS: !gap && prev.speed > this.settings.speedLimitKmh ? dtS : 0,
        alarm: p.alarm ?? null,
      };
      if (s.phase === "trip") this.inTrip(prev, p, step, gap, stationary, out);
      else this.inStop(prev, p, step, gap, stationary, out);
      if (s.idle) this.idleStep(p, ignition === true && slow, gap, out);
      if (s.speeding) this.speedingStep(p, step, gap, out);
    }
    if (!s.speeding && p.speed > this.settings.speedLimitKmh) {
      s.speeding = { ...openAcc(p), maxSpeedKmh: p.speed };
      s.speedingLast = p;
    }
    if (!s.idle && ignition === true && slow) {
      s.idle = openAcc(p);
      s.idleLast = p;
    }
    s.last = p;
    s.ignition = ignition;
    return out;
  }

  private inStop(prev: SegmentPoint, p: SegmentPoint, step: Step, gap: boolean, stationary: boolean, out: Segment[]) {
    const s = this.state;
    const stop = (s.stop ??= openAcc(prev));
    if (stationary) {
      if (gap) stop.gap = true;
      else add(stop, { ...step, distanceM: 0, speedKmh: 0 });
      s.stopEnd = p;
      return;
    }
    // Moving: a trip starts at the last point seen stopped (or here, after a gap).
    s.phase = "trip";
    s.tripConfirmed = false;
    s.pause = null;
    if (gap) {
      stop.gap = true;
      s.stopEnd = p;
      s.trip = openAcc(p);
    } else {
      s.stopEnd = prev;
      s.trip = openAcc(prev);
      add(s.trip, step);
    }
    this.confirmIfLongEnough(out);
  }

  private inTrip(prev: SegmentPoint, p: SegmentPoint, step: Step, gap: boolean, stationary: boolean, out: Segment[]) {
    const s = this.state;
    if (gap) {
      this.endTrip(prev, out);
      s.stop!.gap = true;
      s.stopEnd = p;
      if (!stationary) this.inStop(p, p, step, true, false, out);
      return;
    }
    if (s.pause) {
      add(s.pause.acc, step);
      if (!stationary) {
        merge(s.trip!, s.pause.acc, true);
        s.pause = null;
        this.confirmIfLongEnough(out);
      } else if ((p.t - s.pause.at.t) / 1000 >= this.settings.minStopS) {
        this.endTrip(p, out);
      }
      return;
    }
    add(s.trip!, step);
    this.confirmIfLongEnough(out);
    if (stationary) s.pause = { at: p, acc: openAcc(p) };
  }

  private confirmIfLongEnough(out: Segment[]) {
    const s = this.state;
    if (s.tripConfirmed || !s.trip || s.trip.distanceM < this.settings.minTripDistanceM) return;
    s.tripConfirmed = true;
    if (s.stop && s.stopEnd && s.stopEnd.t > s.stop.start) out.push(close("stop", s.stop, s.stopEnd));
    s.stop = null;
  }

  /**
   * Ends the trip: at its pause when it has one (what followed the pause starts the stop), else at `last`.
   * A trip shorter than minTripDistanceM folds back into the stop before it.
   */
  private endTrip(last: SegmentPoint, out: Segment[]) {
    const s = this.state;
    const trip = s.trip!;
    const end = s.pause ? s.pause.at : last;
    const after = s.pause ? s.pause.acc : openAcc(end);
    if (s.tripConfirmed) {
      out.push(close("trip", trip, end));
      s.stop = after;
    } else {
      const stop = s.stop ?? openAcc(end);
      merge(stop, trip, false);
      merge(stop, after, false);
      s.stop = stop;
    }
    s.stopEnd = s.pause ? last : end;
    s.phase = "stop";
    s.trip = null;
    s.pause = null;
    s.tripConfirmed = false;
  }

  /** Idling goes on while the ignition is on below the moving speed; it ends at the first point that is not, or before a gap. */
  private idleStep(p: SegmentPoint, idling: boolean, gap: boolean, out: Segment[]) {
    const s = this.state;
    const idle = s.idle!;
    if (idling && !gap) {
      idle.points += 1;
      s.idleLast = p;
      return;
    }
    const end = gap ? s.idleLast! : p;
    const durationS = (end.t - idle.start) / 1000;
    if (durationS >= this.settings.idleMinS)
      out.push(close("idle", { ...idle, engineS: durationS, idleS: durationS }, end));
    s.idle = null;
    s.idleLast = null;
  }

  /** A speeding episode runs from the first point over the limit to the first point at or under it (or the last one before a gap). */
  private speedingStep(p: SegmentPoint, step: Step, gap: boolean, out: Segment[]) {
    const s = this.state;
    const ep = s.speeding!;
    if (!gap && p.speed > this.settings.speedLimitKmh) {
      add(ep, step);
      s.speedingLast = p;
      return;
    }
    const end = gap ? s.speedingLast! : p;
    if (!gap) ep.distanceM += step.distanceM;
    const durationS = (end.t - ep.start) / 1000;
    if (durationS >= this.settings.minSpeedingS) out.push(close("speeding", { ...ep, speedingS: durationS }, end));
    s.speeding = null;
    s.speedingLast = null;
  }

  /** Segments still open at the last point (shown as in progress, never stored as closed). */
  open(): Segment[] {
    const s = this.state;
    const last = s.last;
    if (!last) return [];
    const segs: Segment[] = [];
    if (s.phase === "trip" && s.trip) {
      if (!s.tripConfirmed && s.stop && s.stopEnd) segs.push(close("stop", s.stop, s.stopEnd));
      if (s.tripConfirmed) segs.push(close("trip", s.trip, s.pause ? s.pause.at : last));
      if (s.tripConfirmed && s.pause) segs.push(close("stop", s.pause.acc, last));
    } else if (s.stop) {
      segs.push(close("stop", s.stop, last));
    }
    if (s.idle && s.idleLast) {
      const durationS = (s.idleLast.t - s.idle.start) / 1000;
      if (durationS >= this.settings.idleMinS)
        segs.push(close("idle", { ...s.idle, engineS: durationS, idleS: durationS }, s.idleLast));
    }
    return segs;
  }
}
