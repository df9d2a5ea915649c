import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface Notice {
  id: number;
  /** "alert": an in-app alert notification (styled apart from answers to the user's own actions) */
  kind: "error" | "ok" | "alert";
  title: string;
  body?: string;
  status?: number;
}

type Notify = (n: Omit<Notice, "id">) => void;
const NotifyContext = createContext<Notify>(() => {});

export const useNotify = () => useContext(NotifyContext);

/** Toast region for notifications raised by scripts (e.g. an API answer with status 409). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>([]);
  const notify = useCallback<Notify>((n) => {
    const id = Date.now() + Math.random();
    setNotices((all) => [...all.slice(-3), { ...n, id }]);
    window.setTimeout(() => setNotices((all) => all.filter((x) => x.id !== id)), 8000);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite" data-testid="notifications">
        {notices.map((n) => (
          <div key={n.id} className={`toast toast-${n.kind}`} role={n.kind === "error" ? "alert" : "status"} data-kind={n.kind}>
            <strong>{n.title}</strong>
            {n.body && <div>{n.body}</div>}
            {n.status !== undefined && <small>{t("notification.status", { status: n.status })}</small>}
            <button type="button" className="link-button" onClick={() => setNotices((all) => all.filter((x) => x.id !== n.id))} aria-label="×">×</button>
          </div>
        ))}
      </div>
    </NotifyContext.Provider>
  );
}
