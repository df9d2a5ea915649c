import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, i18nOptions, isLanguage } from "./i18n/config";

// Spec section 2: a token arriving in the hash is handed to the server as a query (browsers never send the hash).
const hash = window.location.hash.replace(/^#\/?/, "");
const hashParams = new URLSearchParams(hash.includes("?") ? hash.slice(hash.indexOf("?") + 1) : hash);
if (hashParams.get("access_token")) {
  window.location.replace(`/?${hashParams.toString()}`);
} else {
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
