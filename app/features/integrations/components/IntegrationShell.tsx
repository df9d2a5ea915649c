import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorContent } from "../../../components/ErrorContent";
import { LanguageSwitch } from "../../../components/LanguageSwitch";
import "../integrations.css";

/**
 * The frame of the public integrations pages (/int…): the brand and the language switch, nothing of the signed-in
 * application (no navigation, no user, no alerts), whoever is looking. The root hides the mobile banner here.
 */
export function IntegrationShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="int-shell" data-testid="int-shell">
      <header className="int-header">
        <span className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>{t("appName")}</span>
        </span>
        <LanguageSwitch />
      </header>
      <main id="content" className="int-content">
        {children}
      </main>
    </div>
  );
}

/** An error on a public page, in the public frame (no link into the signed-in application). */
export function IntegrationErrorPage({ error }: { error: unknown }) {
  return (
    <IntegrationShell>
      <section className="int-card error-page" data-testid="error-page">
        <ErrorContent error={error} home={false} />
      </section>
    </IntegrationShell>
  );
}
