import { z } from "zod";
import { dateParam, dateTimeSchema } from "../../shared/date-schemas";
import { requiredInt } from "../shared/form-values";

export const MEDIA_TYPES = ["photo", "video"] as const;
export const CAMERAS = ["front", "rear"] as const;
/** Spec section 4: camera request trigger. */
export const TRIGGERS = ["server_request", "ignition", "green_driving", "periodic"] as const;
/** docs/video.md: requested → sent → uploading → completed, or failed with a reason. */
export const MEDIA_STATUSES = ["requested", "sent", "uploading", "completed", "failed"] as const;
export const FAILURES = ["device_offline", "no_footage", "timeout", "transfer_error"] as const;
/** camreq allows clips of at most 30 s (Teltonika DualCam SMS/GPRS commands). */
export const MAX_CLIP_SECONDS = 30;

export type MediaType = (typeof MEDIA_TYPES)[number];
export type Camera = (typeof CAMERAS)[number];
export type Trigger = (typeof TRIGGERS)[number];
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export type Failure = (typeof FAILURES)[number];

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const CLIP_MESSAGES = { number: "errors.videoDuration", range: "errors.videoDuration" };

/** The "request footage" form and POST /api/video/requests; `at` is the org's wall-clock time (now when absent). */
export const footageRequestSchema = z
  .object({
    vehicleId: z.string({ error: "errors.required" }).trim().min(1, "errors.required"),
    camera: z.enum(CAMERAS, { error: "errors.required" }),
    mediaType: z.enum(MEDIA_TYPES, { error: "errors.required" }),
    at: z.preprocess(blank, dateTimeSchema().optional()),
    durationS: z.preprocess(blank, requiredInt(1, MAX_CLIP_SECONDS, CLIP_MESSAGES).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.mediaType === "video" && v.durationS === undefined)
      ctx.addIssue({ code: "custom", path: ["durationS"], message: "errors.videoDuration" });
  });
export type FootageRequest = z.output<typeof footageRequestSchema>;

/** List and search filters (query string). */
export const mediaFilterSchema = z.object({
  vehicleId: z.preprocess(blank, z.string().uuid().optional()).catch(undefined),
  trigger: z.preprocess(blank, z.enum(TRIGGERS).optional()).catch(undefined),
  status: z.preprocess(blank, z.enum(MEDIA_STATUSES).optional()).catch(undefined),
  mediaType: z.preprocess(blank, z.enum(MEDIA_TYPES).optional()).catch(undefined),
  from: dateParam(),
  to: dateParam(),
  geofenceId: z.preprocess(blank, z.string().uuid().optional()).catch(undefined),
  lat: z.preprocess(blank, z.coerce.number().min(-90).max(90).optional()).catch(undefined),
  lon: z.preprocess(blank, z.coerce.number().min(-180).max(180).optional()).catch(undefined),
  radiusM: z.preprocess(blank, z.coerce.number().min(10).max(100_000).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  size: z.coerce.number().int().min(5).max(200).catch(20).default(20),
});
export type MediaFilter = z.output<typeof mediaFilterSchema>;

/** The organisation's retention of footage (settings:write). */
export const retentionSchema = z.object({
  retentionDays: requiredInt(1, 3650, { required: "errors.range", number: "errors.range", range: "errors.range" }),
});
