import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { ReportField } from "../../../../../server/modules/shared/reports/report-definition";
import { DateRangeField, TimeField } from "../../../../components/dates";
import { FieldErrors, useErrorText } from "../../../../components/forms";
import { WEEK_COLUMNS } from "../../../../lib/dates";

export type FormValues = Record<string, string | string[] | undefined>;
type Option = { id: string; label: string };

export interface ReportFormProps {
  type: string;
  /** where the form goes (GET): the report's page */
  action: string;
  fields: ReportField[];
  paramLabels: Record<string, string> | null;
  options: { vehicles: Option[]; teams: Option[]; drivers: Option[]; geofences?: Option[]; pois?: Option[] };
  values: FormValues;
  errors: Record<string, string[]>;
  requiresVehicle: boolean;
  timeZone: string;
}

const list = (v: string | string[] | undefined): string[] =>
  v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v];
const one = (v: string | string[] | undefined): string => list(v)[0] ?? "";

/**
 * A report's parameters as a plain GET form (works without JavaScript; the URL is the report, so it can be
 * bookmarked and shared): period, vehicles (exactly one for the detailed report), teams, drivers and the type's own.
 */
export function ReportForm({
  type,
  action,
  fields,
  paramLabels,
  options,
  values,
  errors,
  requiresVehicle,
  timeZone,
}: ReportFormProps) {
  const { t } = useTranslation("analytics");
  const errorText = useErrorText();
  const err = (name: string) => (errors[name]?.length ? errors[name] : null);
  const periodError = (name: string) => (err(name) ? [...new Set(err(name)!)].map(errorText).join(" ") : undefined);
  const multi = (name: "vehicle_ids" | "team_ids" | "driver_ids", label: string, opts: Option[]) => (
    <div className={`field${err(name) ? " has-error" : ""}`}>
      <label htmlFor={`report-${name}`}>{label}</label>
      <select
        id={`report-${name}`}
        name={name}
        multiple
        size={Math.min(6, Math.max(3, opts.length))}
        defaultValue={list(values[name])}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? `report-${name}-error` : undefined}
      >
        {opts.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`report-${name}-error`} errors={err(name)} />
    </div>
  );
  const label = (f: ReportField) => paramLabels?.[f.name] ?? t(`params.${f.name}`);
  return (
    <Form method="get" action={action} className="report-form" data-testid="report-form" data-type={type}>
      <div className="form-grid">
        <DateRangeField
          timeZone={timeZone}
          from={{
            name: "from",
            id: "report-from",
            defaultValue: one(values.from),
            required: true,
            error: periodError("from"),
          }}
          to={{ name: "to", id: "report-to", defaultValue: one(values.to), required: true, error: periodError("to") }}
        />
        {requiresVehicle ? (
          <div className={`field${err("vehicle_ids") ? " has-error" : ""}`}>
            <label htmlFor="report-vehicle_ids">
              {t("params.vehicle")}
              <span className="required" aria-hidden="true">
                {" "}
                *
              </span>
            </label>
            <select
              id="report-vehicle_ids"
              name="vehicle_ids"
              defaultValue={one(values.vehicle_ids)}
              aria-invalid={err("vehicle_ids") ? true : undefined}
              aria-describedby={err("vehicle_ids") ? "report-vehicle_ids-error" : undefined}
            >
              <option value="">{t("params.chooseVehicle")}</option>
              {options.vehicles.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldErrors id="report-vehicle_ids-error" errors={err("vehicle_ids")} />
          </div>
        ) : (
          <>
            {multi("vehicle_ids", t("params.vehicles"), options.vehicles)}
            {multi("team_ids", t("params.teams"), options.teams)}
            {multi("driver_ids", t("params.drivers"), options.drivers)}
          </>
        )}
        {fields.map((f) => (
          <div key={f.name} className={`field${err(f.name) ? " has-error" : ""}`}>
            {f.kind === "weekdays" ? (
              <span className="label" id={`report-${f.name}`}>
                {label(f)}
              </span>
            ) : (
              <label htmlFor={`report-${f.name}`}>{label(f)}</label>
            )}
            <OwnField
              field={f}
              value={values[f.name]}
              places={f.kind === "places" ? ((f.placeKind === "poi" ? options.pois : options.geofences) ?? []) : []}
            />
            <FieldErrors id={`report-${f.name}-error`} errors={err(f.name)} />
          </div>
        ))}
      </div>
      {!requiresVehicle && <p className="muted hint">{t("params.allHint")}</p>}
      <div className="form-actions">
        <button type="submit" className="button primary" data-testid="report-run">
          {t("run.run")}
        </button>
      </div>
    </Form>
  );
}

function OwnField({
  field: f,
  value,
  places,
}: {
  field: ReportField;
  value: string | string[] | undefined;
  places: Option[];
}) {
  const { t } = useTranslation(["analytics", "dates", "alerts"]);
  const id = `report-${f.name}`;
  switch (f.kind) {
    case "number":
      return (
        <input
          id={id}
          name={f.name}
          type="number"
          inputMode="decimal"
          min={f.min}
          max={f.max}
          step={f.step ?? 1}
          defaultValue={one(value) || String(f.default)}
        />
      );
    case "time":
      return <TimeField id={id} name={f.name} defaultValue={one(value) || f.default} />;
    case "select": {
      const key = (o: string) => (f.optionLabels.includes(":") ? f.optionLabels : `analytics:${f.optionLabels}`) + o;
      return (
        <select id={id} name={f.name} defaultValue={one(value) || f.default || ""}>
          {f.empty && <option value="">{t("analytics:params.all")}</option>}
          {f.options.map((o) => (
            <option key={o} value={o}>
              {t(key(o))}
            </option>
          ))}
        </select>
      );
    }
    case "places":
      return (
        <select
          id={id}
          name={f.name}
          multiple
          size={Math.min(6, Math.max(3, places.length))}
          defaultValue={list(value)}
        >
          {places.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "weekdays": {
      const chosen = list(value).length ? list(value).map(Number) : f.default;
      return (
        <div className="weekday-checks" role="group" aria-labelledby={id}>
          {WEEK_COLUMNS.map((d) => (
            <label key={d} className="checkbox-inline">
              <input type="checkbox" name={f.name} value={String(d)} defaultChecked={chosen.includes(d)} />{" "}
              {t(`dates:weekdaysShort.${d}`)}
            </label>
          ))}
        </div>
      );
    }
  }
}
