import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, i18nOptions, isLanguage } from "./i18n/config";

// The <head> script (app/lib/hash-handoff.ts) may already be leaving this page for an integrations view or the
// token handoff: nothing to hydrate then.
if (!window.__flotaLeaving) {
  const lng = document.documentElement.dataset.locale;
  void i18next
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: isLanguage(lng) ? lng : DEFAULT_LANGUAGE })
    .then(() => {
      startTransition(() => {
        hydrateRoot(
          document,
          <I18nextProvider i18n={i18next}>
            <StrictMode>
              <HydratedRouter />
            </StrictMode>
          </I18nextProvider>,
        );
      });
    });
}
