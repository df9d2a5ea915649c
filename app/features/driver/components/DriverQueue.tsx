import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { useCsrfToken } from "../../../components/forms";
import type { ActionResult } from "../driver-actions.server";
import { QUEUE_CHANGED_EVENT, queue, send, type QueuedAction } from "../offline-queue";

export const QUEUE_URL = "/driver/queue";

interface QueueApi {
  /** true once the page runs with JavaScript (before: the plain forms post to the page) */
  ready: boolean;
  online: boolean;
  pending: QueuedAction[];
  /** sends now when online and nothing waits before it, else keeps it on the phone */
  submit: (item: Omit<QueuedAction, "madeAt" | "url"> & { url?: string }) => Promise<void>;
}

const QueueContext = createContext<QueueApi>({ ready: false, online: true, pending: [], submit: async () => {} });
export const useDriverQueue = () => useContext(QueueContext);

type Shown = ActionResult & { key: number; queued: boolean };

/**
 * The offline queue's state and panel: actions made offline wait in IndexedDB and are sent in order when the
 * connection returns (the `online` event, or the next page load); every answer is shown until dismissed, a conflict
 * with its reason. A network failure while sending keeps the rest waiting; nothing is dropped.
 */
export function DriverQueueProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("driver");
  const csrf = useCsrfToken();
  const revalidator = useRevalidator();
  const [ready, setReady] = useState(false);
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState<QueuedAction[]>([]);
  const [results, setResults] = useState<Shown[]>([]);
  const [signedOut, setSignedOut] = useState(false);
  const [sending, setSending] = useState(false);
  const flushing = useRef(false);
  const counter = useRef(0);

  const show = useCallback((r: ActionResult, queued: boolean) => {
    counter.current += 1;
    const key = counter.current;
    setResults((list) => [...list, { ...r, key, queued }]);
  }, []);

  const refresh = useCallback(async () => setPending(await queue.list()), []);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    setSending(true);
    let changed = false;
    try {
      for (const item of await queue.list()) {
        const out = await send<{ result: ActionResult }>(item, csrf);
        if (out.kind === "network") break;
        if (out.kind === "signed-out") {
          setSignedOut(true);
          break;
        }
        // an answer that is not an action's result (a refused CSRF token): keep it for the next attempt
        if (!out.body?.result) break;
        await queue.remove(item.seq!);
        changed = true;
        show(out.body.result, true);
      }
    } finally {
      flushing.current = false;
      setSending(false);
      await refresh();
      if (changed) void revalidator.revalidate();
    }
  }, [csrf, refresh, revalidator, show]);

  useEffect(() => {
    setReady(true);
    setOnline(navigator.onLine);
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    const queued = () => void refresh();
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    window.addEventListener(QUEUE_CHANGED_EVENT, queued);
    void refresh().then(() => (navigator.onLine ? flush() : undefined));
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.removeEventListener(QUEUE_CHANGED_EVENT, queued);
    };
    // once per page: flush and refresh keep their identity across renders that matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = useCallback<QueueApi["submit"]>(
    async (input) => {
      const item: QueuedAction = { ...input, url: input.url ?? QUEUE_URL, madeAt: new Date().toISOString() };
      const waiting = (await queue.list()).length > 0;
      if (navigator.onLine && !waiting) {
        const out = await send<{ result: ActionResult }>(item, csrf, { madeAt: false });
        if (out.kind === "answered" && out.body?.result) {
          show(out.body.result, false);
          void revalidator.revalidate();
          return;
        }
        if (out.kind === "signed-out") setSignedOut(true);
      }
      await queue.add(item);
      await refresh();
      if (navigator.onLine) void flush();
    },
    [csrf, flush, refresh, revalidator, show],
  );

  return (
    <QueueContext.Provider value={{ ready, online, pending, submit }}>
      <div className="driver-queue" aria-live="polite" data-testid="driver-queue">
        {ready && !online && (
          <p className="driver-banner offline" data-testid="offline-banner">
            {t("queue.offline")}
          </p>
        )}
        {pending.length > 0 && (
          <div className="driver-banner pending" data-testid="queue-pending">
            <p>{sending ? t("queue.sending") : t("queue.pending", { count: pending.length })}</p>
            <ul>
              {pending.map((item) => (
                <li key={item.seq}>
                  {t("queue.pendingItem", {
                    action: t(`queue.actions.${item.kind}`, { defaultValue: item.kind }),
                    time: new Date(item.madeAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        {signedOut && (
          <p className="driver-banner error" role="alert">
            <a href="/login?next=/driver">{t("queue.signIn")}</a>
          </p>
        )}
        {results.map((r) => (
          <div
            key={r.key}
            className={`driver-banner ${r.status === "applied" ? "ok" : "error"}`}
            data-testid={`result-${r.status}`}
            data-action={r.action}
            role={r.status === "applied" ? "status" : "alert"}
          >
            <p>
              {r.message}
              {r.queued && r.madeAt && (
                <span className="muted">
                  {" "}
                  (
                  {t("queue.madeAt", {
                    time: new Date(r.madeAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
                  })}
                  )
                </span>
              )}
            </p>
            <button
              type="button"
              className="driver-link-button"
              onClick={() => setResults((list) => list.filter((x) => x.key !== r.key))}
            >
              {t("result.dismiss")}
            </button>
          </div>
        ))}
      </div>
      {children}
    </QueueContext.Provider>
  );
}
