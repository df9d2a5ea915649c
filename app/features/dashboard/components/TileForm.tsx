import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CHART_TYPES, METRICS, tileInputSchema } from "../../../../server/modules/analytics/dashboard/dashboard.schema";
import { TIME_WINDOWS } from "../../../../server/modules/shared/reports/period";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { CheckList, SelectField } from "../../../components/record-fields";
import { useRecordForm } from "../../../components/record-form";
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
  const { ref, form, fields, code } = useRecordForm({
    id: "tile-form",
    schema: tileInputSchema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const f = fields as unknown as Record<string, Meta>;
  const [chart, setChart] = useState(String(f.chart_type.initialValue ?? "bar"));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // number and line tiles rank nothing: with JavaScript their ranking fields step aside (the server ignores them)
  const ranks = !hydrated || chart === "bar" || chart === "pie" || chart === "table";

  const select = (
    name: string,
    values: readonly string[],
    label: (v: string) => string,
    opts: { hidden?: boolean; hint?: string; onChange?: (v: string) => void } = {},
  ) => (
    <SelectField
      meta={f[name]}
      label={t(`fields.${name}`)}
      items={values.map((v) => ({ value: v, label: label(v) }))}
      {...opts}
    />
  );
  const checklist = (name: string, items: Array<{ id: string; label: string }>) => (
    <CheckList
      meta={f[name]}
      label={t(`fields.${name}`)}
      items={items}
      errors={f[name].errors}
      emptyText={t("form.nothingToChoose")}
    />
  );

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
          {select("ranking", ["top", "bottom"], (v) => t(`ranking.${v}`), {
            hidden: !ranks,
            hint: hydrated ? undefined : t("form.rankingHint"),
          })}
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
        <button type="submit" className="button primary" data-testid="save-tile">
          {props.submitLabel}
        </button>
        <Link to="/dashboard/metrics" className="button">
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}
