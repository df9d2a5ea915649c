import { useTranslation } from "react-i18next";
import { alertSummary, alertTypeLabel, formatAlertTime } from "../../alerts/components/alert-text";
import type { ReplayPoint, ReplayStop } from "../../../../server/shared/replay-point";
import { formatDuration, type ReplayAlert } from "../../../lib/map/replay-geo";
import { formatDateTime } from "../../../lib/map/time";
import { RecordTable } from "../../../components/RecordTable";
import { AlertFootageCell, type FootageLinks } from "../../video/components/FootageLink";

export function StopsTable({
  stops,
  addresses = [],
  timeZone,
}: {
  stops: ReplayStop[];
  /** each stop's address in the reader's language (same order) */
  addresses?: string[];
  timeZone: string;
}) {
  const { t } = useTranslation("replay");
  return (
    <div className="table-wrap">
      <h2>{t("stops")}</h2>
      <RecordTable
        testId="stops-table"
        rows={stops.map((s, i) => ({ ...s, address: addresses[i] }))}
        rowKey={(s) => s.from}
        columns={[
          { header: t("from"), cell: (s) => formatDateTime(s.from, timeZone) },
          { header: t("to"), cell: (s) => formatDateTime(s.to, timeZone) },
          { header: t("duration"), cell: (s) => formatDuration(s.durationS) },
          {
            header: t("position"),
            cell: (s) => s.address || `${s.lat.toFixed(5)}, ${s.lon.toFixed(5)}`,
            cellProps: (s) => ({ title: `${s.lat.toFixed(5)}, ${s.lon.toFixed(5)}`, "data-testid": "stop-address" }),
          },
        ]}
        empty={t("noStops")}
      />
    </div>
  );
}

/** The first rows of the full track (the server sends up to POINTS_TABLE_LIMIT); the CSV export has all `total`. */
export function PointsTable({
  points: shown,
  total,
  timeZone,
}: {
  points: ReplayPoint[];
  total: number;
  timeZone: string;
}) {
  const { t } = useTranslation("replay");
  return (
    <div className="table-wrap">
      <h2>{t("points")}</h2>
      {total > shown.length && <p className="muted">{t("pointsTruncated", { shown: shown.length, total })}</p>}
      <RecordTable
        testId="points-table"
        rows={shown}
        rowKey={(p) => p.t}
        columns={[
          { header: t("time"), cell: (p) => formatDateTime(p.t, timeZone) },
          { header: t("speed"), cell: (p) => `${Math.round(p.speed)} ${t("kmh")}` },
          { header: t("ignition"), cell: (p) => (p.ignition === null ? "—" : p.ignition ? t("on") : t("off")) },
          { header: t("position"), cell: (p) => `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}` },
        ]}
        empty={t("noPoints")}
      />
    </div>
  );
}

/** The vehicle's alerts in the period (also red dots on the map); a link to the full log for users who read alerts. */
export function AlertsTable({
  alerts,
  timeZone,
  footage = null,
  vehicleId = "",
  addresses = {},
}: {
  alerts: ReplayAlert[];
  /** alert id → address in the reader's language */
  addresses?: Record<string, string>;
  timeZone: string;
  footage?: FootageLinks | null;
  vehicleId?: string;
}) {
  const { t } = useTranslation("replay");
  return (
    <div className="table-wrap">
      <h2>{t("alerts")}</h2>
      <RecordTable
        testId="replay-alerts"
        rows={alerts}
        rowKey={(a) => a.id}
        rowProps={(a) => ({ "data-alert-id": a.id })}
        columns={[
          { header: t("time"), cell: (a) => formatAlertTime(a.at, timeZone) },
          { header: t("alertType"), cell: (a) => alertTypeLabel(t, a.type) },
          {
            header: t("alertWhat"),
            cell: (a) => (
              <>
                {alertSummary(t, { alertType: a.type, details: a.details, placeName: a.placeName })}{" "}
                <span className="muted">({a.policyName})</span>
              </>
            ),
          },
          {
            header: t("position"),
            cell: (a) =>
              a.lat === null || a.lon === null ? "—" : addresses[a.id] || `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}`,
          },
          footage && {
            header: t("video:alertVideo"),
            hiddenHeader: true,
            cell: (a) => (
              <AlertFootageCell
                links={footage}
                alertId={a.id}
                vehicleId={vehicleId}
                occurredAt={a.at}
                timeZone={timeZone}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
