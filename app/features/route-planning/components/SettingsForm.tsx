import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput, FieldErrors, FormAlert } from "../../../components/forms";
import { failureFields, failureValues, type FormFailure } from "../../../lib/form-failure";
import { Input, TimeInput } from "./fields";

const checked = (v: unknown) => v === true || v === "on" || v === "true";

/** A checkbox with its error (a value no checkbox sends is refused beside it). */
function Checkbox(props: {
  name: string;
  label: string;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
}) {
  const errors = props.errors[props.name];
  return (
    <>
      <label className="field checkbox">
        <input
          type="checkbox"
          name={props.name}
          defaultChecked={checked(props.values[props.name])}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${props.name}-error` : undefined}
        />{" "}
        {props.label}
      </label>
      <FieldErrors id={`${props.name}-error`} errors={errors} />
    </>
  );
}

/** Check-in and check-out radius, self-assignment and its radius, lateness grace, time attendance. */
export function SettingsForm({
  saved,
  canWrite,
  failure,
  ok,
}: {
  saved: Record<string, unknown>;
  canWrite: boolean;
  failure: FormFailure | null;
  ok: boolean;
}) {
  const { t } = useTranslation("routePlanning");
  const navigation = useNavigation();
  const values = failureValues(failure) ?? saved;
  const errors = failureFields(failure);
  const f = { values, errors };
  return (
    <section>
      <header className="page-header">
        <h1>{t("settings.title")}</h1>
      </header>
      {ok && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("common.saved")}
        </div>
      )}
      <Form data-unsaved-guard method="post" noValidate data-testid="route-settings-form" className="stack">
        <CsrfInput />
        <FormAlert code={failure?.code} fields={errors} />
        <fieldset disabled={!canWrite} className="card form-section">
          <h2>{t("settings.checkin")}</h2>
          <div className="form-grid">
            <Input
              name="checkin_radius_m"
              label={t("settings.checkinRadius")}
              {...f}
              required
              inputMode="numeric"
              hint={t("settings.radiusHint")}
            />
            <Input
              name="checkout_radius_m"
              label={t("settings.checkoutRadius")}
              {...f}
              required
              inputMode="numeric"
              hint={t("settings.radiusHint")}
            />
            <Input name="late_grace_min" label={t("settings.lateGrace")} {...f} required inputMode="numeric" />
          </div>
        </fieldset>
        <fieldset disabled={!canWrite} className="card form-section">
          <h2>{t("settings.selfAssign")}</h2>
          <Checkbox name="self_assign_jobs" label={t("settings.selfAssignEnabled")} {...f} />
          <Input
            name="self_assign_radius_m"
            label={t("settings.selfAssignRadius")}
            {...f}
            required
            inputMode="numeric"
          />
        </fieldset>
        <fieldset disabled={!canWrite} className="card form-section">
          <h2>{t("settings.attendance")}</h2>
          <Checkbox name="attendance_enabled" label={t("settings.attendanceEnabled")} {...f} />
          <TimeInput name="attendance_start_threshold" label={t("settings.threshold")} {...f} required />
          <p className="muted">{t("settings.thresholdHint")}</p>
        </fieldset>
        {canWrite && (
          <div className="form-actions">
            <button
              type="submit"
              className="button primary"
              disabled={navigation.state === "submitting"}
              data-testid="settings-submit"
            >
              {t("common.save")}
            </button>
          </div>
        )}
      </Form>
    </section>
  );
}
