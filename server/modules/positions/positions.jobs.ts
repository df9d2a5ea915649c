import type { JobDefinition } from "../../job-definition";
import { runPositionRetention } from "./retention";

export const positionsJobs: JobDefinition[] = [
  {
    // one-year retention: next months' partitions created, whole partitions older than a year dropped
    queue: "maintenance",
    name: "positions-retention",
    repeat: { pattern: "30 2 * * *" },
    concurrency: 1,
    handler: (_job, ctx) => runPositionRetention(ctx),
  },
];
