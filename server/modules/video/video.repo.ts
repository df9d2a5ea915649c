import { sql, type Insertable, type Updateable } from "kysely";
import type { DB } from "../../db/database";
import type { VideoMediaTable } from "../../db/schema/video";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import type { Camera, MediaType } from "./video.schema";

const MEDIA_COLUMNS = [
  "m.id",
  "m.vehicle_id",
  "vehicles.registration",
  "m.device_id",
  "m.trigger",
  "m.media_type",
  "m.camera",
  "m.captured_at",
  "m.duration_s",
  "m.status",
  "m.failure",
  "m.progress",
  "m.alert_id",
  "m.lat",
  "m.lon",
  "m.file_key",
  "m.content_type",
  "m.size_bytes",
  "m.sha256",
  "m.created_at",
  "m.updated_at",
  "m.sent_at",
  "m.completed_at",
  "m.requested_by",
] as const;

export interface MediaQuery {
  vehicleId?: string;
  trigger?: string;
  status?: string;
  mediaType?: string;
  from?: Date;
  to?: Date;
  /** a bounding box the capture position must fall in (the service checks the exact shape) */
  box?: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  limit: number;
  offset: number;
}

export const videoRepo = {
  findVehicle(db: DB, p: Principal, vehicleId: string) {
    return scopeVehicles(
      db
        .selectFrom("vehicles")
        .leftJoin("vehicle_cameras as c", "c.vehicle_id", "vehicles.id")
        .select([
          "vehicles.id",
          "vehicles.org_id",
          "vehicles.registration",
          "vehicles.device_imei",
          "vehicles.device_protocol",
          "c.front",
          "c.rear",
        ]),
      p,
    )
      .where("vehicles.id", "=", vehicleId)
      .executeTakeFirst();
  },

  /** The vehicles the user may see that carry a camera (request form, live map links). */
  cameraVehicles(db: DB, p: Principal) {
    return scopeVehicles(
      db
        .selectFrom("vehicles")
        .innerJoin("vehicle_cameras as c", "c.vehicle_id", "vehicles.id")
        .select(["vehicles.id", "vehicles.registration", "c.front", "c.rear"]),
      p,
    )
      .orderBy("vehicles.registration")
      .execute();
  },

  insertMedia(db: DB, row: Insertable<VideoMediaTable>) {
    return db.insertInto("video_media").values(row).returningAll().executeTakeFirstOrThrow();
  },

  updateMedia(db: DB, orgId: string, id: string, set: Updateable<VideoMediaTable>) {
    return db
      .updateTable("video_media")
      .set({ ...set, updated_at: new Date() })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },

  byId(db: DB, orgId: string, id: string) {
    return db.selectFrom("video_media").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },

  /** One item the user may see (its vehicle in scope). */
  visibleById(db: DB, p: Principal, id: string) {
    return db
      .selectFrom("video_media as m")
      .innerJoin("vehicles", "vehicles.id", "m.vehicle_id")
      .select(MEDIA_COLUMNS)
      .where("m.org_id", "=", p.orgId)
      .where("m.id", "=", id)
      .where("m.vehicle_id", "in", scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p))
      .executeTakeFirst();
  },

  async list(db: DB, p: Principal, q: MediaQuery) {
    let qb = db
      .selectFrom("video_media as m")
      .innerJoin("vehicles", "vehicles.id", "m.vehicle_id")
      .where("m.org_id", "=", p.orgId)
      .where("m.vehicle_id", "in", scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p));
    if (q.vehicleId) qb = qb.where("m.vehicle_id", "=", q.vehicleId);
    if (q.trigger) qb = qb.where("m.trigger", "=", q.trigger as VideoMediaTable["trigger"]);
    if (q.status) qb = qb.where("m.status", "=", q.status as VideoMediaTable["status"]);
    if (q.mediaType) qb = qb.where("m.media_type", "=", q.mediaType as MediaType);
    if (q.from) qb = qb.where("m.captured_at", ">=", q.from);
    if (q.to) qb = qb.where("m.captured_at", "<", q.to);
    if (q.box) {
      qb = qb
        .where("m.lat", ">=", q.box.minLat)
        .where("m.lat", "<=", q.box.maxLat)
        .where("m.lon", ">=", q.box.minLon)
        .where("m.lon", "<=", q.box.maxLon);
    }
    const [items, total] = await Promise.all([
      qb
        .select([...MEDIA_COLUMNS])
        .orderBy("m.captured_at", "desc")
        .orderBy("m.id")
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
      qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  },

  /** The media shown against alerts (alert log: "video" column). */
  forAlerts(db: DB, p: Principal, alertIds: readonly string[]) {
    if (alertIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom("video_media as m")
      .select(["m.id", "m.alert_id", "m.media_type", "m.status"])
      .where("m.org_id", "=", p.orgId)
      .where("m.alert_id", "in", alertIds)
      .where("m.vehicle_id", "in", scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p))
      .execute();
  },

  // ---- the camera side (no principal: the device identified itself) ----

  /** The oldest open request to this device for that kind of file. */
  openRequest(db: DB, orgId: string, deviceId: string, mediaType: MediaType, camera: Camera) {
    return db
      .selectFrom("video_media")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("device_id", "=", deviceId)
      .where("media_type", "=", mediaType)
      .where("camera", "=", camera)
      .where("status", "in", ["sent", "uploading"])
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst();
  },

  transfer(db: DB, deviceId: string, filePath: string) {
    return db
      .selectFrom("video_transfers")
      .selectAll()
      .where("device_id", "=", deviceId)
      .where("file_path", "=", filePath)
      .executeTakeFirst();
  },

  upsertTransfer(
    db: DB,
    t: {
      org_id: string;
      media_id: string;
      device_id: string;
      file_path: string;
      total_packets: number;
      received_packets: number;
      received_bytes: number;
      last_crc: number;
    },
  ) {
    return db
      .insertInto("video_transfers")
      .values({ ...t, updated_at: new Date() })
      .onConflict((oc) =>
        oc.columns(["device_id", "file_path"]).doUpdateSet({
          org_id: t.org_id,
          media_id: t.media_id,
          total_packets: t.total_packets,
          received_packets: t.received_packets,
          received_bytes: t.received_bytes,
          last_crc: t.last_crc,
          updated_at: new Date(),
        }),
      )
      .execute();
  },

  deleteTransfer(db: DB, deviceId: string, filePath: string) {
    return db
      .deleteFrom("video_transfers")
      .where("device_id", "=", deviceId)
      .where("file_path", "=", filePath)
      .execute();
  },

  /** The vehicle's latest known position at or before a moment (an upload without coordinates). */
  retentionDays(db: DB, orgId: string) {
    return db.selectFrom("video_settings").select("retention_days").where("org_id", "=", orgId).executeTakeFirst();
  },

  /** Completed or failed media older than each organisation's retention (default 30 days). */
  expired(db: DB, now: Date, limit: number) {
    return db
      .selectFrom("video_media as m")
      .leftJoin("video_settings as s", "s.org_id", "m.org_id")
      .select(["m.id", "m.org_id", "m.file_key"])
      .where(sql<boolean>`m.captured_at < ${now}::timestamptz - make_interval(days => coalesce(s.retention_days, 30))`)
      .limit(limit)
      .execute();
  },

  deleteMedia(db: DB, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.deleteFrom("video_media").where("id", "in", ids).execute();
  },
  setRetentionDays(db: DB, orgId: string, retentionDays: number) {
    return db
      .insertInto("video_settings")
      .values({ org_id: orgId, retention_days: retentionDays })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ retention_days: retentionDays, updated_at: new Date() }))
      .execute();
  },
  /** The vehicle a device identifier belongs to (the camera server without a device registry). */
  vehicleByImei(db: DB, imei: string) {
    return db.selectFrom("vehicles").select(["id", "org_id"]).where("device_imei", "=", imei).executeTakeFirst();
  },
  /** Requests sent or waiting since before `before` fail as timed out; the rows as they are now. */
  timeOutRequests(db: DB, before: Date, now: Date) {
    return db
      .updateTable("video_media")
      .set({ status: "failed", failure: "timeout", updated_at: now })
      .where("status", "in", ["requested", "sent"])
      .where("created_at", "<", before)
      .returningAll()
      .execute();
  },
  /** Uploads with no progress since `before` fail as transfer errors; the rows as they are now. */
  failStalledUploads(db: DB, before: Date, now: Date) {
    return db
      .updateTable("video_media")
      .set({ status: "failed", failure: "transfer_error", updated_at: now })
      .where("status", "=", "uploading")
      .where("updated_at", "<", before)
      .returningAll()
      .execute();
  },
  /** The `video_requests` report: requests and uploads per vehicle captured in [start, end). */
  requestsPerVehicle(db: DB, orgId: string, vehicleIds: readonly string[], start: Date, end: Date) {
    return db
      .selectFrom("video_media")
      .select([
        "vehicle_id",
        sql<number>`count(*)::int`.as("total"),
        sql<number>`count(*) filter (where media_type = 'photo')::int`.as("photos"),
        sql<number>`count(*) filter (where media_type = 'video')::int`.as("videos"),
        sql<number>`count(*) filter (where trigger = 'server_request')::int`.as("requested"),
        sql<number>`count(*) filter (where trigger <> 'server_request')::int`.as("device"),
        sql<number>`count(*) filter (where status = 'completed')::int`.as("completed"),
        sql<number>`count(*) filter (where status = 'failed')::int`.as("failed"),
        sql<number>`round(coalesce(sum(size_bytes), 0) / 1048576.0, 2)::float8`.as("megabytes"),
      ])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "in", [...vehicleIds])
      .where("captured_at", ">=", start)
      .where("captured_at", "<", end)
      .groupBy("vehicle_id")
      .execute();
  },
};
