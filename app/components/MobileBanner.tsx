import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Platform } from "../lib/platform";
import { CsrfInput } from "./forms";

export function MobileBanner({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  return (
    <aside className="mobile-banner" aria-label={t("banner.title")} data-testid="mobile-banner">
      <span>{t("banner.title")}</span>
      {platform === "ios" && (
        <a className="store-badge" href="https://apps.apple.com/" data-testid="badge-ios">
          <img src="/badges/app-store.svg" alt={t("banner.appStore")} width={120} height={40} />
        </a>
      )}
      {platform === "android" && (
        <a className="store-badge" href="https://play.google.com/store" data-testid="badge-android">
          <img src="/badges/google-play.svg" alt={t("banner.googlePlay")} width={135} height={40} />
        </a>
      )}
      <Form method="post" action="/preferences" className="inline">
        <CsrfInput />
        <input type="hidden" name="intent" value="dismiss-banner" />
        <button type="submit" className="link-button" aria-label={t("banner.dismiss")}>
          ×
        </button>
      </Form>
    </aside>
  );
}
