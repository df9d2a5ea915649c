import type { AppContext } from "../../../context";
import type { PositionHook } from "../../positions/position-hooks";
import { FenceCache } from "../visits/fence-cache";
import { segmentsRepo } from "./segments.repo";
import { SegmentBatch } from "./segments.service";

/**
 * Trips, stops, idling and speeding derived in the position transaction. A late fix (older than the vehicle's
 * last) only marks the vehicle for re-derivation; if this hook's write fails, the vehicle is marked from its
 * first fix of the batch after the commit, so the sweep catches up instead of the segments skipping data.
 */
export function createSegmentsHook(ctx: AppContext): PositionHook {
  const fences = new FenceCache(ctx.db);
  return {
    name: "analytics-segments",
    async begin() {
      const batch = new SegmentBatch((_trx, orgIds) => fences.forOrgs(orgIds));
      const first = new Map<string, { orgId: string; t: number }>();
      let written = false;
      const note = (vehicleId: string, orgId: string, t: number) => {
        const f = first.get(vehicleId);
        if (!f || t < f.t) first.set(vehicleId, { orgId, t });
      };
      return {
        onFix(device, state, _before, fix) {
          note(device.vehicleId, device.orgId, fix.fixTime);
          batch.add(device.vehicleId, device.orgId, {
            t: fix.fixTime, lat: fix.lat, lon: fix.lon, speed: fix.speed, valid: fix.valid, ignition: fix.ignition,
            deviceOdometerM: fix.odometer, odometerM: state.odometerM, alarm: fix.alarm,
          });
        },
        onLateFix(device, fix) {
          note(device.vehicleId, device.orgId, fix.fixTime);
          batch.add(device.vehicleId, device.orgId, {
            t: fix.fixTime, lat: fix.lat, lon: fix.lon, speed: fix.speed, valid: fix.valid, ignition: fix.ignition,
            deviceOdometerM: fix.odometer, odometerM: 0, alarm: fix.alarm,
          });
        },
        hasWrites: () => batch.size > 0,
        async write(trx) {
          await batch.write(trx);
          written = true;
        },
        async afterCommit() {
          if (written || !first.size) return;
          await segmentsRepo.markDirty(ctx.db, [...first.entries()].map(([vehicleId, f]) => ({ vehicleId, orgId: f.orgId, from: f.t })));
        },
      };
    },
  };
}
