import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator } from "react-router";
import { HeaderBell } from "../../../components/HeaderBell";
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

  const state = useNoticeSocket(live, (n) => {
    if (!isAlertNotice(n) || !raise(n.id)) return;
    notify({
      kind: "alert",
      title: `${alertTypeLabel(t, n.alertType)} · ${n.vehicleName}`,
      body: alertSummary(t, { alertType: n.alertType, details: n.details, placeName: n.placeName }),
    });
    // The log and the overview on screen take the new alert in (their loaders run again).
    if (/^\/alerts\/(log|overview)\/?$/.test(pathname) && revalidator.state === "idle") void revalidator.revalidate();
  });

  const label = count > 0 ? t("bell.unread", { count }) : t("bell.none");
  return (
    <HeaderBell
      to="/alerts/log?unread=1"
      label={label}
      count={count}
      live={state}
      testId="alert-bell"
      iconPath="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
    />
  );
}
