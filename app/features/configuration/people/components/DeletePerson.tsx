import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { CsrfInput } from "../../../../components/forms";

/** Delete with a confirmation step that needs no JavaScript: ?delete=1 shows the confirming form. */
export function DeletePerson({ name }: { name: string }) {
  const { t } = useTranslation("people");
  const [params] = useSearchParams();
  const location = useLocation();
  if (params.get("delete") !== "1") {
    return (
      <Link to={`${location.pathname}?delete=1`} className="button danger" data-testid="delete-person">
        {t("common:actions.delete")}
      </Link>
    );
  }
  return (
    <div
      className="alert alert-warn"
      role="alertdialog"
      aria-labelledby="confirm-delete-text"
      data-testid="confirm-delete"
    >
      <p id="confirm-delete-text">{t("delete.confirm", { name })}</p>
      <Form method="post" action={location.pathname} className="form-actions">
        <CsrfInput />
        <button type="submit" name="intent" value="delete" className="button danger">
          {t("delete.yes")}
        </button>
        <Link to={location.pathname} className="button">
          {t("common:actions.cancel")}
        </Link>
      </Form>
    </div>
  );
}
