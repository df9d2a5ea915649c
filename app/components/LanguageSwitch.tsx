import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { LANGUAGES } from "../i18n/config";
import { CsrfInput } from "./forms";

/** A plain form, so switching language works without JavaScript too. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/preferences" className="language-switch" data-testid="language-switch">
      <CsrfInput />
      <input type="hidden" name="intent" value="language" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <span className="visually-hidden">{t("nav.language")}</span>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          aria-pressed={i18n.language === lng}
          className="link-button"
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </Form>
  );
}
