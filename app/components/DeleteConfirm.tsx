import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { CsrfInput } from "./forms";

/** Two-step delete that works without JavaScript: a link opens the confirmation (?delete=1), its form posts intent=delete. */
export function DeleteConfirm({
  confirming,
  label,
  question,
  code,
}: {
  confirming: boolean;
  label: string;
  question: string;
  code?: string | null;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!confirming) {
    return (
      <Link to={`${pathname}?delete=1`} className="button danger" data-testid="delete-start">
        {label}
      </Link>
    );
  }
  return (
    <div className="card alert-warn" role="alertdialog" aria-labelledby="delete-question" data-testid="delete-confirm">
      <p id="delete-question">{question}</p>
      {code && (
        <p className="field-error" role="alert">
          {t(`errors:${code}`, { defaultValue: t("errors:generic") })}
        </p>
      )}
      <Form method="post" action={pathname} className="form-actions">
        <CsrfInput />
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="button danger" data-testid="delete-confirm-button">
          {label}
        </button>
        <Link to={pathname} className="button">
          {t("actions.cancel")}
        </Link>
      </Form>
    </div>
  );
}
