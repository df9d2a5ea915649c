import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, UNSAFE_DataRouterStateContext, UNSAFE_FetchersContext } from "react-router";
import type { ConflictNotice } from "../lib/route-kit.server";

export interface Notice {
  id: number;
  /** "alert", "reminder": in-app notifications of alerts and maintenance reminders (styled apart from answers to the user's own actions) */
  kind: "error" | "ok" | "alert" | "reminder";
  title: string;
  body?: string;
  /** where the notification leads (its title becomes the link) */
  href?: string;
  status?: number;
}

type Notify = (n: Omit<Notice, "id">) => void;
const NotifyContext = createContext<Notify>(() => {});

export const useNotify = () => useContext(NotifyContext);

function noticeOf(answer: unknown): ConflictNotice | null {
  const notice = (answer as { notice?: unknown } | null | undefined)?.notice as Partial<ConflictNotice> | undefined;
  return notice && typeof notice.error === "string" && typeof notice.status === "number"
    ? { error: notice.error, message: notice.message ?? "", status: notice.status }
    : null;
}

/**
 * Spec section 8's 409 notification for the pages' own forms and fetchers: whatever action answered with a
 * `notice` (navigation forms: the router's action data; fetchers: their data). Without JavaScript the page rendered
 * after the POST shows it; with JavaScript each new answer becomes a toast once.
 */
function useActionConflicts(notify: Notify) {
  const { t } = useTranslation("errors");
  const state = useContext(UNSAFE_DataRouterStateContext);
  const fetcherData = useContext(UNSAFE_FetchersContext);
  const [hydrated, setHydrated] = useState(false);
  const shown = useRef(new WeakSet<object>());
  const toNotice = useCallback(
    (n: ConflictNotice): Omit<Notice, "id"> => ({
      kind: "error",
      title: n.error,
      body: t(n.error, { defaultValue: n.message }),
      status: n.status,
    }),
    [t],
  );
  const answers: unknown[] = [
    ...Object.values(state?.actionData ?? {}),
    ...(fetcherData ? [...fetcherData.values()] : []),
  ];
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    for (const answer of answers) {
      const n = noticeOf(answer);
      if (!n || shown.current.has(answer as object)) continue;
      shown.current.add(answer as object);
      notify(toNotice(n));
    }
  });
  // Server render (and the hydration render that must match it): the notices of the submitted form, in the page.
  if (hydrated) return [];
  return answers
    .map(noticeOf)
    .filter((n): n is ConflictNotice => n !== null)
    .map(toNotice);
}

/** Toast region for notifications: 409 answers of forms and fetchers, and those raised by scripts (alerts, reminders). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const notify = useCallback<Notify>((n) => {
    const id = Date.now() + Math.random();
    setNotices((all) => [...all.slice(-3), { ...n, id }]);
    window.setTimeout(() => setNotices((all) => all.filter((x) => x.id !== id)), 8000);
  }, []);
  const value = useMemo(() => notify, [notify]);
  const rendered = useActionConflicts(notify);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite" data-testid="notifications">
        {rendered.map((n, i) => (
          <Toast key={`page-${i}`} notice={n} />
        ))}
        {notices.map((n) => (
          <Toast key={n.id} notice={n} onClose={() => setNotices((all) => all.filter((x) => x.id !== n.id))} />
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

function Toast({ notice: n, onClose }: { notice: Omit<Notice, "id">; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={`toast toast-${n.kind}`}
      role={n.kind === "error" ? "alert" : "status"}
      data-kind={n.kind}
      data-status={n.status}
    >
      {n.href ? (
        <Link to={n.href} data-testid="toast-link">
          <strong>{n.title}</strong>
        </Link>
      ) : (
        <strong>{n.title}</strong>
      )}
      {n.body && <div>{n.body}</div>}
      {n.status !== undefined && <small>{t("notification.status", { status: n.status })}</small>}
      {onClose && (
        <button type="button" className="link-button" onClick={onClose} aria-label="×">
          ×
        </button>
      )}
    </div>
  );
}
