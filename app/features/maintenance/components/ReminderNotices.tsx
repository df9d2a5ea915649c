import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../components/forms";

export interface ReminderNoticeView {
  reminder_id: string;
  stage: "due_soon" | "due" | "overdue";
  name: string;
  registration: string;
  /** when it was raised, "YYYY-MM-DD HH:mm" in the organisation's time zone */
  sent_at: string;
  unread: boolean;
}

/** The user's reminder notifications, in the page's language; each links to its reminder (opening it reads it). */
export function ReminderNotices({ items, read }: { items: ReminderNoticeView[]; read: boolean }) {
  const { t } = useTranslation("maintenance");
  return (
    <section>
      <header className="page-header">
        <h1>{t("inbox.title")}</h1>
        {items.some((n) => n.unread) && (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="button">{t("inbox.markAllRead")}</button>
          </Form>
        )}
      </header>
      {read && <div className="alert alert-success" role="status">{t("inbox.allRead")}</div>}
      <p className="hint">{t("inbox.intro")}</p>
      {!items.length ? <p className="empty">{t("inbox.empty")}</p> : (
        <ul className="reminder-notices" data-testid="reminder-notices">
          {items.map((n) => (
            <li key={`${n.reminder_id}-${n.stage}-${n.sent_at}`} data-unread={n.unread ? "1" : undefined}>
              {n.unread && <strong className="maintenance-flag">{t("inbox.unread")}</strong>}{" "}
              <Link to={`/maintenance/reminders/edit/${n.reminder_id}`}>{t("inbox.text", { name: n.name, vehicle: n.registration, stage: t(`status.${n.stage}`) })}</Link>{" "}
              <small>{n.sent_at}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The header's maintenance-reminder indicator: the unread count, a plain link to the notifications (no JavaScript needed). */
export function ReminderBell({ unread }: { unread: number }) {
  const { t } = useTranslation("maintenance");
  const label = unread > 0 ? t("inbox.bell.unread", { count: unread }) : t("inbox.bell.none");
  return (
    <Link to="/maintenance/notifications" className={`alert-bell${unread > 0 ? " has-unread" : ""}`} title={label} aria-label={label} data-testid="reminder-bell" data-count={unread}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M22.7 19.3 13.6 10.2a6 6 0 0 0-7.8-7.8l3.9 3.9-2.8 2.8-3.9-3.9a6 6 0 0 0 7.8 7.8l9.1 9.1a1 1 0 0 0 1.4 0l1.4-1.4a1 1 0 0 0 0-1.4Z" />
      </svg>
      {unread > 0 && <span className="alert-bell-count" data-testid="reminder-bell-count">{unread > 99 ? "99+" : unread}</span>}
    </Link>
  );
}
