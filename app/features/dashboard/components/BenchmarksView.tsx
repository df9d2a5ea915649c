import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { METRICS, type Metric } from "../../../../server/modules/analytics/dashboard/dashboard.schema";
import { TIME_WINDOWS } from "../../../../server/modules/shared/reports/period";
import { formatTileNumber, HAS_UNIT } from "../tile-view";

interface Props {
  by: "vehicle" | "driver" | "team";
  window: string;
  from: string;
  to: string;
  rows: Array<{ id: string; label: string; values: Record<Metric, number | null> }>;
  fleet: Record<Metric, number | null>;
}

const BY_LABEL = { vehicle: "byVehicle", driver: "byDriver", team: "byTeam" } as const;

/** Vehicles, drivers or teams in rows, every metric in a column, the fleet average as the last row (a GET form). */
export function BenchmarksView({ by, window, from, to, rows, fleet }: Props) {
  const { t, i18n } = useTranslation("dashboard");
  const num = (v: number | null) => formatTileNumber(v, i18n.language);
  const mark = (m: Metric, v: number | null) => {
    const avg = fleet[m];
    if (v === null || avg === null || v === avg) return null;
    return v > avg ? (
      <span className="above" title={t("benchmarks.above")} aria-label={t("benchmarks.above")}>
        {" "}
        ▲
      </span>
    ) : (
      <span className="below" title={t("benchmarks.below")} aria-label={t("benchmarks.below")}>
        {" "}
        ▼
      </span>
    );
  };
  return (
    <section className="stack benchmarks">
      <header className="page-header">
        <div>
          <h1 id="benchmarks-title">{t("benchmarks.heading")}</h1>
          <p>{t("benchmarks.intro")}</p>
        </div>
      </header>
      <Form method="get" className="benchmarks-filter card" data-testid="benchmarks-filter">
        <div className="field">
          <label htmlFor="by">{t("benchmarks.by")}</label>
          <select id="by" name="by" defaultValue={by}>
            {(["vehicle", "driver", "team"] as const).map((b) => (
              <option key={b} value={b}>
                {t(`benchmarks.${BY_LABEL[b]}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="window">{t("benchmarks.window")}</label>
          <select id="window" name="window" defaultValue={window}>
            {TIME_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {t(`window.${w}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button primary">
          {t("benchmarks.show")}
        </button>
        <span className="muted" data-testid="benchmarks-period">
          {t("metrics.period", { from, to })}
        </span>
      </Form>
      {rows.length === 0 ? (
        <p className="muted">{t("benchmarks.empty")}</p>
      ) : (
        <div className="benchmarks-scroll" tabIndex={0} role="region" aria-labelledby="benchmarks-title">
          <table className="table" data-testid="benchmarks-table">
            <thead>
              <tr>
                <th scope="col">{t(`benchmarks.${BY_LABEL[by]}`)}</th>
                {METRICS.map((m) => (
                  <th key={m} scope="col">
                    {t(`metric.${m}`)}
                    {HAS_UNIT.has(m) && ` (${t(`units.${m}`)})`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id || "none"} data-testid="benchmark-row">
                  <th scope="row">{r.label}</th>
                  {METRICS.map((m) => (
                    <td key={m} className="num">
                      {num(r.values[m])}
                      {mark(m, r.values[m])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fleet" data-testid="fleet-row">
                <th scope="row">{t("benchmarks.fleet")}</th>
                {METRICS.map((m) => (
                  <td key={m} className="num">
                    {num(fleet[m])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
