import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AlertsTable, PointsTable, StopsTable } from "../components/ReplayTables";
import { ReplayPlayer } from "../components/ReplayPlayer";
import { DateTimeField } from "../../../components/dates";
import { useErrorText } from "../../../components/forms";
import { addMonths, isDateTime, todayIn } from "../../../lib/dates";
import { replayLoader } from "../replay.server";
import type { Route } from "./+types/replay";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return replayLoader(context, request);
}

export default function Replay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("replay");
  const { query, vehicles, replay, error, timeZone } = loaderData;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const errorText = useErrorText();
  /** a typed period end that is not "YYYY-MM-DD HH:mm" is explained at its field, not as a wrong period */
  const unreadable = { from: !isDateTime(query.from), to: !isDateTime(query.to) };
  /** the calendar offers the days positions are kept for: the last year, up to today */
  const today = todayIn(timeZone);
  const days = { min: addMonths(today, -12), max: today };
  const fieldError = error === "PERIOD_INVALID" && (unreadable.from || unreadable.to);
  const exportQuery = new URLSearchParams({ vehicle: query.vehicle, from: query.from, to: query.to }).toString();
  return (
    <section className="replay">
      <header className="page-header">
        <h1>{t("title")}</h1>
        <p className="muted">{t("intro")}</p>
      </header>
      <Form method="get" className="replay-form" data-testid="replay-form">
        <div className="field">
          <label htmlFor="replay-vehicle">{t("vehicle")}</label>
          <select id="replay-vehicle" name="vehicle" defaultValue={query.vehicle} required>
            <option value="">{t("chooseVehicle")}</option>
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.registration}
              </option>
            ))}
          </select>
        </div>
        {(["from", "to"] as const).map((end) => (
          <div key={end} className={`field${unreadable[end] ? " has-error" : ""}`}>
            <label htmlFor={`replay-${end}`}>{t(end)}</label>
            <DateTimeField
              id={`replay-${end}`}
              name={end}
              defaultValue={query[end]}
              required
              timeZone={timeZone}
              invalid={unreadable[end]}
              {...days}
              aria-describedby={unreadable[end] ? `replay-${end}-error` : undefined}
            />
            {unreadable[end] && (
              <div className="field-error" id={`replay-${end}-error`} role="alert">
                {errorText("dateTime")}
              </div>
            )}
          </div>
        ))}
        <button type="submit" className="button primary">
          {t("show")}
        </button>
      </Form>
      {error && !fieldError && (
        <div className="alert alert-error" role="alert" data-testid="replay-error" data-code={error}>
          {t(`errors.${error}`)}
        </div>
      )}
      {replay && (
        <>
          <div className="replay-summary" data-testid="replay-summary">
            <div>
              <span className="muted">{t("distance")}</span>
              <strong>{replay.distanceKm} km</strong>
            </div>
            <div>
              <span className="muted">{t("maxSpeed")}</span>
              <strong>
                {Math.round(replay.maxSpeed)} {t("kmh")}
              </strong>
            </div>
            <div>
              <span className="muted">{t("pointCount")}</span>
              <strong>{replay.pointCount}</strong>
            </div>
            <div>
              <span className="muted">{t("stopCount")}</span>
              <strong>{replay.stops.length}</strong>
            </div>
            <div className="export-links">
              <a className="button" href={`/replay/export.gpx?${exportQuery}`} download data-testid="export-gpx">
                {t("exportGpx")}
              </a>
              <a className="button" href={`/replay/export.csv?${exportQuery}`} download data-testid="export-csv">
                {t("exportCsv")}
              </a>
            </div>
          </div>
          {replay.pointCount === 0 && <p className="alert alert-warn">{t("noPoints")}</p>}
          {hydrated && replay.track.length > 0 && (
            <ReplayPlayer
              points={replay.track}
              stops={replay.stops}
              alerts={loaderData.alerts}
              timeZone={timeZone}
              config={loaderData.mapConfig}
            />
          )}
          <div className="replay-tables">
            {loaderData.alerts.length > 0 && (
              <AlertsTable
                alerts={loaderData.alerts}
                timeZone={timeZone}
                footage={loaderData.footage}
                vehicleId={query.vehicle}
                addresses={loaderData.addresses.alerts}
              />
            )}
            <StopsTable stops={replay.stops} addresses={loaderData.addresses.stops} timeZone={timeZone} />
            <PointsTable points={replay.tablePoints} total={replay.pointCount} timeZone={timeZone} />
          </div>
        </>
      )}
    </section>
  );
}
