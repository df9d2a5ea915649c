import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MediaDto } from "../../../../server/modules/video/video.mapper";
import { RecordTable } from "../../../components/RecordTable";
import { formatDateTime } from "../../../lib/map/time";

const STATUS_CLASS: Record<string, string> = {
  completed: "status-moving",
  failed: "status-failed",
  uploading: "status-stopped",
  sent: "status-unknown",
  requested: "status-unknown",
};

export function StatusBadge({ m }: { m: Pick<MediaDto, "status" | "failure" | "progress"> }) {
  const { t } = useTranslation("video");
  return (
    <span className={`status ${STATUS_CLASS[m.status] ?? "status-unknown"}`} data-status={m.status}>
      {t(`status.${m.status}`)}
      {m.status === "uploading" && ` ${t("progress", { progress: m.progress })}`}
      {m.failure && `: ${t(`failure.${m.failure}`)}`}
    </span>
  );
}

/** Requests and uploads with thumbnails (photos; a clip shows its first frame once the browser loads it). */
export function MediaTable({ items, timeZone }: { items: MediaDto[]; timeZone: string }) {
  const { t } = useTranslation("video");
  const details = (m: MediaDto) => `/video/details/${m.id}`;
  return (
    <RecordTable
      testId="video-list"
      rows={items}
      rowKey={(m) => m.id}
      rowProps={(m) => ({ "data-id": m.id })}
      columns={[
        {
          header: t("columns.preview"),
          cell: (m) => (
            <Link to={details(m)} aria-label={`${m.registration} ${formatDateTime(m.capturedAt, timeZone)}`}>
              {m.mediaUrl && m.contentType?.startsWith("image/") ? (
                <img src={m.mediaUrl} alt="" width={96} height={54} loading="lazy" style={{ objectFit: "cover" }} />
              ) : m.mediaUrl ? (
                <video src={`${m.mediaUrl}#t=0.1`} width={96} height={54} preload="metadata" muted />
              ) : (
                <span className="muted">{t(`mediaType.${m.mediaType}`)}</span>
              )}
            </Link>
          ),
        },
        { header: t("columns.vehicle"), cell: (m) => <Link to={details(m)}>{m.registration}</Link> },
        { header: t("columns.time"), cell: (m) => formatDateTime(m.capturedAt, timeZone) },
        { header: t("columns.trigger"), cell: (m) => t(`trigger.${m.trigger}`) },
        {
          header: t("columns.type"),
          cell: (m) => `${t(`mediaType.${m.mediaType}`)}${m.mediaType === "video" ? ` · ${m.durationS} s` : ""}`,
        },
        { header: t("columns.camera"), cell: (m) => t(`camera.${m.camera}`) },
        { header: t("columns.status"), cell: (m) => <StatusBadge m={m} /> },
      ]}
      empty={t("empty")}
    />
  );
}
