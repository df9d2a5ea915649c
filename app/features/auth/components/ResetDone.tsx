import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function ResetDone() {
  const { t } = useTranslation("auth");
  return (
    <div className="stack" data-step="done">
      <div className="alert alert-ok" role="status">
        {t("reset.done")}
      </div>
      <Link className="button primary" to="/login" data-testid="to-login">
        {t("reset.toLogin")}
      </Link>
    </div>
  );
}
