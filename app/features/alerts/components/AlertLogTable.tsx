import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RecordTable } from "../../../components/RecordTable";
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
    <RecordTable
      scroll
      className="table alert-log"
      testId="alert-log"
      rows={items}
      rowKey={(a) => a.id}
      rowProps={(a) => ({
        "data-alert-id": a.id,
        "data-type": a.alertType,
        className: a.read === false ? "unread" : undefined,
      })}
      empty={t("log.empty")}
      columns={[
        {
          header: t("columns.status"),
          hiddenHeader: true,
          cell: (a) =>
            a.read === false && (
              <span className="unread-dot" title={t("log.unread")} data-testid="unread-marker">
                <span className="visually-hidden">{t("log.unread")}</span>
              </span>
            ),
        },
        {
          header: t("columns.time"),
          className: "nowrap",
          cell: (a) => <time dateTime={a.occurredAt}>{formatAlertTime(a.occurredAt, timeZone)}</time>,
        },
        { header: t("columns.vehicle"), className: "nowrap", cell: (a) => a.registration },
        { header: t("columns.driver"), cell: (a) => a.driverName ?? t("common:none") },
        { header: t("columns.type"), cell: (a) => alertTypeLabel(t, a.alertType) },
        { header: t("columns.summary"), cell: (a) => alertSummary(t, a) },
        { header: t("columns.place"), cell: (a) => a.placeName ?? a.address ?? t("common:none") },
        {
          header: t("columns.policy"),
          cell: (a) =>
            a.policyId ? <Link to={`/alerts/policies/policy/${a.policyId}`}>{a.policyName}</Link> : a.policyName,
        },
        canReplay && {
          header: t("columns.map"),
          hiddenHeader: true,
          cell: (a) => (
            <Link to={replayHref(a.vehicleId, a.occurredAt, timeZone)} data-testid="show-on-map">
              {t("log.showOnMap")}
            </Link>
          ),
        },
        footage && {
          header: t("video:alertVideo"),
          hiddenHeader: true,
          cell: (a) => (
            <AlertFootageCell
              links={footage}
              alertId={a.id}
              vehicleId={a.vehicleId}
              occurredAt={a.occurredAt}
              timeZone={timeZone}
            />
          ),
        },
      ]}
    />
  );
}
