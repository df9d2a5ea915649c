import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DateField, TimeField } from "../../../components/dates";
import { CsrfInput, Field } from "../../../components/forms";

export type Values = Record<string, unknown>;
export type Errors = Record<string, string[]>;
export interface Option {
  id: string;
  label: string;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v));

/** Plain inputs (no JavaScript needed) showing the failed submission's values, else the saved ones. */
export function Input({
  name,
  label,
  values,
  errors,
  required,
  hint,
  inputMode,
  textarea,
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  required?: boolean;
  hint?: string;
  inputMode?: "decimal" | "numeric" | "tel";
  textarea?: boolean;
}) {
  const err = errors[name];
  const common = {
    id: name,
    name,
    defaultValue: text(values[name]),
    "aria-invalid": err ? true : undefined,
    "aria-describedby": err ? `${name}-error` : undefined,
  };
  return (
    <Field label={label} name={name} errors={err} required={required} hint={hint}>
      {textarea ? (
        <textarea {...common} rows={3} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} autoComplete="off" />
      )}
    </Field>
  );
}

export function DateInput({
  name,
  label,
  values,
  errors,
  required,
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  required?: boolean;
}) {
  return (
    <Field label={label} name={name} errors={errors[name]} required={required}>
      <DateField id={name} name={name} defaultValue={text(values[name])} invalid={!!errors[name]} />
    </Field>
  );
}

export function TimeInput({
  name,
  label,
  values,
  errors,
  required,
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  required?: boolean;
}) {
  return (
    <Field label={label} name={name} errors={errors[name]} required={required}>
      <TimeField id={name} name={name} defaultValue={text(values[name]).slice(0, 5)} invalid={!!errors[name]} />
    </Field>
  );
}

export function Select({
  name,
  label,
  values,
  errors,
  options,
  empty,
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  options: Option[];
  empty: string;
}) {
  return (
    <Field label={label} name={name} errors={errors[name]}>
      <select id={name} name={name} defaultValue={text(values[name])}>
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Weekday checkboxes 1 (Monday) … 7 (Sunday). */
export function Weekdays({ name, values, errors }: { name: string; values: Values; errors: Errors }) {
  const { t } = useTranslation("routePlanning");
  const raw = values[name];
  const chosen = new Set(
    (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === "" ? [] : [raw]).map(String),
  );
  const err = Object.entries(errors)
    .filter(([k]) => k === name || k.startsWith(`${name}.`))
    .flatMap(([, v]) => v);
  return (
    <Field label={t("fields.days")} name={name} errors={err.length ? err : undefined} hint={t("hints.days")}>
      <div className="weekday-choice" role="group">
        {[1, 2, 3, 4, 5, 6, 7].map((d) => (
          <label key={d}>
            <input type="checkbox" name={name} value={d} defaultChecked={chosen.has(String(d))} /> {t(`weekdays.${d}`)}
          </label>
        ))}
      </div>
    </Field>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("routePlanning");
  return (
    <span className={`badge status-${status}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

export function PunctualityBadge({ value }: { value: string }) {
  const { t } = useTranslation("routePlanning");
  return (
    <span className={`badge punctuality-${value}`} data-punctuality={value}>
      {t(`punctuality.${value}`)}
    </span>
  );
}

/** A job's live ETA: the time (with "predicted late" in words), "no recent position", or a dash (arrived, unassigned, not today). */
export function LiveEtaCell({
  live,
  grace,
  maxAge,
}: {
  live: { status: string; time: string | null; predictedLate: boolean };
  grace: number;
  maxAge: number;
}) {
  const { t } = useTranslation("routePlanning");
  if (live.status === "no_position") {
    return (
      <span className="muted" title={t("liveEta.noPositionTitle", { minutes: maxAge })} data-live-eta="no_position">
        {t("liveEta.noPosition")}
      </span>
    );
  }
  if (live.status !== "ok" || !live.time) return <span data-live-eta={live.status}>—</span>;
  return (
    <span data-live-eta="ok">
      {live.time}
      {live.predictedLate && (
        <>
          {" "}
          <span
            className="badge predicted-late"
            title={t("liveEta.predictedLateTitle", { grace })}
            data-predicted-late="true"
          >
            {t("liveEta.predictedLate")}
          </span>
        </>
      )}
    </span>
  );
}

/** The header of a page about one day (dispatch map, scheduler): its title and the day picker (a plain GET form). */
export function DayPageHeader({ title, day }: { title: string; day: string }) {
  const { t } = useTranslation("routePlanning");
  return (
    <header className="page-header">
      <h1>{title}</h1>
      <Form method="get" className="form-actions">
        <label>
          {t("dispatch.day")} <DateField name="day" defaultValue={day} />
        </label>
        <button type="submit" className="button">
          {t("filter.show")}
        </button>
      </Form>
    </header>
  );
}

/** Assigns one job to a vehicle, or none (a plain POST form: job_id, vehicle_id). */
export function AssignForm({
  job,
  vehicles,
  label,
  testId,
}: {
  job: { id: string; vehicle_id?: string | null };
  vehicles: Array<{ id: string; registration: string }>;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation("routePlanning");
  return (
    <Form data-unsaved-guard method="post" className="inline-form">
      <CsrfInput />
      <input type="hidden" name="job_id" value={job.id} />
      <select name="vehicle_id" defaultValue={job.vehicle_id ?? ""} aria-label={t("fields.vehicle")}>
        <option value="">{t("common.unassigned")}</option>
        {vehicles.map((v) => (
          <option key={v.id} value={v.id}>
            {v.registration}
          </option>
        ))}
      </select>
      <button type="submit" className="button small" data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}

/** A POST form for one button of a page with several (its `intent`), validated on the server only. */
export function IntentForm({
  intent,
  className,
  testId,
  children,
}: {
  intent: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Form data-unsaved-guard method="post" noValidate className={className} data-testid={testId}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
