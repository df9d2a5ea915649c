import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LogRow } from "../log.server";
import { AlertFootageCell, type FootageLinks } from "../../video/components/FootageLink";
import { alertSummary, alertTypeLabel, formatAlertTime, replayHref } from "./alert-text";

/** The log's rows: newest first, unread ones marked; "show on map" opens the replay around the alert. */
export function AlertLogTable({
  items,
  timeZone,
  canReplay,
  footage = null,
}: {
  items: LogRow[];
  timeZone: string;
  canReplay: boolean;
  footage?: FootageLinks | null;
}) {
  const { t } = useTranslation("alertLog");
  return (
    <div className="table-scroll">
      <table className="table alert-log" data-testid="alert-log">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">{t("columns.status")}</span>
            </th>
            <th>{t("columns.time")}</th>
            <th>{t("columns.vehicle")}</th>
            <th>{t("columns.driver")}</th>
            <th>{t("columns.type")}</th>
            <th>{t("columns.summary")}</th>
            <th>{t("columns.place")}</th>
            <th>{t("columns.policy")}</th>
            {canReplay && (
              <th>
                <span className="visually-hidden">{t("columns.map")}</span>
              </th>
            )}
            {footage && (
              <th>
                <span className="visually-hidden">{t("video:alertVideo")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr
              key={a.id}
              data-alert-id={a.id}
              data-type={a.alertType}
              className={a.read === false ? "unread" : undefined}
            >
              <td>
                {a.read === false && (
                  <span className="unread-dot" title={t("log.unread")} data-testid="unread-marker">
                    <span className="visually-hidden">{t("log.unread")}</span>
                  </span>
                )}
              </td>
              <td className="nowrap">
                <time dateTime={a.occurredAt}>{formatAlertTime(a.occurredAt, timeZone)}</time>
              </td>
              <td className="nowrap">{a.registration}</td>
              <td>{a.driverName ?? t("common:none")}</td>
              <td>{alertTypeLabel(t, a.alertType)}</td>
              <td>{alertSummary(t, a)}</td>
              <td>{a.placeName ?? a.address ?? t("common:none")}</td>
              <td>
                {a.policyId ? <Link to={`/alerts/policies/policy/${a.policyId}`}>{a.policyName}</Link> : a.policyName}
              </td>
              {canReplay && (
                <td>
                  <Link to={replayHref(a.vehicleId, a.occurredAt, timeZone)} data-testid="show-on-map">
                    {t("log.showOnMap")}
                  </Link>
                </td>
              )}
              {footage && (
                <td>
                  <AlertFootageCell
                    links={footage}
                    alertId={a.id}
                    vehicleId={a.vehicleId}
                    occurredAt={a.occurredAt}
                    timeZone={timeZone}
                  />
                </td>
              )}
            </tr>
          ))}
          {items.length === 0 && (
            <tr>
              <td colSpan={(canReplay ? 9 : 8) + (footage ? 1 : 0)} className="muted">
                {t("log.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
