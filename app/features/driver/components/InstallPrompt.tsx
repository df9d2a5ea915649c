import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Platform } from "../../../lib/platform";

const DISMISSED = "flota-driver-install-dismissed";

interface InstallEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * "Add to home screen" on the driver's pages, once (docs/driver-app.md, "Install"): Android's install prompt when the
 * browser offers one, the steps on iOS (Safari has no prompt); never when the app already runs installed, and not
 * again once dismissed or installed. The spec's mobile banner (store badges) is left as it is.
 */
export function InstallPrompt({ platform }: { platform: Platform }) {
  const { t } = useTranslation("driver");
  const [event, setEvent] = useState<InstallEvent | null>(null);
  const [ios, setIos] = useState(false);

  useEffect(() => {
    const standalone =
      window.matchMedia?.("(display-mode: standalone)").matches ||
      (navigator as { standalone?: boolean }).standalone === true;
    if (standalone || localStorage.getItem(DISMISSED)) return;
    if (platform === "ios") setIos(true);
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as InstallEvent);
    };
    const onInstalled = () => {
      localStorage.setItem(DISMISSED, "installed");
      setEvent(null);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, [platform]);

  const dismiss = () => {
    localStorage.setItem(DISMISSED, "1");
    setEvent(null);
    setIos(false);
  };
  if (!event && !ios) return null;
  return (
    <aside className="driver-install" data-testid="install-prompt">
      <p>
        <strong>{t("install.title")}</strong>
      </p>
      {ios && !event && <p>{t("install.ios")}</p>}
      <div className="driver-card-actions">
        {event && (
          <button
            type="button"
            className="driver-button primary"
            onClick={async () => {
              await event.prompt();
              const choice = await event.userChoice;
              if (choice.outcome === "accepted") localStorage.setItem(DISMISSED, "installed");
              setEvent(null);
            }}
          >
            {t("install.button")}
          </button>
        )}
        <button type="button" className="driver-button" onClick={dismiss}>
          {t("install.dismiss")}
        </button>
      </div>
    </aside>
  );
}
