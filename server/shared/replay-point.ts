/** One point of a replayed track, as the replay service sends it and the map, chart and tables draw it. */
export interface ReplayPoint {
  /** fix time, ISO 8601 */
  t: string;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  /** 0/1; null when the device never reported ignition */
  ignition: 0 | 1 | null;
}

/** A stop on a replayed track: from and to (ISO 8601), where, and how long. */
export interface ReplayStop {
  from: string;
  to: string;
  lat: number;
  lon: number;
  durationS: number;
}
