/** The video module's front door: what other modules and the server's adapters may use. */
export { mediaStore } from "./media-store";
export { createCameraUploads } from "./video-uploads";
export { videoJobs } from "./video.jobs";
export { videoRequestsReport } from "./video.reports";
export { footageRequestSchema, mediaFilterSchema, retentionSchema } from "./video.schema";
export * as videoService from "./video.service";
