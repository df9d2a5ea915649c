import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../components/forms";
import "../admin.css";

export interface SupportBannerData {
  operator: string;
  user: string;
  organization: string;
}

/** Marks a support session in the header of every page, with the way back to the administrator's own session. */
export function SupportBanner({ support }: { support: SupportBannerData }) {
  const { t } = useTranslation("admin");
  return (
    <div className="support-banner" role="status" data-testid="support-banner">
      <strong>{t("support.label")}</strong>
      <span>{t("support.banner", { ...support })}</span>
      <Form method="post" action="/administration/support/end" className="inline">
        <CsrfInput />
        <button type="submit" className="button" data-testid="support-end">
          {t("support.end")}
        </button>
      </Form>
    </div>
  );
}
