import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { GeofenceIndex } from "../../places";
import { positionHistoryRepo } from "../../positions";
import { vehiclesRepo } from "../../vehicles";
import { GeofenceVisitTracker } from "../visits/geofence-visits";
import { visitsRepo, type VisitRow } from "../visits/visits.repo";
import { emptyDetectorState, SegmentDetector, type DetectorState, type SegmentPoint } from "./segment-detector";
import { segmentsRepo, type SegmentRow, type StoredState } from "./segments.repo";
import { DEFAULT_SEGMENT_SETTINGS, type SegmentSettings } from "./segment-settings";

type Conn = Kysely<Database>;

/** The vehicle's driver now, for the segments it closes (supplied by the vehicles module). */
export type DriversOf = (trx: Conn, vehicleIds: string[]) => Promise<Map<string, string | null>>;

/** Each organisation's geofences for visit derivation (the pipeline passes a cache; default: read them). */
export type FencesOf = (trx: Conn, orgIds: string[]) => Promise<Map<string, GeofenceIndex | null>>;
const readFences: FencesOf = (trx, orgIds) => visitsRepo.fenceIndexes(trx, orgIds);

const READ_CHUNK = 20_000;
const WRITE_CHUNK = 5_000;

/**
 * One round of segment derivation: the fixes of each vehicle in fix-time order go through its detector; a fix
 * older than the detector's last point marks the vehicle for re-derivation, unless it was added `inOrder`.
 */
export class SegmentBatch {
  private fixes = new Map<string, { orgId: string; points: SegmentPoint[]; inOrder: boolean }>();

  constructor(private readonly fencesOf: FencesOf = readFences) {}

  /**
   * `inOrder`: the fix moved its vehicle on when it was stored (derivation runs after the commit). If it is not
   * newer than the last rebuild's newest fix, that rebuild read it from the positions table: a vehicle's in-order
   * fixes commit in fix-time order, so one committed before the rebuild's newest fix was in its snapshot. It is
   * then skipped rather than marked late; any other fix older than the detector's last marks the vehicle dirty.
   */
  add(vehicleId: string, orgId: string, p: SegmentPoint, opts: { inOrder?: boolean } = {}): void {
    let v = this.fixes.get(vehicleId);
    if (!v) this.fixes.set(vehicleId, (v = { orgId, points: [], inOrder: opts.inOrder ?? false }));
    v.points.push(p);
  }

  get size(): number {
    return this.fixes.size;
  }

  /** Advances the detectors and stores closed segments, visits and states (row-locking the states). */
  async write(trx: Conn): Promise<number> {
    if (!this.fixes.size) return 0;
    const ids = [...this.fixes.keys()].sort();
    const orgIds = [...new Set([...this.fixes.values()].map((v) => v.orgId))];
    const fences = await this.fencesOf(trx, orgIds);
    const { states: stored, settings, drivers } = await segmentsRepo.lockBatch(trx, ids);
    const rows: SegmentRow[] = [];
    const visits: VisitRow[] = [];
    const states: Array<{ vehicleId: string; orgId: string } & StoredState> = [];
    for (const vehicleId of ids) {
      const { orgId, points, inOrder } = this.fixes.get(vehicleId)!;
      const prior = stored.get(vehicleId);
      const detector = new SegmentDetector(
        settings.get(orgId) ?? DEFAULT_SEGMENT_SETTINGS,
        prior?.state ?? emptyDetectorState(),
      );
      const tracker = new GeofenceVisitTracker(fences.get(orgId) ?? null, prior?.state?.geofences ?? {});
      let dirtyFrom = prior?.dirtyFrom ?? null;
      const driverId = drivers.get(vehicleId) ?? null;
      points.sort((a, b) => a.t - b.t);
      for (const p of points) {
        const last = detector.state.last;
        if (last && p.t < last.t) {
          const rebuiltTo = detector.state.rebuiltTo ?? null;
          if (!inOrder || rebuiltTo === null || p.t > rebuiltTo)
            dirtyFrom = dirtyFrom === null ? p.t : Math.min(dirtyFrom, p.t);
        } else {
          if (!last || p.t > last.t) for (const v of tracker.push(p)) visits.push({ ...v, orgId, vehicleId, driverId });
          for (const s of detector.push(p)) rows.push({ ...s, orgId, vehicleId, driverId });
        }
      }
      states.push({ vehicleId, orgId, state: { ...detector.state, geofences: tracker.open }, dirtyFrom });
    }
    await segmentsRepo.writeBatch(
      trx,
      rows,
      visits.length ? { rows: visits.length, sql: visitsRepo.upsertSql(visits) } : null,
      states,
    );
    return rows.length;
  }
}

/**
 * Re-derives a vehicle's segments from the stop at or before `from` (default: its earliest late position)
 * to its latest position, replacing what was stored; the state row stays locked meanwhile, so the position
 * pipeline waits for this vehicle and continues from the new state. Returns what it did.
 */
export async function rebuildVehicleSegments(
  db: Conn,
  driversOf: DriversOf,
  vehicle: { vehicleId: string; orgId: string },
  from?: number,
  onProgress?: (points: number) => void,
): Promise<{ from: number | null; points: number; segments: number }> {
  return db.transaction().execute(async (trx) => {
    const { vehicleId, orgId } = vehicle;
    const prior = (await segmentsRepo.lockStates(trx, [vehicleId])).get(vehicleId);
    const dirty = from ?? prior?.dirtyFrom ?? null;
    if (dirty === null) return { from: null, points: 0, segments: 0 };
    const anchor =
      (await segmentsRepo.anchorAtOrBefore(trx, vehicleId, dirty)) ??
      (await positionHistoryRepo.firstFixTime(trx, vehicleId));
    const priorState = prior?.state as DetectorState | null | undefined;
    const fresh: DetectorState = { ...emptyDetectorState(), ignitionSeen: priorState?.ignitionSeen ?? false };
    if (anchor === null) {
      await segmentsRepo.saveStates(trx, [{ vehicleId, orgId, state: fresh, dirtyFrom: null }]);
      return { from: null, points: 0, segments: 0 };
    }
    await segmentsRepo.deleteFrom(trx, vehicleId, anchor);
    const tracker = new GeofenceVisitTracker(
      (await readFences(trx, [orgId])).get(orgId) ?? null,
      await visitsRepo.reopenFrom(trx, vehicleId, anchor),
    );
    const settings: SegmentSettings = (await segmentsRepo.settings(trx, [orgId])).get(orgId)!;
    const driverId = (await driversOf(trx, [vehicleId])).get(vehicleId) ?? null;
    const detector = new SegmentDetector(settings, fresh);
    let rows: SegmentRow[] = [];
    let visits: VisitRow[] = [];
    let points = 0;
    let segments = 0;
    let after: number | null = null;
    for (;;) {
      const chunk = await positionHistoryRepo.points(trx, vehicleId, anchor, after, READ_CHUNK);
      for (const p of chunk) {
        for (const v of tracker.push(p)) visits.push({ ...v, orgId, vehicleId, driverId });
        for (const s of detector.push(p)) rows.push({ ...s, orgId, vehicleId, driverId });
      }
      points += chunk.length;
      onProgress?.(points);
      if (rows.length >= WRITE_CHUNK || chunk.length < READ_CHUNK) {
        await segmentsRepo.insertSegments(trx, rows);
        segments += rows.length;
        rows = [];
        await visitsRepo.upsert(trx, visits);
        visits = [];
      }
      if (chunk.length < READ_CHUNK) break;
      after = chunk[chunk.length - 1].t;
    }
    const state = { ...detector.state, geofences: tracker.open, rebuiltTo: detector.state.last?.t ?? null };
    await segmentsRepo.saveStates(trx, [{ vehicleId, orgId, state, dirtyFrom: null }]);
    return { from: anchor, points, segments };
  });
}

/** How long a vehicle's positions may stay ahead of its segments before the sweep re-derives them (s). */
export const DERIVATION_GRACE_S = 120;

/**
 * The periodic sweep: vehicles with data from before analytics existed, vehicles whose fixes a stopped process
 * never derived, then vehicles with late positions.
 */
export async function rebuildDirtySegments(db: Conn, driversOf: DriversOf, limit = 50): Promise<number> {
  await markBacklog(db, DERIVATION_GRACE_S);
  const dirty = await segmentsRepo.dirtyVehicles(db, limit);
  for (const v of dirty) await rebuildVehicleSegments(db, driversOf, v);
  return dirty.length;
}

/**
 * Marks for a rebuild the vehicles heard from that have no detector yet (data from before analytics existed), from
 * their first fix, and those whose positions are ahead of their detector and quiet for `graceS` (longer than any
 * SegmentQueue waits: fixes committed by a process that stopped before deriving them), from the detector's last fix.
 */
async function markBacklog(db: Conn, graceS: number): Promise<void> {
  const [fresh, behind] = await Promise.all([
    segmentsRepo.vehiclesWithoutDetector(db),
    segmentsRepo.vehiclesBehind(db, graceS),
  ]);
  await segmentsRepo.markDirty(db, [...fresh, ...behind]);
}

/** The vehicles a rebuild request covers: one vehicle, an organisation's, or every vehicle with positions. */
export async function vehiclesToRebuild(
  db: Conn,
  opts: { vehicleId?: string; orgId?: string },
): Promise<Array<{ vehicleId: string; orgId: string }>> {
  const rows = await vehiclesRepo.idsWithOrg(db, opts);
  return rows.map((r) => ({ vehicleId: r.id, orgId: r.org_id }));
}
