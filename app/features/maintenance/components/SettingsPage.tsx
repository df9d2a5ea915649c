import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { FormErrors, SubmitRow, TextInput, formState } from "./fields";

/** The organisation's maintenance settings: the fuel and service checks' tolerances (read-only without maintenance:write). */
export function SettingsPage(props: {
  settings: { consumption_tolerance_pct: number; odometer_tolerance_km: number };
  canWrite: boolean;
  saved: boolean;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const s = formState({ ...props.settings }, formFailure(props.actionData, "save"));
  return (
    <section>
      <h1>{t("settings.title")}</h1>
      <p className="hint">{t("settings.intro")}</p>
      {props.saved && (
        <div className="alert alert-success" role="status">
          {t("settings.saved")}
        </div>
      )}
      {!props.canWrite && (
        <p className="hint" data-testid="settings-read-only">
          {t("settings.readOnly")}
        </p>
      )}
      <Form data-unsaved-guard method="post" className="stack" data-testid="maintenance-settings-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <FormErrors s={s} />
        <fieldset className="form-section card" disabled={!props.canWrite}>
          <div className="form-grid">
            <TextInput
              s={s}
              name="consumption_tolerance_pct"
              label={t("fields.consumption_tolerance_pct")}
              inputMode="numeric"
              required
              hint={t("hints.consumption_tolerance_pct")}
            />
            <TextInput
              s={s}
              name="odometer_tolerance_km"
              label={t("fields.odometer_tolerance_km")}
              inputMode="numeric"
              required
              hint={t("hints.odometer_tolerance_km")}
            />
          </div>
        </fieldset>
        {props.canWrite && <SubmitRow label={t("common:actions.save")} />}
      </Form>
    </section>
  );
}
