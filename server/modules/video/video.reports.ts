import { sql } from "kysely";
import { z } from "zod";
import videoAl from "../../../locales/al/video.json" with { type: "json" };
import videoEn from "../../../locales/en/video.json" with { type: "json" };
import { defineReport, type ReportRow } from "../shared/reports/report-definition";

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
    const rows = await scope.db
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
      .where("org_id", "=", scope.orgId)
      .where("vehicle_id", "in", scope.vehicleIds)
      .where("captured_at", ">=", scope.period.start)
      .where("captured_at", "<", scope.period.end)
      .groupBy("vehicle_id")
      .execute();
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
