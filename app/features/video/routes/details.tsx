import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/map/time";
import { CaptureMap } from "../components/CaptureMap";
import { LiveRefresh } from "../components/LiveRefresh";
import { StatusBadge } from "../components/MediaTable";
import { detailsLoader } from "../video.server";
import type { Route } from "./+types/details";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context, params }: Route.LoaderArgs) => detailsLoader(context, request, params.id);

/** The photo or the clip player, the map at the capture position with the track around it, the event, download. */
export default function VideoDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("video");
  const { t: ta } = useTranslation("alerts");
  const { media: m, track, timeZone, mapConfig, created } = loaderData;
  const open = m.status === "requested" || m.status === "sent" || m.status === "uploading";
  // What the browser can show decides the element (the demo camera's clip is an animated image).
  const asImage = Boolean(m.contentType?.startsWith("image/"));
  return (
    <section data-testid="video-details" data-status={m.status}>
      <LiveRefresh active={open} />
      <header className="page-header">
        <h1>
          {t("details.title")}: {m.registration}
        </h1>
        <p>
          <Link to="/video/list">{t("details.back")}</Link>
        </p>
      </header>
      {created && (
        <div className="alert alert-success" role="status">
          {t("created")}
        </div>
      )}
      <div className="card">
        {m.mediaUrl && asImage && (
          <img
            src={m.mediaUrl}
            alt={t("details.photoAlt", { camera: t(`camera.${m.camera}`), registration: m.registration })}
            style={{ maxWidth: "100%" }}
            data-testid={m.mediaType === "photo" ? "video-photo" : "video-clip"}
          />
        )}
        {m.mediaUrl && !asImage && (
          <video
            src={m.mediaUrl}
            controls
            preload="metadata"
            style={{ maxWidth: "100%" }}
            aria-label={t("details.player")}
            data-testid="video-player"
          />
        )}
        {!m.mediaUrl && open && (
          <p className="muted" role="status">
            {t("details.waiting")}
          </p>
        )}
        {m.downloadUrl && (
          <p>
            <a className="button" href={m.downloadUrl} data-testid="video-download">
              {t("details.download")}
            </a>
          </p>
        )}
      </div>
      <dl className="details-grid">
        <dt>{t("columns.status")}</dt>
        <dd>
          <StatusBadge m={m} />
        </dd>
        <dt>{t("columns.trigger")}</dt>
        <dd>{t(`trigger.${m.trigger}`)}</dd>
        <dt>{t("columns.type")}</dt>
        <dd>{t(`mediaType.${m.mediaType}`)}</dd>
        <dt>{t("columns.camera")}</dt>
        <dd>{t(`camera.${m.camera}`)}</dd>
        <dt>{t("details.capturedAt")}</dt>
        <dd>{formatDateTime(m.capturedAt, timeZone)}</dd>
        {m.mediaType === "video" && (
          <>
            <dt>{t("details.duration")}</dt>
            <dd>{t("details.seconds", { count: m.durationS })}</dd>
          </>
        )}
        <dt>{t("details.requestedAt")}</dt>
        <dd>{formatDateTime(m.createdAt, timeZone)}</dd>
        {m.completedAt && (
          <>
            <dt>{t("details.completedAt")}</dt>
            <dd>{formatDateTime(m.completedAt, timeZone)}</dd>
          </>
        )}
        {m.sizeBytes !== null && (
          <>
            <dt>{t("details.size")}</dt>
            <dd>{(m.sizeBytes / 1024).toFixed(1)} KiB</dd>
          </>
        )}
        {m.sha256 && (
          <>
            <dt>{t("details.checksum")}</dt>
            <dd>
              <code>{m.sha256}</code>
            </dd>
          </>
        )}
        <dt>{t("details.event")}</dt>
        <dd data-testid="video-event">
          {m.alert ? (
            <Link to={`/alerts/log?vehicle=${m.vehicleId}`}>
              {m.alert.policyName} · {ta(`types.${m.alert.type}`, { defaultValue: m.alert.type ?? "" })}
              {m.alert.occurredAt ? ` · ${formatDateTime(m.alert.occurredAt, timeZone)}` : ""}
            </Link>
          ) : (
            t("details.noEvent")
          )}
        </dd>
        <dt>{t("details.position")}</dt>
        <dd>
          {m.lat !== null && m.lon !== null ? `${m.lat.toFixed(5)}, ${m.lon.toFixed(5)}` : t("details.noPosition")}
        </dd>
      </dl>
      {m.lat !== null && m.lon !== null && <CaptureMap config={mapConfig} point={[m.lon, m.lat]} track={track} />}
    </section>
  );
}
