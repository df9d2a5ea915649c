import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage, Notice } from "../../../../components/ListPage";
import { RecordTable } from "../../../../components/RecordTable";
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
  const editPath = (r: NotificationRow) => `/analytics/notifications/edit/${r.id}`;
  return (
    <ListPage
      className="stack"
      title={t("heading")}
      intro={t("intro")}
      add={canWrite && { to: "/analytics/notifications/add", label: t("add"), testId: "add-notification" }}
      notices={notice && <Notice testId="notification-notice">{t(`notice.${notice}`)}</Notice>}
    >
      <RecordTable
        testId="notifications-table"
        rows={items}
        rowKey={(r) => r.id}
        rowProps={() => ({ "data-testid": "notification-row" })}
        empty={t("empty")}
        emptyAlone={{ className: "muted", testId: "no-notifications" }}
        columns={[
          { header: t("fields.name"), cell: (r) => (canWrite ? <Link to={editPath(r)}>{r.name}</Link> : r.name) },
          { header: t("fields.report_type"), cell: (r) => r.report[lng] },
          { header: t("columns.when"), cell: when },
          { header: t("fields.time_range"), cell: (r) => t(`dashboard:window.${r.time_range}`) },
          {
            header: t("columns.recipients"),
            cell: (r) => (
              <>
                {t("columns.recipientCount", { count: r.recipients })}
                {r.emails.length > 0 && <small className="muted"> ({r.emails.join(", ")})</small>}
              </>
            ),
          },
          { header: t("fields.active"), cell: (r) => t(`active.${r.active}`) },
        ]}
        actions={
          canWrite
            ? {
                header: t("columns.actions"),
                render: (r) => [
                  { kind: "link", to: editPath(r), label: t("edit"), className: "button" },
                  {
                    kind: "delete",
                    fields: { intent: "delete", id: r.id },
                    label: t("delete"),
                    ariaLabel: `${t("delete")}: ${r.name}`,
                    testId: "delete-notification",
                  },
                ],
              }
            : undefined
        }
      />
    </ListPage>
  );
}
