import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRevalidator } from "react-router";
import { useLiveCount, useNoticeSocket } from "../../../lib/notice-socket";
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
 * the page's notification socket (app/lib/notice-socket.ts; each also shown as a toast). Without JavaScript it is a plain link with the count.
 */
export function AlertBell({ unread, live, loadedAt }: { unread: number; live: boolean; loadedAt?: number }) {
  const { t } = useTranslation("alertLog");
  const notify = useNotify();
  const [count, raise] = useLiveCount(unread, loadedAt);
  const { pathname } = useLocation();
  const revalidator = useRevalidator();

  const onNotice = useRef<(n: AlertNoticeMessage) => void>(() => {});
  onNotice.current = (n) => {
    if (!raise(n.id)) return;
    notify({
      kind: "alert",
      title: `${alertTypeLabel(t, n.alertType)} · ${n.vehicleName}`,
      body: alertSummary(t, { alertType: n.alertType, details: n.details, placeName: n.placeName }),
    });
    // The log and the overview on screen take the new alert in (their loaders run again).
    if (/^\/alerts\/(log|overview)\/?$/.test(pathname) && revalidator.state === "idle") void revalidator.revalidate();
  };

  const state = useNoticeSocket(live, (msg) => {
    if (isAlertNotice(msg)) onNotice.current(msg);
  });

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
