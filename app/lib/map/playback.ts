import type { ReplayPoint } from "../../../server/shared/replay-point";

export interface PlaybackFrame {
  lat: number;
  lon: number;
  speed: number;
  course: number;
  index: number;
}

export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** Seconds of track shown per real second at 1×: a day of driving plays in about four minutes. */
export const BASE_RATE = 360;

export const timesOf = (points: ReplayPoint[]) => points.map((p) => Date.parse(p.t));

function lerpAngle(a: number, b: number, f: number) {
  const d = ((b - a + 540) % 360) - 180;
  return (a + d * f + 360) % 360;
}

/** Index of the last point at or before `ms` (binary search on sorted times). */
export function pointIndexAt(times: number[], ms: number): number {
  if (times.length === 0 || ms <= times[0]) return 0;
  if (ms >= times[times.length - 1]) return times.length - 1;
  let lo = 0;
  let hi = times.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= ms) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Position at an instant, linearly between the two surrounding points; clamps to the track's ends. */
export function interpolateAt(points: ReplayPoint[], times: number[], ms: number): PlaybackFrame | null {
  if (points.length === 0) return null;
  const i = pointIndexAt(times, ms);
  const a = points[i];
  const b = points[Math.min(i + 1, points.length - 1)];
  const span = times[Math.min(i + 1, points.length - 1)] - times[i];
  const f = span > 0 ? Math.min(1, Math.max(0, (ms - times[i]) / span)) : 0;
  return {
    lat: a.lat + (b.lat - a.lat) * f,
    lon: a.lon + (b.lon - a.lon) * f,
    speed: a.speed + (b.speed - a.speed) * f,
    course: lerpAngle(a.course, b.course, f),
    index: i,
  };
}

/** Where the clock is after `elapsedMs` of real time at the chosen speed; stops at the end. */
export function advanceClock(currentMs: number, elapsedMs: number, speed: PlaybackSpeed, endMs: number): number {
  return Math.min(endMs, currentMs + elapsedMs * BASE_RATE * speed);
}
