import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { forwardingListLoader } from "../forwarding.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader(args: Route.LoaderArgs) {
  return forwardingListLoader(args);
}

export default function ForwardingList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forwarding");
  const [params] = useSearchParams();
  const { targets } = loaderData;
  return (
    <ListPage
      className="stack"
      title={t("title")}
      add={{ to: "/configuration/forwarding/add", label: t("add"), testId: "add-forwarding" }}
      notices={
        <>
          <p className="muted">{t("intro")}</p>
          {params.get("deleted") && <Notice>{t("deleted")}</Notice>}
        </>
      }
    >
      <RecordTable
        testId="forwarding-table"
        rows={targets}
        rowKey={(target) => target.id}
        rowProps={(target) => ({ "data-target": target.name })}
        empty={t("empty")}
        columns={[
          {
            header: t("fields.name"),
            cell: (target) => <Link to={`/configuration/forwarding/update/${target.id}`}>{target.name}</Link>,
          },
          { header: t("fields.kind"), cell: (target) => t(`kinds.${target.kind}`) },
          {
            header: t("fields.url"),
            cell: (target) => (
              <>
                <code>{target.url}</code>
                {target.topic && <div className="muted">{target.topic}</div>}
              </>
            ),
          },
          {
            header: t("fields.active"),
            cell: (target) => t(`active.${String(target.active) as "true" | "false"}`),
          },
          {
            header: t("status.last"),
            cellProps: () => ({ "data-testid": "last-status" }),
            cell: (target) =>
              target.last_status ? (
                <>
                  {t(`status.${target.last_status}`)} · {target.last_attempt_text}
                  {target.last_status === "failed" && target.last_error && (
                    <div className="muted">{target.last_error}</div>
                  )}
                </>
              ) : (
                t("status.never")
              ),
          },
          { header: t("status.sent"), cell: (target) => target.sent_count },
          { header: t("status.failedBatches"), cell: (target) => target.failed_batches },
          { header: t("status.dropped"), cell: (target) => target.dropped_count },
        ]}
      />
    </ListPage>
  );
}
