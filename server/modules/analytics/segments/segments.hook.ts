import type { AppContext } from "../../../context";
import type { PositionHook } from "../../positions";
import { FenceCache } from "../visits/fence-cache";
import type { SegmentPoint } from "./segment-detector";
import { SegmentQueue, type SegmentQueueOptions } from "./segment-queue";
import { segmentsRepo } from "./segments.repo";

/**
 * Trips, stops, idling, speeding and geofence visits, derived after the position transaction commits: the fixes
 * that moved a vehicle on go to a SegmentQueue, which derives a second's worth of every vehicle's fixes in one
 * transaction. A late fix (older than the vehicle's last) only marks the vehicle for re-derivation, and that mark
 * is written inside the position transaction, so a crash cannot lose it; the sweep folds it in.
 */
export function createSegmentsHook(ctx: Pick<AppContext, "db" | "log">, opts: SegmentQueueOptions = {}): PositionHook {
  const fences = new FenceCache(ctx.db);
  const queue = new SegmentQueue(
    ctx.db,
    ctx.log.child({ module: "segments" }),
    (_trx, orgIds) => fences.forOrgs(orgIds),
    opts,
  );
  return {
    name: "analytics-segments",
    flush: () => queue.flush(),
    async begin() {
      const fixes: Array<{ vehicleId: string; orgId: string; point: SegmentPoint }> = [];
      const late = new Map<string, { orgId: string; from: number }>();
      let marked = false;
      const marks = () => [...late].sort(([a], [b]) => (a < b ? -1 : 1)).map(([vehicleId, f]) => ({ vehicleId, ...f }));
      return {
        onFix(device, state, _before, fix) {
          fixes.push({
            vehicleId: device.vehicleId,
            orgId: device.orgId,
            point: {
              t: fix.fixTime,
              lat: fix.lat,
              lon: fix.lon,
              speed: fix.speed,
              valid: fix.valid,
              ignition: fix.ignition,
              deviceOdometerM: fix.odometer,
              odometerM: state.odometerM,
              alarm: fix.alarm,
            },
          });
        },
        onLateFix(device, fix) {
          const f = late.get(device.vehicleId);
          if (!f || fix.fixTime < f.from) late.set(device.vehicleId, { orgId: device.orgId, from: fix.fixTime });
        },
        hasWrites: () => late.size > 0,
        async write(trx) {
          await segmentsRepo.markDirty(trx, marks());
          marked = true;
        },
        async afterCommit() {
          // the savepoint was rolled back: mark now (a crash right here is the one way to miss a late fix)
          if (late.size && !marked) await segmentsRepo.markDirty(ctx.db, marks());
          await queue.add(fixes);
        },
      };
    },
  };
}
