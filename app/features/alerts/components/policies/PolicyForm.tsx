import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  ALARM_TYPES,
  ALERT_FAULTS,
  ALERT_TYPES,
  TYPE_NEEDS,
  needs,
  policyInputSchema,
  type AlertType,
} from "../../../../../server/modules/alerts/alerts.schema";
import type { PolicyFormOptions } from "../../../../../server/modules/alerts/alerts.service";
import { TimeField } from "../../../../components/dates";
import { CsrfInput, Field, FieldErrors, FormAlert, inputProps, SaveActions } from "../../../../components/forms";
import { DAYS } from "./policy-text";
import { allErrorsOf, initialList, useRecordForm } from "../../../../components/record-form";

type Meta = FieldMetadata<unknown>;
type Need = "speed" | "geofences" | "duration" | "timeRange" | "faults" | "alarms";

interface Props {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue: Record<string, string | string[]>;
  options: PolicyFormOptions;
  submitLabel: string;
  children?: ReactNode;
}

const isOn = (meta: Meta) => meta.initialValue === "on" || meta.initialValue === "true";

/** Types using a threshold, in words, for the hint above its fieldset. */
const typesNeeding = (need: Need) =>
  ALERT_TYPES.filter((type) => (TYPE_NEEDS[type] as Partial<Record<Need, true>>)[need]);

/**
 * The alert policy form (add and edit). Without JavaScript every threshold fieldset is shown and the server
 * ignores those the chosen type does not use; with JavaScript only the relevant ones stay visible.
 */
export function PolicyForm(props: Props) {
  const { t } = useTranslation("alerts");
  const { ref, form, fields, code } = useRecordForm({
    id: "policy-form",
    schema: policyInputSchema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const f = fields as unknown as Record<string, Meta>;
  const initialType = (ALERT_TYPES as readonly string[]).includes(String(f.alert_type.initialValue))
    ? (f.alert_type.initialValue as AlertType)
    : "speeding";
  const [type, setType] = useState<AlertType>(initialType);
  const [allVehicles, setAllVehicles] = useState(isOn(f.all_vehicles));
  const [allGeofences, setAllGeofences] = useState(isOn(f.all_geofences));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const n = needs(type) as Partial<Record<Need, true>>;
  const hide = (need: Need) => hydrated && !n[need];

  const number = (name: string, opts: { required?: boolean; hint?: string; unit?: string } = {}) => (
    <Field
      label={t(`policies.fields.${name}`)}
      name={name}
      errors={f[name].errors}
      required={opts.required}
      hint={opts.hint}
    >
      <input {...inputProps(f[name])} key={f[name].key} type="text" inputMode="numeric" autoComplete="off" size={8} />
    </Field>
  );
  const checkbox = (name: string, onChange?: (checked: boolean) => void) => (
    <label className="field checkbox" key={`${name}-${f[name].key ?? ""}`}>
      <input
        type="checkbox"
        name={name}
        id={name}
        defaultChecked={isOn(f[name])}
        onChange={onChange && ((e) => onChange(e.currentTarget.checked))}
        data-testid={name}
      />{" "}
      {t(`policies.fields.${name}`)}
    </label>
  );
  const checklist = (
    name: string,
    items: Array<{ value: string; label: string }>,
    opts: { hint?: string; empty?: string; hidden?: boolean } = {},
  ) => {
    const chosen = new Set(initialList(f[name]));
    const errors = allErrorsOf(f[name]);
    return (
      <div className={`field${errors.length ? " has-error" : ""}`} hidden={opts.hidden} data-testid={`${name}-list`}>
        <span className="label" id={`${name}-label`}>
          {t(`policies.fields.${name}`)}
        </span>
        {opts.hint && <small className="hint">{opts.hint}</small>}
        <div className="checklist" role="group" aria-labelledby={`${name}-label`} key={f[name].key}>
          {items.map((item) => (
            <label key={item.value}>
              <input type="checkbox" name={name} value={item.value} defaultChecked={chosen.has(item.value)} />{" "}
              {item.label}
            </label>
          ))}
          {items.length === 0 && <span className="muted">{opts.empty ?? t("policies.form.nothingToChoose")}</span>}
        </div>
        <FieldErrors id={`${name}-error`} errors={errors} />
      </div>
    );
  };
  const threshold = (need: Need, children: ReactNode) => (
    <fieldset className="form-section card policy-threshold" hidden={hide(need)} data-testid={`threshold-${need}`}>
      <legend>{t(`policies.form.thresholds.${need}`)}</legend>
      {!hydrated && (
        <p className="hint">
          {t("policies.form.usedBy", {
            types: typesNeeding(need)
              .map((x) => t(`types.${x}`))
              .join(", "),
          })}
        </p>
      )}
      {children}
    </fieldset>
  );
  const { vehicles, teams, geofences, users } = props.options;

  return (
    <Form
      data-unsaved-guard
      method="post"
      {...getFormProps(form)}
      ref={ref}
      className="stack policy-form"
      data-testid="policy-form"
    >
      <CsrfInput />
      <input type="hidden" name="active" value={String(f.active.initialValue ?? "true")} />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />

      <fieldset className="form-section card">
        <legend>{t("policies.form.general")}</legend>
        <div className="form-grid">
          <Field label={t("policies.fields.name")} name="name" errors={f.name.errors} required>
            <input {...inputProps(f.name)} key={f.name.key} type="text" autoComplete="off" maxLength={120} />
          </Field>
          <Field label={t("policies.fields.alert_type")} name="alert_type" errors={f.alert_type.errors} required>
            <select
              {...inputProps(f.alert_type)}
              key={f.alert_type.key}
              defaultValue={initialType}
              onChange={(e) => setType(e.currentTarget.value as AlertType)}
              data-testid="alert-type"
            >
              {ALERT_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`types.${x}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {(!hydrated || type === "job_eta_late" || type === "job_late" || type === "job_missed") && (
          <p className="hint" data-testid="job-types-hint">
            {t("policies.hints.jobs")}
          </p>
        )}
      </fieldset>

      <fieldset className="form-section card">
        <legend>{t("policies.form.vehicles")}</legend>
        {checkbox("all_vehicles", setAllVehicles)}
        <div className="policy-columns">
          {checklist(
            "vehicle_ids",
            vehicles.map((v) => ({
              value: v.id,
              label: v.identifier_name ? `${v.registration} (${v.identifier_name})` : v.registration,
            })),
            { hidden: hydrated && allVehicles },
          )}
          {checklist(
            "team_ids",
            teams.map((x) => ({ value: x.id, label: x.name })),
            { hidden: hydrated && allVehicles },
          )}
        </div>
      </fieldset>

      {threshold("speed", number("speed_limit_kmh", { required: true, hint: t("policies.hints.speed_limit_kmh") }))}
      {threshold("duration", number("duration_min", { required: true, hint: t("policies.hints.duration_min") }))}
      {threshold(
        "geofences",
        <>
          {checkbox("all_geofences", setAllGeofences)}
          {checklist(
            "geofence_ids",
            geofences.map((g) => ({ value: g.id, label: g.name })),
            { hidden: hydrated && allGeofences, empty: t("policies.form.noGeofences") },
          )}
        </>,
      )}
      {threshold(
        "alarms",
        checklist(
          "alarm_kinds",
          ALARM_TYPES.map((a) => ({ value: a, label: t(`alarms.${a}`) })),
          { hint: t("policies.hints.alarm_kinds") },
        ),
      )}
      {threshold(
        "faults",
        checklist(
          "fault_kinds",
          ALERT_FAULTS.map((x) => ({ value: x, label: t(`faults.${x}`) })),
          { hint: t("policies.hints.fault_kinds") },
        ),
      )}

      <fieldset className="form-section card">
        <legend>{hydrated && n.timeRange ? t("policies.form.allowedHours") : t("policies.form.schedule")}</legend>
        {/* Without JavaScript both meanings are explained; with it, the one of the chosen type. */}
        {(!hydrated || !n.timeRange) && <p className="hint">{t("policies.hints.schedule")}</p>}
        {(!hydrated || n.timeRange) && <p className="hint">{t("policies.hints.allowedHours")}</p>}
        <div className="form-grid">
          <Field
            label={t("policies.fields.time_from")}
            name="time_from"
            errors={f.time_from.errors}
            required={hydrated && n.timeRange}
          >
            <TimeField {...inputProps(f.time_from)} key={f.time_from.key} />
          </Field>
          <Field
            label={t("policies.fields.time_to")}
            name="time_to"
            errors={f.time_to.errors}
            required={hydrated && n.timeRange}
          >
            <TimeField {...inputProps(f.time_to)} key={f.time_to.key} />
          </Field>
        </div>
        {checklist(
          "days",
          DAYS.map((d) => ({ value: String(d), label: t(`policies.days.${d}`) })),
        )}
      </fieldset>

      <fieldset className="form-section card">
        <legend>{t("policies.form.limits")}</legend>
        <div className="form-grid">
          {number("daily_limit", { hint: t("policies.hints.daily_limit") })}
          {number("driver_limit", { hint: t("policies.hints.driver_limit") })}
        </div>
      </fieldset>

      <fieldset className="form-section card">
        <legend>{t("policies.form.notifications")}</legend>
        {checkbox("notify_in_app")}
        {checkbox("notify_email")}
        <FieldErrors id="notify_in_app-error" errors={f.notify_in_app.errors} />
        {checklist(
          "recipient_ids",
          users.map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name} <${u.email}>` })),
          { hint: t("policies.hints.recipient_ids") },
        )}
        <Field
          label={t("policies.fields.emails")}
          name="emails"
          errors={allErrorsOf(f.emails)}
          hint={t("policies.hints.emails")}
        >
          <textarea {...inputProps(f.emails)} key={f.emails.key} rows={3} placeholder="dispatch@example.com" />
        </Field>
      </fieldset>

      <SaveActions label={props.submitLabel} testId="policy-submit">
        {props.children}
      </SaveActions>
    </Form>
  );
}
