import type { JobDefinition } from "../../job-definition";
import { sweepVideo } from "./video-sweep";

export const videoJobs: JobDefinition[] = [
  {
    // requests the camera never answered time out; media past each organisation's retention are deleted, files first
    queue: "maintenance",
    name: "video-sweep",
    repeat: { every: 5 * 60_000 },
    concurrency: 1,
    handler: (_job, ctx) => sweepVideo(ctx, new Date()),
  },
];
