import { useTranslation } from "react-i18next";
import { alertSummary, alertTypeLabel, formatAlertTime } from "../../alerts/components/alert-text";
import type { ReplayPoint, ReplayStop } from "../../../../server/shared/replay-point";
import { formatDuration, type ReplayAlert } from "../../../lib/map/replay-geo";
import { formatDateTime } from "../../../lib/map/time";
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
      <table className="table" data-testid="stops-table">
        <thead>
          <tr>
            <th>{t("from")}</th>
            <th>{t("to")}</th>
            <th>{t("duration")}</th>
            <th>{t("position")}</th>
          </tr>
        </thead>
        <tbody>
          {stops.map((s, i) => (
            <tr key={s.from}>
              <td>{formatDateTime(s.from, timeZone)}</td>
              <td>{formatDateTime(s.to, timeZone)}</td>
              <td>{formatDuration(s.durationS)}</td>
              <td title={`${s.lat.toFixed(5)}, ${s.lon.toFixed(5)}`} data-testid="stop-address">
                {addresses[i] || `${s.lat.toFixed(5)}, ${s.lon.toFixed(5)}`}
              </td>
            </tr>
          ))}
          {stops.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                {t("noStops")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
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
      <table className="table" data-testid="points-table">
        <thead>
          <tr>
            <th>{t("time")}</th>
            <th>{t("speed")}</th>
            <th>{t("ignition")}</th>
            <th>{t("position")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={p.t}>
              <td>{formatDateTime(p.t, timeZone)}</td>
              <td>
                {Math.round(p.speed)} {t("kmh")}
              </td>
              <td>{p.ignition === null ? "—" : p.ignition ? t("on") : t("off")}</td>
              <td>
                {p.lat.toFixed(5)}, {p.lon.toFixed(5)}
              </td>
            </tr>
          ))}
          {shown.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                {t("noPoints")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
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
      <table className="table" data-testid="replay-alerts">
        <thead>
          <tr>
            <th>{t("time")}</th>
            <th>{t("alertType")}</th>
            <th>{t("alertWhat")}</th>
            <th>{t("position")}</th>
            {footage && (
              <th>
                <span className="visually-hidden">{t("video:alertVideo")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {alerts.map((a) => (
            <tr key={a.id} data-alert-id={a.id}>
              <td>{formatAlertTime(a.at, timeZone)}</td>
              <td>{alertTypeLabel(t, a.type)}</td>
              <td>
                {alertSummary(t, { alertType: a.type, details: a.details, placeName: a.placeName })}{" "}
                <span className="muted">({a.policyName})</span>
              </td>
              <td>
                {a.lat === null || a.lon === null ? "—" : addresses[a.id] || `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}`}
              </td>
              {footage && (
                <td>
                  <AlertFootageCell
                    links={footage}
                    alertId={a.id}
                    vehicleId={vehicleId}
                    occurredAt={a.at}
                    timeZone={timeZone}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
