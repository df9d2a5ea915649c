import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CHART_TYPES, METRICS, tileInputSchema } from "../../../../server/modules/analytics/dashboard/dashboard.schema";
import { TIME_WINDOWS } from "../../../../server/modules/analytics/reports/period";
import { CsrfInput, Field, FieldErrors, FormAlert, inputProps } from "../../../components/forms";
import { initialList, useRecordForm } from "../../../components/record-form";
import type { TileFormOptions } from "../dashboard.server";

type Meta = FieldMetadata<unknown>;

interface Props {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue: Record<string, string | string[]>;
  options: TileFormOptions;
  submitLabel: string;
}


/** The tile form (add and edit): plain selects and check lists, so it works the same without JavaScript. */
export function TileForm(props: Props) {
  const { t } = useTranslation("dashboard");
  const { ref, form, fields, code } = useRecordForm({ id: "tile-form", schema: tileInputSchema, result: props.result, defaultValue: props.defaultValue, code: props.code });
  const f = fields as unknown as Record<string, Meta>;
  const [chart, setChart] = useState(String(f.chart_type.initialValue ?? "bar"));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // number and line tiles rank nothing: with JavaScript their ranking fields step aside (the server ignores them)
  const ranks = !hydrated || chart === "bar" || chart === "pie" || chart === "table";

  const select = (name: string, values: readonly string[], label: (v: string) => string, opts: { hidden?: boolean; hint?: string; onChange?: (v: string) => void } = {}) => (
    <div hidden={opts.hidden}>
      <Field label={t(`fields.${name}`)} name={name} errors={f[name].errors} required hint={opts.hint}>
        <select {...inputProps(f[name])} key={f[name].key} data-testid={`field-${name}`} onChange={opts.onChange && ((e) => opts.onChange!(e.currentTarget.value))}>
          {values.map((v) => <option key={v} value={v}>{label(v)}</option>)}
        </select>
      </Field>
    </div>
  );
  const checklist = (name: string, items: Array<{ id: string; label: string }>) => {
    const chosen = new Set(initialList(f[name]));
    return (
      <div className={`field${f[name].errors?.length ? " has-error" : ""}`} data-testid={`${name}-list`}>
        <span className="label" id={`${name}-label`}>{t(`fields.${name}`)}</span>
        <div className="checklist" role="group" aria-labelledby={`${name}-label`} key={f[name].key}>
          {items.map((item) => (
            <label key={item.id}><input type="checkbox" name={name} value={item.id} defaultChecked={chosen.has(item.id)} /> {item.label}</label>
          ))}
          {items.length === 0 && <span className="muted">{t("form.nothingToChoose")}</span>}
        </div>
        <FieldErrors id={`${name}-error`} errors={f[name].errors} />
      </div>
    );
  };

  return (
    <Form method="post" {...getFormProps(form)} ref={ref} className="stack tile-form" data-testid="tile-form">
      <CsrfInput />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset className="form-section card">
        <legend>{t("form.general")}</legend>
        <div className="form-grid">
          {select("metric", METRICS, (v) => t(`metric.${v}`))}
          {select("chart_type", CHART_TYPES, (v) => t(`chart.${v}`), { onChange: setChart })}
          {select("time_window", TIME_WINDOWS, (v) => t(`window.${v}`))}
          {select("aggregation", ["total", "average"], (v) => t(`aggregation.${v}`))}
          {select("ranking", ["top", "bottom"], (v) => t(`ranking.${v}`), { hidden: !ranks, hint: hydrated ? undefined : t("form.rankingHint") })}
          {select("ranking_size", ["10", "50"], (v) => v, { hidden: !ranks })}
        </div>
      </fieldset>
      <fieldset className="form-section card">
        <legend>{t("form.scope")}</legend>
        <p className="hint">{t("form.scopeHint")}</p>
        <div className="form-grid">
          {checklist("vehicle_ids", props.options.vehicles)}
          {checklist("team_ids", props.options.teams)}
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button primary" data-testid="save-tile">{props.submitLabel}</button>
        <Link to="/dashboard/metrics" className="button">{t("form.cancel")}</Link>
      </div>
    </Form>
  );
}
