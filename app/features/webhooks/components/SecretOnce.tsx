import { useTranslation } from "react-i18next";

/** The signing secret, shown once: after creation and after a rotation (it is never read back afterwards). */
export function SecretOnce({ secret, notice }: { secret: string; notice: string }) {
  const { t } = useTranslation("webhooks");
  return (
    <div className="alert alert-ok stack" role="status" data-testid="webhook-secret">
      <p>{notice}</p>
      <p>
        <strong>{t("secret")}:</strong> <code>{secret}</code>
      </p>
      <p className="muted">{t("secretOnce")}</p>
      <p className="muted">{t("secretHint")}</p>
    </div>
  );
}
