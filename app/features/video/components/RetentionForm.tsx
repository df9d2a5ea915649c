import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput, Field } from "../../../components/forms";
import { failureFields, type FormFailure } from "../../../lib/form-failure";

/** How long the organisation keeps footage (settings:write). */
export function RetentionForm({ days, failure, saved }: { days: number; failure: FormFailure | null; saved: boolean }) {
  const { t } = useTranslation("video");
  const errors = failureFields(failure);
  return (
    <Form
      data-unsaved-guard
      method="post"
      action="/video/list"
      className="card inline-form"
      data-testid="retention-form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="retention" />
      <Field label={t("retention.label")} name="retentionDays" errors={errors.retentionDays} hint={t("retention.hint")}>
        <input id="retentionDays" name="retentionDays" inputMode="numeric" size={5} defaultValue={String(days)} />
      </Field>
      <button type="submit" className="button">
        {t("retention.save")}
      </button>
      {saved && (
        <span role="status" className="muted">
          {" "}
          {t("retention.saved")}
        </span>
      )}
    </Form>
  );
}
