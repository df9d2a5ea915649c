import type { AppContext } from "../../context";
import { emitVideoOutcome } from "./video-events";
import { AppError, notFound } from "../../errors";
import type { CommandResult } from "../../shared/device-contract";
import { parseZonedDateTime, startOfDayIn } from "../../shared/dates";
import { camreqCommand } from "../../protocols/dualcam";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { alertLogRepo } from "../alerts";
import { audit } from "../audit";
import { orgTimeZone } from "../organization";
import {
  circleBoundingBox,
  inBox,
  pointInCircle,
  pointInPolygon,
  polygonBoundingBox,
  type BoundingBox,
  type LonLat,
  getGeofence,
} from "../places";
import { assertUuid, vehicleStateRepo } from "../positions";
import { toPage } from "../shared/listing";
import { extensionOf, mediaStore } from "./media-store";
import { toMediaDto } from "./video.mapper";
import { videoPolicy } from "./video.policy";
import { videoRepo } from "./video.repo";
import {
  footageRequestSchema,
  retentionSchema,
  type Failure,
  type FootageRequest,
  type MediaFilter,
} from "./video.schema";

/** What the device's answer or the missing answer means for the request. */
export function failureOf(result: CommandResult): Failure | null {
  const text = `${result.error ?? ""} ${result.response ?? ""}`;
  if (!result.ok && /not connected|disconnected|not sent/i.test(text)) return "device_offline";
  if (!result.ok && /timeout/i.test(text)) return "timeout";
  if (/no (file|footage|video|photo)|not found|unavailable|fail/i.test(text)) return "no_footage";
  return result.ok ? null : "timeout";
}

/**
 * Asks a vehicle's camera for a photo or a clip (video:request): recorded as `requested`, the camreq command
 * sent over the tracker's Teltonika connection (ctx.commands, any process), then `sent` on the device's answer
 * or `failed` (device offline, timeout, no footage). The file itself arrives later on the camera server.
 */
export async function requestFootage(
  ctx: AppContext,
  p: Principal,
  raw: FootageRequest | Record<string, unknown>,
  opts: { timeoutMs?: number; now?: Date } = {},
) {
  videoPolicy.request(p);
  const input = footageRequestSchema.parse(raw);
  assertUuid(input.vehicleId);
  const v = await videoRepo.findVehicle(ctx.db, p, input.vehicleId);
  if (!v) throw notFound("vehicle");
  const hasCamera = input.camera === "front" ? v.front : v.rear;
  if (!hasCamera || !v.device_imei || v.device_protocol !== "teltonika") {
    throw new AppError("CAMERA_UNAVAILABLE", "This vehicle has no camera for that request", { field: "camera" });
  }
  const now = opts.now ?? new Date();
  const zone = await orgTimeZone(ctx, p.orgId);
  const at = input.at ? (parseZonedDateTime(input.at, zone) ?? now) : now;
  const durationS = input.mediaType === "video" ? (input.durationS ?? 10) : 0;
  const pos = await vehicleStateRepo.positionAt(ctx.db, p.orgId, v.id, at);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = await videoRepo.insertMedia(trx, {
      org_id: p.orgId,
      vehicle_id: v.id,
      device_id: v.device_imei,
      trigger: "server_request",
      media_type: input.mediaType,
      camera: input.camera,
      captured_at: at,
      duration_s: durationS,
      status: "requested",
      failure: null,
      requested_by: p.userId,
      lat: pos?.lat ?? null,
      lon: pos?.lon ?? null,
    });
    await audit.record(trx, p, {
      entity: "video_request",
      id: r.id,
      action: "create",
      after: {
        vehicle_id: v.id,
        registration: v.registration,
        media_type: r.media_type,
        camera: r.camera,
        captured_at: r.captured_at,
        duration_s: r.duration_s,
      },
    });
    return r;
  });
  const text = camreqCommand({
    mediaType: input.mediaType,
    camera: input.camera,
    at,
    durationS,
    host: ctx.config.CAMERA_PUBLIC_HOST,
    port: ctx.config.CAMERA_PUBLIC_HOST ? ctx.config.CAMERA_PORT : undefined,
  });
  let result: CommandResult;
  try {
    result = ctx.commands
      ? await ctx.commands.send(
          "teltonika",
          v.device_imei,
          { type: "custom", text },
          opts.timeoutMs ?? ctx.config.IMMOBILIZATION_TIMEOUT_MS,
        )
      : { ok: false, error: "device not connected" };
  } catch (err) {
    result = { ok: false, error: (err as Error).message };
  }
  const failure = failureOf(result);
  // The upload may already have started (a fast camera): only a request still `requested` moves.
  const current = await videoRepo.byId(ctx.db, p.orgId, row.id);
  if (current?.status === "requested") {
    await ctx.db
      .transaction()
      .execute(async (trx) =>
        emitVideoOutcome(
          trx,
          await videoRepo.updateMedia(
            trx,
            p.orgId,
            row.id,
            failure ? { status: "failed", failure } : { status: "sent", sent_at: new Date() },
          ),
        ),
      );
  }
  ctx.log.info({ vehicleId: v.id, mediaId: row.id, failure }, "camera request");
  return getMedia(ctx, p, row.id);
}

/** One request or upload the user may see, with its event. */
export async function getMedia(ctx: AppContext, p: Principal, id: string) {
  videoPolicy.read(p);
  assertUuid(id);
  const m = await videoRepo.visibleById(ctx.db, p, id);
  if (!m) throw notFound("video");
  const a = m.alert_id ? await alertLogRepo.byId(ctx.db, p.orgId, m.alert_id) : undefined;
  return {
    ...toMediaDto(m),
    alert: m.alert_id
      ? {
          id: m.alert_id,
          type: a?.alert_type ?? null,
          policyName: a?.policy_name ?? null,
          occurredAt: a ? new Date(a.occurred_at).toISOString() : null,
          details: a?.details ?? null,
        }
      : null,
  };
}

/** The track around a capture (details map): ±5 minutes. */
export async function trackAround(ctx: AppContext, p: Principal, id: string) {
  const m = await getMedia(ctx, p, id);
  const rows = await vehicleStateRepo.trackAround(ctx.db, p.orgId, m.vehicleId, new Date(m.capturedAt), 5);
  return rows.map((r) => [r.lon, r.lat] as LonLat);
}

/** List (default screen) and search: vehicle, period (org days), trigger, status, type, geofence or a point and radius. */
export async function listMedia(ctx: AppContext, p: Principal, f: MediaFilter) {
  videoPolicy.read(p);
  const zone = await orgTimeZone(ctx, p.orgId);
  let shape: ((pt: LonLat) => boolean) | null = null;
  let box: BoundingBox | undefined;
  if (f.geofenceId) {
    const g = await getGeofence(ctx, p, f.geofenceId);
    if (g.shape === "circle" && g.radius_m) {
      box = circleBoundingBox([g.longitude, g.latitude], g.radius_m);
      shape = (pt) => pointInCircle(pt, [g.longitude, g.latitude], g.radius_m!);
    } else if (g.polygon) {
      const ring = g.polygon as LonLat[];
      box = polygonBoundingBox(ring);
      shape = (pt) => pointInPolygon(pt, ring);
    }
  } else if (f.lat !== undefined && f.lon !== undefined) {
    const centre: LonLat = [f.lon, f.lat];
    const r = f.radiusM ?? 500;
    box = circleBoundingBox(centre, r);
    shape = (pt) => pointInCircle(pt, centre, r);
  }
  const base = {
    vehicleId: f.vehicleId,
    trigger: f.trigger,
    status: f.status,
    mediaType: f.mediaType,
    from: f.from ? startOfDayIn(f.from, zone) : undefined,
    to: f.to ? new Date(startOfDayIn(f.to, zone).getTime() + 86_400_000) : undefined,
    box,
  };
  const q = { page: f.page, size: f.size, q: "", dir: "asc" as const };
  if (!shape) {
    const { items, total } = await videoRepo.list(ctx.db, p, { ...base, limit: f.size, offset: (f.page - 1) * f.size });
    return toPage(items.map(toMediaDto), total, q);
  }
  // A shape: the box narrows in SQL, the exact test runs here (at most 5000 candidates).
  const { items } = await videoRepo.list(ctx.db, p, { ...base, limit: 5000, offset: 0 });
  const inside = items.filter(
    (m) => m.lat !== null && m.lon !== null && inBox([m.lon, m.lat], box!) && shape!([m.lon, m.lat]),
  );
  return toPage(inside.slice((f.page - 1) * f.size, f.page * f.size).map(toMediaDto), inside.length, q);
}

/** The vehicles with a camera the user may see (request form). */
export async function cameraVehicles(ctx: AppContext, p: Principal) {
  videoPolicy.read(p);
  return videoRepo.cameraVehicles(ctx.db, p);
}

/** Media files shown against alerts (alert log). */
export async function mediaForAlerts(ctx: AppContext, p: Principal, alertIds: readonly string[]) {
  videoPolicy.read(p);
  return videoRepo.forAlerts(ctx.db, p, alertIds);
}

/** The stored file of a completed item the user may see (served with range support by the web route). */
export async function mediaFile(ctx: AppContext, p: Principal, id: string) {
  const m = await getMedia(ctx, p, id);
  const row = await videoRepo.byId(ctx.db, p.orgId, id);
  if (m.status !== "completed" || !row?.file_key)
    throw new AppError("MEDIA_NOT_READY", "The footage is not available yet");
  const store = mediaStore(ctx.config);
  const size = await store.size(row.file_key);
  if (size === null) throw notFound("video file");
  const ext = extensionOf(m.contentType);
  return {
    size,
    contentType: m.contentType ?? "application/octet-stream",
    fileName: `${m.registration.replace(/[^A-Za-z0-9_-]/g, "")}-${m.capturedAt.slice(0, 19).replace(/[:T]/g, "")}-${m.camera}.${ext}`,
    sha256: m.sha256,
    read: (range?: { start: number; end: number }) => store.read(row.file_key!, range),
  };
}

/** How many days footage is kept (default 30). */
export async function getRetention(ctx: AppContext, p: Principal) {
  videoPolicy.read(p);
  return { retentionDays: (await videoRepo.retentionDays(ctx.db, p.orgId))?.retention_days ?? 30 };
}

/** Sets the organisation's retention (settings:write); the sweep deletes older media, files first. */
export async function setRetention(ctx: AppContext, p: Principal, raw: unknown) {
  authorize(p, "settings:write");
  const { retentionDays } = retentionSchema.parse(raw);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await videoRepo.retentionDays(trx, p.orgId);
    await videoRepo.setRetentionDays(trx, p.orgId, retentionDays);
    await audit.record(trx, p, {
      entity: "settings",
      id: p.orgId,
      action: "update",
      before: { video_retention_days: before?.retention_days ?? 30 },
      after: { video_retention_days: retentionDays },
    });
  });
  return { retentionDays };
}
