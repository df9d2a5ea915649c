import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AlertFilters, periodErrorField } from "../components/AlertFilters";
import { alertTypeLabel } from "../components/alert-text";
import { OverviewChart, type ChartClick } from "../components/OverviewChart";
import { OverviewTables } from "../components/OverviewTables";
import { byDayOption, byTypeOption, byVehicleOption } from "../overview-charts";
import type { Route } from "./+types/overview";
import { alertOverviewLoader } from "../overview.server";
import "../../../styles/alert-log.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => alertOverviewLoader(request, context);

export default function AlertOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("alertLog");
  const navigate = useNavigate();
  const { overview: o, values, error } = loaderData;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const label = (type: string) => alertTypeLabel(t, type);
  const options = useMemo(
    () => ({
      byType: byTypeOption(o, label),
      byVehicle: byVehicleOption(o, t("overview.count")),
      byDay: byDayOption(o, label),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [o, i18n.language],
  );
  /** A click on a bar or slice opens the log filtered to it. */
  const toLog = (extra: Record<string, string>) => {
    const q = new URLSearchParams({ from: o.from, to: o.to });
    if (values.vehicle) q.set("vehicle", values.vehicle);
    if (values.type) q.set("type", values.type);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    void navigate(`/alerts/log?${q}`);
  };
  const onType = (e: ChartClick) => {
    const type = (e.data as { type?: string } | undefined)?.type;
    if (type) toLog({ type });
  };
  const onVehicle = (e: ChartClick) => {
    const id = (e.data as { vehicleId?: string } | undefined)?.vehicleId;
    if (id) toLog({ vehicle: id });
  };
  const onDay = (e: ChartClick) => {
    const type = o.byType[e.seriesIndex ?? -1]?.alert_type;
    if (e.name) toLog({ from: e.name, to: e.name, ...(type ? { type } : {}) });
  };
  return (
    <section className="alert-overview">
      <header className="page-header">
        <h1>{t("overview.title")}</h1>
        <p className="muted">{t("overview.period", { from: o.from, to: o.to, timeZone: o.timezone })}</p>
      </header>
      <AlertFilters
        values={values}
        vehicles={loaderData.vehicles}
        resetTo="/alerts/overview"
        timeZone={o.timezone}
        invalid={periodErrorField(error)}
      />
      {error && (
        <div className="alert alert-error" role="alert" id="period-error" data-testid="period-error" data-code={error}>
          {t(`errors.${error}`)}
        </div>
      )}
      <p className="overview-total" data-testid="overview-total">
        <span className="muted">{t("overview.totalLabel")}</span> <strong>{o.total}</strong>
      </p>
      {o.total === 0 && !error && (
        <p className="muted" data-testid="overview-empty">
          {t("overview.empty")}
        </p>
      )}
      {hydrated && o.total > 0 && (
        <div className="overview-charts">
          <figure className="chart-card">
            <figcaption>{t("overview.byType")}</figcaption>
            <OverviewChart
              option={options.byType}
              label={t("overview.chartByType")}
              testId="chart-by-type"
              onClick={onType}
            />
          </figure>
          <figure className="chart-card">
            <figcaption>{t("overview.byVehicle")}</figcaption>
            <OverviewChart
              option={options.byVehicle}
              label={t("overview.chartByVehicle")}
              testId="chart-by-vehicle"
              onClick={onVehicle}
            />
          </figure>
          <figure className="chart-card wide">
            <figcaption>{t("overview.byDay")}</figcaption>
            <OverviewChart
              option={options.byDay}
              label={t("overview.chartByDay")}
              testId="chart-by-day"
              onClick={onDay}
            />
          </figure>
        </div>
      )}
      {o.total > 0 && (
        <details className="overview-data" open={!hydrated} data-testid="overview-data">
          <summary>{t("overview.dataTables")}</summary>
          <OverviewTables counts={o} total={o.total} />
        </details>
      )}
    </section>
  );
}
