import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "../../../../components/forms";
import { ReportActions } from "../components/ReportActions";
import { ReportForm } from "../components/ReportForm";
import { TimelineMap } from "../components/TimelineMap";
import { vehicleDetailsPage } from "../vehicle-details.server";
import type { Route } from "./+types/vehicle-details";
import "../../../../styles/reports.css";
import "../../../../styles/map.css";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data && "vehicle" in data ? `${data.vehicle.registration} · Flota` : "Flota" },
];

export function loader(args: Route.LoaderArgs) {
  return vehicleDetailsPage(args, args.params.id);
}

/** The detailed vehicle report: period, summary, map (with JavaScript) and the timeline (always, as a table). */
export default function VehicleDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("analytics");
  const d = loaderData;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section className="report-page vehicle-details" data-testid="details-page">
      <p className="back-link">
        <Link to="/analytics/reports/list">{t("list.back")}</Link>
      </p>
      <header className="page-header">
        <h1>
          {d.title}: {d.vehicle.registration}
        </h1>
        <p className="muted">{d.answers}</p>
      </header>
      <FormAlert code={d.refusal && !Object.keys(d.refusal.fields).length ? d.refusal.code : null} />
      <ReportForm
        type="vehicle_details"
        action="/analytics/reports/vehicle_details"
        fields={[]}
        paramLabels={null}
        options={d.options}
        values={d.values}
        errors={d.refusal?.fields ?? {}}
        requiresVehicle
        timeZone={d.timeZone}
      />
      {d.table && (
        <div className="report-result" data-testid="report-result">
          <ReportActions type="vehicle_details" query={d.query} canArchive={d.canArchive} />
          <dl className="details-summary" data-testid="details-summary">
            <div>
              <dt>{t("columns.trips")}</dt>
              <dd data-testid="summary-trips">{d.summary.trips}</dd>
            </div>
            <div>
              <dt>{t("details.stops")}</dt>
              <dd>{d.summary.stops}</dd>
            </div>
            <div>
              <dt>{t("columns.distance")}</dt>
              <dd>
                {d.summary.distance} {t("units.km")}
              </dd>
            </div>
            <div>
              <dt>{t("details.alerts")}</dt>
              <dd>{d.summary.alerts}</dd>
            </div>
          </dl>
          {hydrated && d.timeline.length > 0 && (
            <TimelineMap entries={d.timeline} track={d.track} config={d.mapConfig} />
          )}
          {!d.timeline.length ? (
            <p className="alert alert-info" data-testid="report-empty">
              {t("run.empty")}
            </p>
          ) : (
            <ol className="timeline" data-testid="timeline">
              {d.timeline.map((e, i) => (
                <li key={i} className={`timeline-entry timeline-${e.kind}`} data-kind={e.kind}>
                  <span className="timeline-time">
                    {e.start}
                    {e.end && ` – ${e.end.slice(0, 10) === e.start.slice(0, 10) ? e.end.slice(11) : e.end}`}
                  </span>
                  <strong className="timeline-kind">{e.kindLabel}</strong>
                  <span className="timeline-facts">
                    {e.duration && e.kind !== "alert" && (
                      <span>
                        {e.duration} {t("units.h")}
                      </span>
                    )}
                    {e.distance && (
                      <span>
                        {e.distance} {t("units.km")}
                      </span>
                    )}
                    {e.maxSpeed && (
                      <span>
                        {e.maxSpeed} {t("units.kmh")}
                      </span>
                    )}
                    {e.place && <span className="muted">{e.place}</span>}
                    {e.detail && (
                      <span className="muted">
                        {e.kind === "alert" ? t(`alerts:types.${e.detail}`, { defaultValue: e.detail }) : e.detail}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
