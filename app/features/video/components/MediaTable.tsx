import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MediaDto } from "../../../../server/modules/video/video.mapper";
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
  return (
    <table className="table" data-testid="video-list">
      <thead>
        <tr>
          <th>{t("columns.preview")}</th>
          <th>{t("columns.vehicle")}</th>
          <th>{t("columns.time")}</th>
          <th>{t("columns.trigger")}</th>
          <th>{t("columns.type")}</th>
          <th>{t("columns.camera")}</th>
          <th>{t("columns.status")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((m) => (
          <tr key={m.id} data-id={m.id}>
            <td>
              <Link
                to={`/video/details/${m.id}`}
                aria-label={`${m.registration} ${formatDateTime(m.capturedAt, timeZone)}`}
              >
                {m.mediaUrl && m.contentType?.startsWith("image/") ? (
                  <img src={m.mediaUrl} alt="" width={96} height={54} loading="lazy" style={{ objectFit: "cover" }} />
                ) : m.mediaUrl ? (
                  <video src={`${m.mediaUrl}#t=0.1`} width={96} height={54} preload="metadata" muted />
                ) : (
                  <span className="muted">{t(`mediaType.${m.mediaType}`)}</span>
                )}
              </Link>
            </td>
            <td>
              <Link to={`/video/details/${m.id}`}>{m.registration}</Link>
            </td>
            <td>{formatDateTime(m.capturedAt, timeZone)}</td>
            <td>{t(`trigger.${m.trigger}`)}</td>
            <td>
              {t(`mediaType.${m.mediaType}`)}
              {m.mediaType === "video" ? ` · ${m.durationS} s` : ""}
            </td>
            <td>{t(`camera.${m.camera}`)}</td>
            <td>
              <StatusBadge m={m} />
            </td>
          </tr>
        ))}
        {items.length === 0 && (
          <tr>
            <td colSpan={7} className="muted">
              {t("empty")}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
