import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRevalidator } from "react-router";
import { reconnectDelay } from "../../../lib/map/backoff";
import { useNotify } from "../../../components/Notifications";
import { alertSummary, alertTypeLabel } from "./alert-text";

/** What the live socket sends for an in-app alert notification (`type` is the message type, `alertType` the alert's). */
export interface AlertNoticeMessage {
  type: "alert";
  id: string;
  alertType: string;
  policyName: string;
  vehicleId: string;
  vehicleName: string;
  placeName: string | null;
  occurredAt: string;
  details: Record<string, unknown>;
}

export function isAlertNotice(m: unknown): m is AlertNoticeMessage {
  const x = m as Partial<AlertNoticeMessage> | null;
  return !!x && x.type === "alert" && typeof x.id === "string" && typeof x.alertType === "string";
}

/**
 * The header's alert bell: the unread count from the layout's loader, raised by notices arriving on
 * `/live?alerts=only` (each also shown as a toast). Without JavaScript it is a plain link with the count.
 */
export function AlertBell({ unread, live }: { unread: number; live: boolean }) {
  const { t } = useTranslation("alertLog");
  const notify = useNotify();
  const [count, setCount] = useState(unread);
  const [state, setState] = useState<"off" | "connecting" | "open" | "closed">("off");
  const seen = useRef(new Set<string>());
  const { pathname } = useLocation();
  const revalidator = useRevalidator();

  // A fresh server count (navigation, "mark as read") replaces the live one.
  useEffect(() => setCount(unread), [unread]);

  const onNotice = useRef<(n: AlertNoticeMessage) => void>(() => {});
  onNotice.current = (n) => {
    if (seen.current.has(n.id)) return;
    seen.current.add(n.id);
    setCount((c) => c + 1);
    notify({
      kind: "alert",
      title: `${alertTypeLabel(t, n.alertType)} · ${n.vehicleName}`,
      body: alertSummary(t, { alertType: n.alertType, details: n.details, placeName: n.placeName }),
    });
    // The log and the overview on screen take the new alert in (their loaders run again).
    if (/^\/alerts\/(log|overview)\/?$/.test(pathname) && revalidator.state === "idle") void revalidator.revalidate();
  };

  useEffect(() => {
    if (!live) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      setState("connecting");
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/live?alerts=only`);
      socket = ws;
      ws.onopen = () => { attempt = 0; setState("open"); };
      ws.onmessage = (event) => {
        let msg: unknown;
        try { msg = JSON.parse(String(event.data)); } catch { return; }
        if (isAlertNotice(msg)) onNotice.current(msg);
      };
      ws.onclose = () => {
        if (socket !== ws) return;
        socket = null;
        setState("closed");
        if (!stopped) timer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const ws = socket;
      socket = null;
      ws?.close();
    };
  }, [live]);

  const label = count > 0 ? t("bell.unread", { count }) : t("bell.none");
  return (
    <Link to="/alerts/log?unread=1" className={`alert-bell${count > 0 ? " has-unread" : ""}`} title={label} aria-label={label}
      data-testid="alert-bell" data-count={count} data-live={state}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {count > 0 && <span className="alert-bell-count" data-testid="alert-bell-count">{count > 99 ? "99+" : count}</span>}
    </Link>
  );
}
