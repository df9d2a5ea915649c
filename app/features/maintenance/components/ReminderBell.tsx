import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator } from "react-router";
import { HeaderBell } from "../../../components/HeaderBell";
import { useNotify } from "../../../components/Notifications";
import { useLiveCount, useNoticeSocket } from "../../../lib/notice-socket";

/** What the live socket sends when a reminder notice of the user's is stored (server/modules/maintenance/reminder-announce.ts). */
export interface ReminderNoticeMessage {
  type: "reminder";
  /** reminder, cycle and stage: one notice */
  id: string;
  reminderId: string;
  stage: "due_soon" | "due" | "overdue";
  name: string;
  vehicleId: string;
  vehicleName: string;
  url: string;
}

export function isReminderNotice(m: unknown): m is ReminderNoticeMessage {
  const x = m as Partial<ReminderNoticeMessage> | null;
  return (
    !!x &&
    x.type === "reminder" &&
    typeof x.id === "string" &&
    typeof x.reminderId === "string" &&
    typeof x.stage === "string"
  );
}

/**
 * The header's maintenance-reminder indicator: the unread count from the layout's loader, a plain link to the
 * notifications (no JavaScript needed); with JavaScript, raised by notices arriving on the page's notification socket,
 * each also shown as a toast linking to its reminder.
 */
export function ReminderBell({ unread, live, loadedAt }: { unread: number; live: boolean; loadedAt?: number }) {
  const { t } = useTranslation("maintenance");
  const notify = useNotify();
  const [count, raise] = useLiveCount(unread, loadedAt);
  const { pathname } = useLocation();
  const revalidator = useRevalidator();

  const state = useNoticeSocket(live, (msg) => {
    if (!isReminderNotice(msg) || !raise(msg.id)) return;
    const stage = t(`status.${msg.stage}`);
    notify({
      kind: "reminder",
      title: t("liveNotice.title", { vehicle: msg.vehicleName }),
      body: t("liveNotice.body", { name: msg.name, vehicle: msg.vehicleName, stage }),
      // the link is the reminder's page whatever the message says
      href: `/maintenance/reminders/edit/${encodeURIComponent(msg.reminderId)}`,
    });
    if (/^\/maintenance\/notifications\/?$/.test(pathname) && revalidator.state === "idle")
      void revalidator.revalidate();
  });

  const label = count > 0 ? t("inbox.bell.unread", { count }) : t("inbox.bell.none");
  return (
    <HeaderBell
      to="/maintenance/notifications"
      label={label}
      count={count}
      live={state}
      testId="reminder-bell"
      iconPath="M22.7 19.3 13.6 10.2a6 6 0 0 0-7.8-7.8l3.9 3.9-2.8 2.8-3.9-3.9a6 6 0 0 0 7.8 7.8l9.1 9.1a1 1 0 0 0 1.4 0l1.4-1.4a1 1 0 0 0 0-1.4Z"
    />
  );
}
