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
            <button type="submit" className="button">
              {t("inbox.markAllRead")}
            </button>
          </Form>
        )}
      </header>
      {read && (
        <div className="alert alert-success" role="status">
          {t("inbox.allRead")}
        </div>
      )}
      <p className="hint">{t("inbox.intro")}</p>
      {!items.length ? (
        <p className="empty">{t("inbox.empty")}</p>
      ) : (
        <ul className="reminder-notices" data-testid="reminder-notices">
          {items.map((n) => (
            <li key={`${n.reminder_id}-${n.stage}-${n.sent_at}`} data-unread={n.unread ? "1" : undefined}>
              {n.unread && <strong className="maintenance-flag">{t("inbox.unread")}</strong>}{" "}
              <Link to={`/maintenance/reminders/edit/${n.reminder_id}`}>
                {t("inbox.text", { name: n.name, vehicle: n.registration, stage: t(`status.${n.stage}`) })}
              </Link>{" "}
              <small>{n.sent_at}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
