import type { DB } from "../db/database";

/**
 * Demo dashcams: the first five Teltonika vehicles carry a DualCam (front and rear), footage is kept 30 days.
 * The simulator's cameras then upload a periodic photo each and answer requests (server/simulator/demo-camera.ts).
 */
export async function seedDemoVideo(db: DB, orgId: string): Promise<void> {
  const vehicles = await db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", orgId)
    .where("device_protocol", "=", "teltonika")
    .orderBy("created_at")
    .orderBy("registration")
    .limit(5)
    .execute();
  if (vehicles.length === 0) return;
  await db
    .insertInto("vehicle_cameras")
    .values(vehicles.map((v) => ({ org_id: orgId, vehicle_id: v.id, front: true, rear: true })))
    .execute();
  await db
    .insertInto("video_settings")
    .values({ org_id: orgId, retention_days: 30 })
    .onConflict((oc) => oc.column("org_id").doNothing())
    .execute();
}
