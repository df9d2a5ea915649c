import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCsrfToken } from "../../../components/forms";

type State = "loading" | "unsupported" | "denied" | "on" | "off";

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // the driver app registers /sw.js (which imports /sw-push.js); registering the same script again is a no-op
  return (
    (await navigator.serviceWorker.getRegistration("/driver")) ??
    navigator.serviceWorker.register("/sw.js", { scope: "/driver" })
  );
}

/**
 * Turns Web Push on or off for this phone (docs/driver-app.md, "Notifications"): subscribes with the installation's
 * VAPID key and stores the subscription for the signed-in user, or removes both. Push needs JavaScript and a
 * service worker; without them the control says so and the rest of the page works as before.
 */
export function PushToggle() {
  const { t } = useTranslation("push");
  const csrf = useCsrfToken();
  const [state, setState] = useState<State>("loading");
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
        return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const reg = await registration();
      const sub = await reg.pushManager.getSubscription();
      if (live) setState(sub ? "on" : "off");
    })().catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  const send = useCallback(
    async (method: "POST" | "DELETE", body: unknown) => {
      const res = await fetch("/api/push/subscriptions", {
        method,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify(body),
      });
      if (!res.ok && !(method === "DELETE" && res.status === 404)) throw new Error(`HTTP ${res.status}`);
    },
    [csrf],
  );

  const enable = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
    const res = await fetch("/api/push/public-key", { credentials: "same-origin" });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { publicKey } = (await res.json()) as { publicKey: string };
    const reg = await registration();
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await send("POST", sub.toJSON());
    setState("on");
  };

  const disable = async () => {
    const sub = await (await registration()).pushManager.getSubscription();
    if (sub) {
      await send("DELETE", { endpoint: sub.endpoint });
      await sub.unsubscribe();
    }
    setState("off");
  };

  const toggle = () => {
    setBusy(true);
    setError(false);
    (state === "on" ? disable() : enable()).catch(() => setError(true)).finally(() => setBusy(false));
  };

  return (
    <div className="card stack" data-testid="push-toggle" data-state={state}>
      <h2>{t("toggle.title")}</h2>
      <noscript>
        <p className="muted">{t("toggle.needsScript")}</p>
      </noscript>
      {state === "unsupported" && <p className="muted">{t("toggle.unsupported")}</p>}
      {state === "denied" && <p className="muted">{t("toggle.denied")}</p>}
      {(state === "on" || state === "off") && (
        <>
          <p role="status">{t(state === "on" ? "toggle.on" : "toggle.off")}</p>
          <button
            type="button"
            className={`button${state === "off" ? " primary" : ""}`}
            style={{ minHeight: 48, width: "100%" }}
            disabled={busy}
            onClick={toggle}
            data-testid="push-toggle-button"
          >
            {t(state === "on" ? "toggle.disable" : "toggle.enable")}
          </button>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {t("toggle.failed")}
        </p>
      )}
    </div>
  );
}
