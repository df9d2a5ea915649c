/**
 * A live position as it crosses process boundaries (the live bus's `{ k: "pos", p }` message). On the wire it stays a
 * compact tuple, not an object: the bus carries every stored fix and the tuple keeps its JSON short
 * (docs/performance.md, "Position ingest"). Written by the position pipeline (`compactOf`), read by the live hub; read
 * it by name: `c[POS.fixTime]` on a hot path, `readPosition(c)` elsewhere.
 */
export type CompactPosition = [
  vehicleId: string,
  orgId: string,
  lat: number,
  lon: number,
  /** km/h, one decimal */
  speed: number,
  /** degrees, whole */
  course: number,
  /** 1 on, 0 off, -1 unknown */
  ignition: 1 | 0 | -1,
  /** the fix's time, epoch ms */
  fixTime: number,
  /** when the motion state last changed, epoch ms, or 0 */
  stateSince: number,
];

/** Where each field of a `CompactPosition` stands. */
export const POS = {
  vehicleId: 0,
  orgId: 1,
  lat: 2,
  lon: 3,
  speed: 4,
  course: 5,
  ignition: 6,
  fixTime: 7,
  stateSince: 8,
} as const;

/** A `CompactPosition` with its fields named. */
export interface LivePosition {
  vehicleId: string;
  orgId: string;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  ignition: 1 | 0 | -1;
  fixTime: number;
  stateSince: number;
}

/** The tuple's fields by name (a new object: for readers off the hot path). */
export function readPosition(c: CompactPosition): LivePosition {
  return {
    vehicleId: c[POS.vehicleId],
    orgId: c[POS.orgId],
    lat: c[POS.lat],
    lon: c[POS.lon],
    speed: c[POS.speed],
    course: c[POS.course],
    ignition: c[POS.ignition],
    fixTime: c[POS.fixTime],
    stateSince: c[POS.stateSince],
  };
}

/** The tuple of named fields (the order is the wire's). */
export function compactPosition(f: LivePosition): CompactPosition {
  return [f.vehicleId, f.orgId, f.lat, f.lon, f.speed, f.course, f.ignition, f.fixTime, f.stateSince];
}
