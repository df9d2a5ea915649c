import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput, Field, FormAlert } from "../../../components/forms";
import { failureFields, type FormFailure } from "../../../lib/form-failure";
import { shownValues, TextField } from "../../configuration/components/SimpleField";

/** A new organisation and its first administrator; a plain form, so it works without JavaScript. */
export function NewOrganizationForm({
  saved,
  failure,
}: {
  saved: Record<string, unknown>;
  failure: FormFailure | null;
}) {
  const { t } = useTranslation("admin");
  const submitting = useNavigation().state === "submitting";
  const values = shownValues(saved, failure);
  const errors = failureFields(failure);
  const mode = values.password_mode === "password" ? "password" : "email";
  const language = values.admin_language === "en" ? "en" : "al";
  return (
    <Form data-unsaved-guard method="post" noValidate className="card" data-testid="organization-form">
      <CsrfInput />
      <FormAlert code={failure?.code} fields={errors} />
      <fieldset className="form-section">
        <legend>{t("add.organization")}</legend>
        <div className="form-grid">
          <TextField name="name" label={t("fields.name")} values={values} errors={errors} required />
          <TextField name="country" label={t("fields.country")} values={values} errors={errors} />
          <TextField
            name="device_quota"
            type="number"
            label={t("fields.deviceQuota")}
            hint={t("add.quotaHint")}
            values={values}
            errors={errors}
            extra={{ min: 0, step: 1 }}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t("add.administrator")}</legend>
        <div className="form-grid">
          <TextField
            name="admin_email"
            type="email"
            label={t("fields.email")}
            values={values}
            errors={errors}
            required
          />
          <TextField name="admin_first_name" label={t("fields.firstName")} values={values} errors={errors} required />
          <TextField name="admin_last_name" label={t("fields.lastName")} values={values} errors={errors} required />
          <Field label={t("fields.language")} name="admin_language" errors={errors.admin_language}>
            <select id="admin_language" name="admin_language" defaultValue={language}>
              <option value="al">{t("languages.al")}</option>
              <option value="en">{t("languages.en")}</option>
            </select>
          </Field>
        </div>
        <fieldset className="form-section">
          <legend>{t("add.passwordMode")}</legend>
          <label>
            <input type="radio" name="password_mode" value="email" defaultChecked={mode === "email"} />{" "}
            {t("add.modeEmail")}
          </label>
          <br />
          <label>
            <input type="radio" name="password_mode" value="password" defaultChecked={mode === "password"} />{" "}
            {t("add.modePassword")}
          </label>
          <div className="form-grid">
            <Field
              label={t("fields.initialPassword")}
              name="admin_password"
              errors={errors.admin_password}
              hint={t("add.passwordHint")}
            >
              <input
                id="admin_password"
                name="admin_password"
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.admin_password ? true : undefined}
                aria-describedby={errors.admin_password ? "admin_password-error" : undefined}
              />
            </Field>
          </div>
        </fieldset>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={submitting} data-testid="create-organization">
          {t("add.submit")}
        </button>
      </div>
    </Form>
  );
}
