import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { eventKey } from "../components/WebhookForm";
import { webhooksListLoader } from "../webhooks.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader(args: Route.LoaderArgs) {
  return webhooksListLoader(args);
}

export default function WebhooksList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("webhooks");
  const [params] = useSearchParams();
  const { webhooks } = loaderData;
  return (
    <ListPage
      className="stack"
      title={t("title")}
      add={{ to: "/configuration/webhooks/add", label: t("add"), testId: "add-webhook" }}
      notices={
        <>
          <p className="muted">{t("intro")}</p>
          {params.get("deleted") && <Notice>{t("deleted")}</Notice>}
        </>
      }
    >
      <RecordTable
        testId="webhooks-table"
        rows={webhooks}
        rowKey={(w) => w.id}
        rowProps={(w) => ({ "data-webhook": w.url })}
        empty={t("empty")}
        columns={[
          {
            header: t("url"),
            cell: (w) => (
              <>
                <Link to={`/configuration/webhooks/update/${w.id}`}>
                  <code>{w.url}</code>
                </Link>
                {w.description && <div className="muted">{w.description}</div>}
              </>
            ),
          },
          { header: t("events"), cell: (w) => w.events.map((e) => <div key={e}>{t(eventKey(e))}</div>) },
          {
            header: t("status"),
            cell: (w) => (
              <>
                {w.failing ? t("statusFailing") : w.active ? t("statusActive") : t("statusInactive")}
                {w.failingSince && <div className="muted">{t("failingSince", { time: w.failingSince })}</div>}
              </>
            ),
          },
          {
            header: t("lastDelivery"),
            cellProps: () => ({ "data-testid": "last-delivery" }),
            cell: (w) => (
              <>
                {w.lastStatus ? (
                  <>
                    {t(`deliveryStatus.${w.lastStatus}`)}
                    {w.lastAnswer !== null && ` (${w.lastAnswer})`} · {w.lastAttempt}
                  </>
                ) : (
                  t("never")
                )}
                {w.pending > 0 && (
                  <div className="muted">
                    {t("pending")}: {w.pending}
                  </div>
                )}
              </>
            ),
          },
          {
            header: t("deliveries"),
            cell: (w) => <Link to={`/configuration/webhooks/deliveries/${w.id}`}>{t("deliveries")}</Link>,
          },
        ]}
      />
    </ListPage>
  );
}
