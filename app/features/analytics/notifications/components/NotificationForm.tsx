import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import {
  SCHEDULE_RANGES,
  scheduleInputSchema,
} from "../../../../../server/modules/analytics/schedules/schedules.schema";
import { CsrfInput, Field, FieldErrors, FormAlert, inputProps } from "../../../../components/forms";
import { CheckList, SelectField } from "../../../../components/record-fields";
import { allErrorsOf, initialList, useRecordForm } from "../../../../components/record-form";
import type { NotificationFormOptions } from "../notifications.server";
import "./notifications.css";

type Meta = FieldMetadata<unknown>;

interface Props {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue: Record<string, string | string[]>;
  options: NotificationFormOptions;
  submitLabel: string;
}

export const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hourText = (h: number) => `${String(h).padStart(2, "0")}:00`;

/**
 * The report e-mail form (add and edit). Without JavaScript both the weekday and the day of the month are shown
 * (the server keeps the one the interval uses); with JavaScript only the chosen interval's.
 */
export function NotificationForm(props: Props) {
  const { t, i18n } = useTranslation("reportSchedules");
  const lng = i18n.language === "al" ? "al" : "en";
  const { ref, form, fields, code } = useRecordForm({
    id: "notification-form",
    schema: scheduleInputSchema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const f = fields as unknown as Record<string, Meta>;
  const [interval, setIntervalKind] = useState(String(f.interval.initialValue ?? "weekly"));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const select = (
    name: string,
    items: Array<{ value: string; label: string }>,
    opts: { hidden?: boolean; onChange?: (v: string) => void; hint?: string } = {},
  ) => <SelectField meta={f[name]} label={t(`fields.${name}`)} items={items} {...opts} />;
  const checklist = (name: string, items: Array<{ id: string; label: string }>) => (
    <CheckList
      meta={f[name]}
      label={t(`fields.${name}`)}
      items={items}
      errors={allErrorsOf(f[name])}
      emptyText={t("form.nothingToChoose")}
    />
  );
  const o = props.options;
  const emailErrors = allErrorsOf(f.emails);

  return (
    <Form
      data-unsaved-guard
      method="post"
      {...getFormProps(form)}
      ref={ref}
      className="stack notification-form"
      data-testid="notification-form"
    >
      <CsrfInput />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset className="form-section card">
        <legend>{t("form.report")}</legend>
        <div className="form-grid">
          <Field label={t("fields.name")} name="name" errors={f.name.errors} required>
            <input {...inputProps(f.name)} key={f.name.key} type="text" autoComplete="off" maxLength={120} />
          </Field>
          {select(
            "report_type",
            o.reports.map((r) => ({ value: r.type, label: r.title[lng] })),
          )}
          {select(
            "time_range",
            SCHEDULE_RANGES.map((r) => ({ value: r, label: t(`dashboard:window.${r}`) })),
            { hint: t("hints.time_range") },
          )}
          {select("active", [
            { value: "true", label: t("active.true") },
            { value: "false", label: t("active.false") },
          ])}
        </div>
      </fieldset>
      <fieldset className="form-section card">
        <legend>{t("form.when")}</legend>
        <p className="hint">{t("hints.when")}</p>
        <div className="form-grid">
          {select(
            "interval",
            ["daily", "weekly", "monthly"].map((v) => ({ value: v, label: t(`interval.${v}`) })),
            { onChange: setIntervalKind },
          )}
          {select(
            "weekday",
            [0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: String(d), label: t(`weekday.${d}`) })),
            { hidden: hydrated && interval !== "weekly", hint: hydrated ? undefined : t("hints.weekday") },
          )}
          {select(
            "month_day",
            Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
            { hidden: hydrated && interval !== "monthly", hint: hydrated ? undefined : t("hints.month_day") },
          )}
          {select(
            "hour",
            HOURS.map((h) => ({ value: String(h), label: hourText(h) })),
          )}
        </div>
      </fieldset>
      <fieldset className="form-section card">
        <legend>{t("form.scope")}</legend>
        <p className="hint">{t("hints.scope")}</p>
        <div className="form-grid">
          {checklist("vehicle_ids", o.vehicles)}
          {checklist("team_ids", o.teams)}
          {checklist("driver_ids", o.drivers)}
        </div>
      </fieldset>
      <fieldset className="form-section card">
        <legend>{t("form.recipients")}</legend>
        <p className="hint">{t("hints.recipients")}</p>
        <div className="recipients">
          {checklist("user_ids", o.users)}
          <div className={`field${emailErrors.length ? " has-error" : ""}`}>
            <label htmlFor="emails">{t("fields.emails")}</label>
            <textarea
              id="emails"
              name="emails"
              key={f.emails.key}
              rows={4}
              defaultValue={
                typeof f.emails.initialValue === "string" ? f.emails.initialValue : initialList(f.emails).join("\n")
              }
              aria-invalid={emailErrors.length ? true : undefined}
              aria-describedby={emailErrors.length ? "emails-error" : undefined}
              data-testid="field-emails"
            />
            <small className="hint">{t("hints.emails")}</small>
            <FieldErrors id="emails-error" errors={emailErrors} />
          </div>
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button primary" data-testid="save-notification">
          {props.submitLabel}
        </button>
        <Link to="/analytics/notifications" className="button">
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}
