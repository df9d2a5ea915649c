import { sql } from "kysely";
import type { SegmentPoint } from "../../server/modules/analytics/segments/segment-detector";
import { SegmentBatch, type DriversOf } from "../../server/modules/analytics/segments/segments.service";
import type { TestContext } from "../support/context";

/**
 * Writes test positions the way the pipeline does. `target` is read at each call, so a suite may pass the
 * context and organisation its `beforeAll` makes.
 */
export function positionWriter(target: () => { db: TestContext["db"]; orgId: string }) {
  async function storePositions(vehicleId: string, pts: SegmentPoint[]) {
    const { db, orgId } = target();
    await sql`
      INSERT INTO positions (org_id, vehicle_id, device_id, fix_time, lat, lon, speed_kmh, ignition, valid, odometer_m)
      SELECT ${orgId}::uuid, ${vehicleId}::uuid, 'test', t, lat, lon, speed, ign, true, odo FROM unnest(
        ${pts.map((p) => new Date(p.t).toISOString())}::timestamptz[], ${pts.map((p) => p.lat)}::float8[], ${pts.map((p) => p.lon)}::float8[],
        ${pts.map((p) => p.speed)}::real[], ${pts.map((p) => p.ignition)}::bool[], ${pts.map((p) => p.odometerM)}::float8[]) AS x(t, lat, lon, speed, ign, odo)
      ON CONFLICT DO NOTHING`.execute(db);
  }

  /** What the pipeline does: store the positions, then advance the detector in the same transaction. */
  async function ingest(vehicleId: string, pts: SegmentPoint[]) {
    await storePositions(vehicleId, pts);
    const { db, orgId } = target();
    const batch = new SegmentBatch();
    for (const p of pts) batch.add(vehicleId, orgId, p);
    await db.transaction().execute((trx) => batch.write(trx));
  }

  return { storePositions, ingest };
}

/** The drivers the vehicles have now (what the pipeline looks up when it closes segments). */
export const driversOf: DriversOf = async (trx, ids) => {
  const rows = await trx.selectFrom("vehicles").select(["id", "driver_id"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.driver_id]));
};
