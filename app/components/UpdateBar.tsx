import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Shows "Application has new version please update" when the server runs a newer build than this page. */
export function UpdateBar({ buildId }: { buildId: string }) {
  const { t } = useTranslation();
  const [pageBuild] = useState(buildId);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    let alive = true;
    const check = async () => {
      try {
        const res = await fetch("/version", { cache: "no-store" });
        const body = (await res.json()) as { version?: string };
        if (alive && body.version && body.version !== pageBuild) setStale(true);
      } catch {
        // offline or restarting: try again on the next tick
      }
    };
    const timer = window.setInterval(check, 60_000);
    window.addEventListener("focus", check);
    void check();
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, [pageBuild]);
  if (!stale) return null;
  return (
    <div className="update-bar" role="status" data-testid="update-bar">
      <span>{t("updateBar.message")}</span>
      <button type="button" onClick={() => window.location.reload()}>
        {t("updateBar.reload")}
      </button>
    </div>
  );
}
