import { useTranslation } from "react-i18next";
import { dayMatrix, type OverviewCounts } from "../overview-charts";
import { alertTypeLabel } from "./alert-text";

/** The overview's numbers as tables: what the charts show, for readers without JavaScript or a screen. */
export function OverviewTables({ counts, total }: { counts: OverviewCounts; total: number }) {
  const { t } = useTranslation("alertLog");
  const m = dayMatrix(counts);
  const daysWithAlerts = m.days.filter((day) => m.types.some((type) => m.count(day, type) > 0));
  const pct = (n: number) => (total ? `${Math.round((n / total) * 1000) / 10} %` : "—");
  return (
    <div className="overview-tables">
      <table className="table" data-testid="table-by-type">
        <caption>{t("overview.byType")}</caption>
        <thead>
          <tr>
            <th>{t("columns.type")}</th>
            <th className="num">{t("overview.count")}</th>
            <th className="num">{t("overview.share")}</th>
          </tr>
        </thead>
        <tbody>
          {counts.byType.map((r) => (
            <tr key={r.alert_type} data-type={r.alert_type}>
              <td>{alertTypeLabel(t, r.alert_type)}</td>
              <td className="num">{r.count}</td>
              <td className="num">{pct(r.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" data-testid="table-by-vehicle">
        <caption>{t("overview.byVehicle")}</caption>
        <thead>
          <tr>
            <th>{t("columns.vehicle")}</th>
            <th className="num">{t("overview.count")}</th>
          </tr>
        </thead>
        <tbody>
          {counts.byVehicle.map((r) => (
            <tr key={r.vehicle_id} data-vehicle-id={r.vehicle_id}>
              <td>{r.registration}</td>
              <td className="num">{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" data-testid="table-by-day">
        <caption>{t("overview.byDay")}</caption>
        <thead>
          <tr>
            <th>{t("overview.day")}</th>
            {m.types.map((type) => (
              <th key={type} className="num">
                {alertTypeLabel(t, type)}
              </th>
            ))}
            <th className="num">{t("overview.total")}</th>
          </tr>
        </thead>
        <tbody>
          {daysWithAlerts.map((day) => (
            <tr key={day} data-day={day}>
              <td>{day}</td>
              {m.types.map((type) => (
                <td key={type} className="num" data-type={type}>
                  {m.count(day, type)}
                </td>
              ))}
              <td className="num" data-total>
                {m.types.reduce((s, type) => s + m.count(day, type), 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
