import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../../components/forms";
import type { NotificationRow } from "../notifications.server";
import { hourText } from "./NotificationForm";

/** When a schedule sends, in words: "Weekly on Monday at 07:00". */
export function useWhen() {
  const { t } = useTranslation("reportSchedules");
  return (r: Pick<NotificationRow, "interval" | "hour" | "weekday" | "month_day">) =>
    t(`when.${r.interval}`, { hour: hourText(r.hour), weekday: t(`weekday.${r.weekday ?? 1}`), day: r.month_day ?? 1 });
}

export function NotificationsList({
  items,
  canWrite,
  notice,
}: {
  items: NotificationRow[];
  canWrite: boolean;
  notice: string | null;
}) {
  const { t, i18n } = useTranslation("reportSchedules");
  const lng = i18n.language === "al" ? "al" : "en";
  const when = useWhen();
  return (
    <section className="stack">
      <header className="page-header">
        <div>
          <h1>{t("heading")}</h1>
          <p>{t("intro")}</p>
        </div>
        {canWrite && (
          <Link to="/analytics/notifications/add" className="button primary" data-testid="add-notification">
            {t("add")}
          </Link>
        )}
      </header>
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="notification-notice">
          {t(`notice.${notice}`)}
        </div>
      )}
      {items.length === 0 ? (
        <p className="muted" data-testid="no-notifications">
          {t("empty")}
        </p>
      ) : (
        <table className="table" data-testid="notifications-table">
          <thead>
            <tr>
              <th>{t("fields.name")}</th>
              <th>{t("fields.report_type")}</th>
              <th>{t("columns.when")}</th>
              <th>{t("fields.time_range")}</th>
              <th>{t("columns.recipients")}</th>
              <th>{t("fields.active")}</th>
              {canWrite && (
                <th>
                  <span className="visually-hidden">{t("columns.actions")}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.id} data-testid="notification-row">
                <td>{canWrite ? <Link to={`/analytics/notifications/edit/${r.id}`}>{r.name}</Link> : r.name}</td>
                <td>{r.report[lng]}</td>
                <td>{when(r)}</td>
                <td>{t(`dashboard:window.${r.time_range}`)}</td>
                <td>
                  {t("columns.recipientCount", { count: r.recipients })}
                  {r.emails.length > 0 && <small className="muted"> ({r.emails.join(", ")})</small>}
                </td>
                <td>{t(`active.${r.active}`)}</td>
                {canWrite && (
                  <td className="table-actions">
                    <Link to={`/analytics/notifications/edit/${r.id}`} className="button">
                      {t("edit")}
                    </Link>
                    <Form method="post" className="inline">
                      <CsrfInput />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        className="button danger"
                        aria-label={`${t("delete")}: ${r.name}`}
                        data-testid="delete-notification"
                      >
                        {t("delete")}
                      </button>
                    </Form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
