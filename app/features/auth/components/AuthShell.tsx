import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../../components/LanguageSwitch";

export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-shell">
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t("appName")}</span>
        </div>
        <h1>{title}</h1>
        {children}
        <LanguageSwitch />
      </div>
    </main>
  );
}
