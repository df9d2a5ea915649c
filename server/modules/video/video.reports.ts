import { z } from "zod";
import videoAl from "../../../locales/al/video.json" with { type: "json" };
import videoEn from "../../../locales/en/video.json" with { type: "json" };
import { defineReport, type ReportRow } from "../shared/reports/report-definition";
import { videoRepo } from "./video.repo";

const texts = (l: typeof videoEn) => ({
  title: l.report.requests.title,
  answers: l.report.requests.answers,
  columns: l.report.requests.columns,
});

/** Video requests and uploads per vehicle over the period (group video). */
export const videoRequestsReport = defineReport({
  type: "video_requests",
  group: "video",
  params: z.object({}),
  permission: "video:read",
  texts: { al: texts(videoAl), en: texts(videoEn) },
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "total", kind: "count", total: "sum" },
    { key: "photos", kind: "count", total: "sum" },
    { key: "videos", kind: "count", total: "sum" },
    { key: "requested", kind: "count", total: "sum" },
    { key: "device", kind: "count", total: "sum" },
    { key: "completed", kind: "count", total: "sum" },
    { key: "failed", kind: "count", total: "sum" },
    { key: "megabytes", kind: "number", total: "sum" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["completed", "failed"], stacked: true },
  async run(scope) {
    const rows = await videoRepo.requestsPerVehicle(
      scope.db,
      scope.orgId,
      scope.vehicleIds,
      scope.period.start,
      scope.period.end,
    );
    const out: ReportRow[] = rows
      .map((r) => ({
        vehicle: scope.vehicleNames.get(r.vehicle_id) ?? r.vehicle_id,
        total: r.total,
        photos: r.photos,
        videos: r.videos,
        requested: r.requested,
        device: r.device,
        completed: r.completed,
        failed: r.failed,
        megabytes: r.megabytes,
      }))
      .sort((a, b) => String(a.vehicle).localeCompare(String(b.vehicle)));
    return { rows: out.slice(0, scope.maxRows), truncated: out.length > scope.maxRows };
  },
});
