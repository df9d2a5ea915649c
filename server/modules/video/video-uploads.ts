import fs from "node:fs/promises";
import { emitVideoOutcome } from "./video-events";
import type { AppContext } from "../../context";
import type { CameraCallbacks, CameraUpload, DualCamMeta } from "../../protocols/dualcam-camera";
import { DUALCAM_MAX_DATA, DUALCAM_PATHS, type DualCamFile } from "../../protocols/dualcam";
import { mediaKey, mediaStore, sniffContentType } from "./media-store";
import { alertLogRepo } from "../alerts";
import { vehicleStateRepo } from "../positions";
import { videoRepo } from "./video.repo";
import type { Camera, MediaType } from "./video.schema";

const FILE_KIND: Record<DualCamFile, { mediaType: MediaType; camera: Camera }> = {
  photoFront: { mediaType: "photo", camera: "front" },
  photoRear: { mediaType: "photo", camera: "rear" },
  videoFront: { mediaType: "video", camera: "front" },
  videoRear: { mediaType: "video", camera: "rear" },
};
/** How far from the capture a device alarm (harsh braking, …) may be to be the upload's event. */
const ALERT_MATCH_S = 120;
/** The transfer row is saved every this many packets (and when the connection ends). */
const SAVE_EVERY = 16;

/**
 * The video module's side of the camera server: which request an announced file answers (the oldest open
 * request to that device for that kind of file, else a new device-triggered upload matched to its position
 * and alert), the partial file and its resume point, and the commit once the whole file verified.
 */
export function createCameraUploads(ctx: AppContext): CameraCallbacks {
  const store = mediaStore(ctx.config);
  const lookup = async (imei: string) => {
    if (ctx.devices) return ctx.devices.lookup(imei);
    const v = await videoRepo.vehicleByImei(ctx.db, imei);
    return v ? { vehicleId: v.id, orgId: v.org_id } : null;
  };

  async function mediaFor(imei: string, orgId: string, vehicleId: string, file: DualCamFile, meta: DualCamMeta | null) {
    const kind = FILE_KIND[file];
    const open = await videoRepo.openRequest(ctx.db, orgId, imei, kind.mediaType, kind.camera);
    if (open && open.lat === null && meta?.lat != null && meta.lon != null) {
      // the camera knows where it was when the tracker had no fix yet
      return (await videoRepo.updateMedia(ctx.db, orgId, open.id, { lat: meta.lat, lon: meta.lon })) ?? open;
    }
    if (open) return open;
    const at = meta?.time ?? new Date();
    const trigger = meta?.trigger && meta.trigger !== "server_request" ? meta.trigger : "periodic";
    const pos =
      meta?.lat != null && meta.lon != null
        ? { lat: meta.lat, lon: meta.lon }
        : await vehicleStateRepo.positionAt(ctx.db, orgId, vehicleId, at);
    const alert =
      trigger === "green_driving"
        ? await alertLogRepo.nearestDeviceAlarm(ctx.db, orgId, vehicleId, at, ALERT_MATCH_S)
        : undefined;
    return videoRepo.insertMedia(ctx.db, {
      org_id: orgId,
      vehicle_id: vehicleId,
      device_id: imei,
      trigger,
      media_type: kind.mediaType,
      camera: kind.camera,
      captured_at: at,
      duration_s: kind.mediaType === "video" ? Math.min(30, meta?.durationS ?? 0) : 0,
      status: "uploading",
      failure: null,
      alert_id: alert?.id ?? null,
      lat: pos?.lat ?? null,
      lon: pos?.lon ?? null,
    });
  }

  return {
    isKnownDevice: async (imei) => (await lookup(imei)) !== null,
    async openUpload(imei, file, meta, totalPackets): Promise<CameraUpload> {
      const dev = await lookup(imei);
      if (!dev) throw new Error("unknown camera");
      const filePath = DUALCAM_PATHS[file];
      const previous = await videoRepo.transfer(ctx.db, imei, filePath);
      // A transfer that reached its end without a commit (a failed check) starts over rather than resuming at the end.
      const resumable =
        previous &&
        previous.total_packets === totalPackets &&
        previous.org_id === dev.orgId &&
        previous.received_packets < totalPackets;
      const media = resumable
        ? await videoRepo.byId(ctx.db, dev.orgId, previous.media_id)
        : await mediaFor(imei, dev.orgId, dev.vehicleId, file, meta);
      if (!media) throw new Error("transfer without its media row");
      const partial = store.partialPath(imei, filePath);
      let received = resumable ? previous.received_packets : 0;
      let bytes = resumable ? Number(previous.received_bytes) : 0;
      let crc = resumable ? previous.last_crc : 0;
      await store.preparePartial(partial, bytes);
      let lastProgress = -1;
      const save = () =>
        videoRepo.upsertTransfer(ctx.db, {
          org_id: dev.orgId,
          media_id: media.id,
          device_id: imei,
          file_path: filePath,
          total_packets: totalPackets,
          received_packets: received,
          received_bytes: bytes,
          last_crc: crc,
        });
      const progress = async () => {
        const pct = Math.floor((received / totalPackets) * 100);
        if (pct < lastProgress + 10 && received !== 0) return;
        lastProgress = pct;
        await videoRepo.updateMedia(ctx.db, dev.orgId, media.id, { status: "uploading", progress: Math.min(99, pct) });
      };
      await save();
      await progress();
      const handle = await fs.open(partial, "a");
      let closed = false;
      const closeHandle = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      return {
        offset: received,
        crc,
        async append(data, packetCrc) {
          if (data.length > DUALCAM_MAX_DATA) throw new Error("packet too large");
          await handle.write(data);
          received += 1;
          bytes += data.length;
          crc = packetCrc;
          if (received % SAVE_EVERY === 0) {
            await handle.datasync();
            await save();
            await progress();
          }
        },
        async complete() {
          await handle.datasync();
          await closeHandle();
          const { size, sha256 } = await store.digest(partial);
          if (size !== bytes) throw new Error(`stored ${size} bytes, received ${bytes}`);
          const capturedAt = new Date(media.captured_at);
          const contentType = sniffContentType(await store.head(partial), media.media_type);
          const key = mediaKey(dev.orgId, media.id, capturedAt, media.media_type, contentType);
          await store.commit(partial, key);
          await ctx.db.transaction().execute(async (trx) => {
            const done = await videoRepo.updateMedia(trx, dev.orgId, media.id, {
              status: "completed",
              progress: 100,
              failure: null,
              file_key: key,
              content_type: contentType,
              size_bytes: size,
              sha256,
              completed_at: new Date(),
            });
            await emitVideoOutcome(trx, done);
            await videoRepo.deleteTransfer(trx, imei, filePath);
          });
        },
        async suspend() {
          await handle.datasync().catch(() => {});
          await closeHandle();
          await save();
        },
        async fail(reason) {
          await closeHandle();
          await videoRepo.deleteTransfer(ctx.db, imei, filePath);
          await store.removePartial(partial);
          await ctx.db.transaction().execute(async (trx) =>
            emitVideoOutcome(
              trx,
              await videoRepo.updateMedia(trx, dev.orgId, media.id, {
                status: "failed",
                failure: "transfer_error",
                progress: 0,
              }),
            ),
          );
          ctx.log.warn({ imei, file, reason }, "camera transfer failed");
        },
      };
    },
  };
}
