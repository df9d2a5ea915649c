import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useNavigate } from "react-router";
import { overviewFilterSchema } from "../../../../server/modules/alerts/alerts.schema";
import { alertsOverview, OVERVIEW_DEFAULT_DAYS } from "../../../../server/modules/alerts/alerts.service";
import { orgTimeZone } from "../../../../server/modules/organization/organization.service";
import { AlertFilters, periodErrorField } from "../components/AlertFilters";
import { alertTypeLabel } from "../components/alert-text";
import { OverviewChart, type ChartClick } from "../components/OverviewChart";
import { OverviewTables } from "../components/OverviewTables";
import { logFilterOptions, periodError, readPeriodFilter, type PeriodError } from "../log.server";
import { addDays, todayIn } from "../../../lib/dates";
import { byDayOption, byTypeOption, byVehicleOption, type OverviewCounts } from "../overview-charts";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/overview";
import "../../../styles/alert-log.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "alerts:read");
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const { filter: f, invalid } = readPeriodFilter(overviewFilterSchema, raw);
  const options = await logFilterOptions(context, p);
  const values = {
    from: f.from ?? raw.from ?? "",
    to: f.to ?? raw.to ?? "",
    vehicle: f.vehicle ?? "",
    type: f.type ?? "",
  };
  let error: PeriodError | null = invalid;
  if (!error) {
    try {
      const o = await alertsOverview(context.app, p, f);
      return { ...options, values: { ...values, from: o.from, to: o.to }, overview: o, error };
    } catch (err) {
      error = periodError(err);
      if (!error) throw err;
    }
  }
  const timezone = await orgTimeZone(context.app, p.orgId);
  const to = todayIn(timezone);
  const empty = {
    from: addDays(to, -(OVERVIEW_DEFAULT_DAYS - 1)),
    to,
    timezone,
    total: 0,
    byType: [],
    byVehicle: [],
    byDay: [],
  };
  return data({ ...options, values, overview: empty as typeof empty & OverviewCounts, error }, { status: 400 });
}

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
