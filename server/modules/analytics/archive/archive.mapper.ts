import { iso } from "../../shared/mapping";
import type { archiveRepo } from "./archive.repo";

type ArchiveRow = Awaited<ReturnType<typeof archiveRepo.list>>["items"][number];

/** An archived report as the API sends it: status RUNNING (progress), COMPLETED (row count, files) or FAILED (error). */
export const toArchive = (a: ArchiveRow) => ({
  id: a.id,
  type: a.report_type,
  from: String(a.period_from),
  to: String(a.period_to),
  status: a.status,
  progress: a.progress,
  rowCount: a.row_count,
  error: a.error,
  scheduleId: a.schedule_id,
  scheduleName: a.schedule_name,
  createdAt: iso(a.created_at),
  finishedAt: iso(a.finished_at),
  files: a.status === "COMPLETED" ? ["pdf", "xlsx", "csv"].map((f) => `/api/analytics/archive/${a.id}/files/${f}`) : [],
});
