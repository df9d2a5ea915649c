import type { GeofenceIndex } from "../../places";
import type { SegmentPoint } from "../segments/segment-detector";

/** Where and when the vehicle entered a geofence it is still in. */
export interface OpenVisit {
  t: number;
  lat: number;
  lon: number;
  odometerM: number;
}

/** A visit as stored: open (exit null) when the vehicle entered, closed when it left. */
export interface VisitChange {
  placeId: string;
  enter: OpenVisit;
  exit: { t: number; lat: number; lon: number; odometerM: number } | null;
}

const at = (p: SegmentPoint): OpenVisit => ({ t: p.t, lat: p.lat, lon: p.lon, odometerM: p.odometerM });

/**
 * Geofence visits of one vehicle from its positions in fix-time order: a visit starts at the first valid
 * position inside a geofence (boundary inclusive) and ends at the first valid position outside it. Invalid
 * fixes change nothing; a gap in the data does not end a visit. A geofence that is deleted or no longer
 * indexed ends its visit at the next valid position. `open` is stored with the segment detector's state.
 */
export class GeofenceVisitTracker {
  constructor(
    private readonly fences: GeofenceIndex | null,
    public open: Record<string, OpenVisit> = {},
  ) {}

  push(p: SegmentPoint): VisitChange[] {
    if (!p.valid) return NONE;
    const inside = this.fences ? this.fences.containing(p.lon, p.lat) : NONE_FENCES;
    let openIds: string[] | null = null;
    for (const _ in this.open) {
      openIds = Object.keys(this.open);
      break;
    }
    if (!inside.length && !openIds) return NONE;
    const out: VisitChange[] = [];
    const now = new Set(inside.map((f) => f.id));
    for (const id of openIds ?? []) {
      if (now.has(id)) continue;
      out.push({ placeId: id, enter: this.open[id], exit: at(p) });
      delete this.open[id];
    }
    for (const id of now) {
      if (this.open[id]) continue;
      this.open[id] = at(p);
      out.push({ placeId: id, enter: this.open[id], exit: null });
    }
    return out;
  }
}

const NONE: VisitChange[] = [];
const NONE_FENCES: ReturnType<GeofenceIndex["containing"]> = [];
