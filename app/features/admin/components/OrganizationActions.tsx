import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import type { TenantDto } from "../../../../server/modules/tenants/tenants.mapper";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { failureFields, type FormFailure } from "../../../lib/form-failure";
import { shownValues, TextField } from "../../configuration/components/SimpleField";

function IntentForm({
  intent,
  label,
  className,
  testId,
}: {
  intent: string;
  label: string;
  className?: string;
  testId: string;
}) {
  return (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={`button ${className ?? ""}`} data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}

/** Edit, suspend or reactivate, support sign-in, and delete (typed confirmation) — each its own plain form. */
export function OrganizationActions({
  tenant,
  failure,
  confirmDelete,
}: {
  tenant: TenantDto;
  failure: FormFailure | null;
  confirmDelete: boolean;
}) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const intent = failure?.intent ?? null;
  const fields = failureFields(failure);
  const editValues = shownValues(
    { name: tenant.name, country: tenant.country, device_quota: tenant.device_quota },
    intent === "update" ? failure : null,
  );
  return (
    <>
      <Form data-unsaved-guard method="post" noValidate className="card form-section" data-testid="organization-edit">
        <h2>{t("edit.title")}</h2>
        <CsrfInput />
        <input type="hidden" name="intent" value="update" />
        {intent === "update" && <FormAlert code={failure?.code} fields={fields} />}
        <div className="form-grid">
          <TextField
            name="name"
            label={t("fields.name")}
            values={editValues}
            errors={intent === "update" ? fields : undefined}
            required
          />
          <TextField
            name="country"
            label={t("fields.country")}
            values={editValues}
            errors={intent === "update" ? fields : undefined}
          />
          <TextField
            name="device_quota"
            type="number"
            label={t("fields.deviceQuota")}
            hint={t("add.quotaHint")}
            values={editValues}
            errors={intent === "update" ? fields : undefined}
            extra={{ min: 0, step: 1 }}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button primary">
            {t("common:actions.save")}
          </button>
        </div>
      </Form>

      {!tenant.operator && (
        <div className="card form-section" data-testid="organization-lifecycle">
          <h2>{t("lifecycle.title")}</h2>
          {intent && intent !== "update" && !(intent === "delete" && tenant.status === "suspended") && (
            <FormAlert code={failure?.code} />
          )}
          {tenant.status === "active" ? (
            <>
              <p className="muted">{t("lifecycle.supportHint")}</p>
              <div className="form-actions">
                <IntentForm
                  intent="support"
                  label={t("lifecycle.support")}
                  className="primary"
                  testId="support-start"
                />
                <IntentForm intent="suspend" label={t("lifecycle.suspend")} testId="suspend" />
              </div>
              <p className="muted">{t("lifecycle.suspendHint")}</p>
            </>
          ) : (
            <>
              <div className="alert alert-warn">{t("lifecycle.suspendedNote")}</div>
              <div className="form-actions">
                <IntentForm
                  intent="reactivate"
                  label={t("lifecycle.reactivate")}
                  className="primary"
                  testId="reactivate"
                />
                {!confirmDelete && (
                  <Link to={`${pathname}?delete=1`} className="button danger" data-testid="delete-start">
                    {t("delete.start")}
                  </Link>
                )}
              </div>
              {confirmDelete || intent === "delete" ? (
                <Form method="post" noValidate className="card alert-warn" data-testid="delete-confirm">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="delete" />
                  <p>{t("delete.warning", { name: tenant.name })}</p>
                  {intent === "delete" && <FormAlert code={failure?.code} />}
                  <TextField
                    name="confirmation"
                    label={t("delete.confirmLabel", { name: tenant.name })}
                    values={{}}
                    errors={intent === "delete" ? fields : undefined}
                    required
                    extra={{ autoComplete: "off" }}
                  />
                  <div className="form-actions">
                    <button type="submit" className="button danger" data-testid="delete-confirm-button">
                      {t("delete.submit")}
                    </button>
                    <Link to={pathname} className="button">
                      {t("common:actions.cancel")}
                    </Link>
                  </div>
                </Form>
              ) : null}
            </>
          )}
        </div>
      )}
    </>
  );
}
