import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { CsrfInput } from "../../../components/forms";
import { eventKey } from "../components/WebhookForm";
import { deliveriesAction, deliveriesLoader } from "../webhooks.server";
import type { Route } from "./+types/deliveries";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ params, ...args }: Route.LoaderArgs) {
  return deliveriesLoader(args, params.id);
}
export function action({ params, ...args }: Route.ActionArgs) {
  return deliveriesAction(args, params.id);
}

export default function WebhookDeliveries({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("webhooks");
  const [params] = useSearchParams();
  const { webhook, deliveries } = loaderData;
  const notice = params.has("tested") ? "testSent" : params.has("redelivered") ? "redelivered" : null;
  return (
    <ListPage
      className="stack"
      title={t("deliveries")}
      actions={<Link to={`/configuration/webhooks/update/${webhook.id}`}>{t("edit")}</Link>}
      notices={
        <>
          <p>
            <code>{webhook.url}</code> · {webhook.active ? t("statusActive") : t("statusInactive")}
          </p>
          {notice && <Notice testId="notice">{t(notice)}</Notice>}
        </>
      }
    >
      <RecordTable
        testId="deliveries-table"
        rows={deliveries}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ "data-delivery": d.id, "data-status": d.status })}
        empty={t("deliveriesEmpty")}
        columns={[
          { header: t("time"), cell: (d) => d.time },
          {
            header: t("event"),
            cell: (d) => (
              <>
                {t(eventKey(d.eventType))} <code className="muted">{d.eventType}</code>
              </>
            ),
          },
          { header: t("status"), cell: (d) => t(`deliveryStatus.${d.status}`) },
          {
            header: t("answer"),
            cellProps: () => ({ "data-testid": "answer" }),
            cell: (d) => (
              <>
                {d.answer ?? "–"}
                {d.error && d.status !== "delivered" && <div className="muted">{d.error}</div>}
              </>
            ),
          },
          { header: t("attempts"), cell: (d) => d.attempts },
          { header: t("nextAttempt"), cell: (d) => d.next ?? "–" },
          {
            header: t("redeliver"),
            hiddenHeader: true,
            cell: (d) => (
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="redeliver" />
                <input type="hidden" name="delivery" value={d.id} />
                <button type="submit" className="button" data-testid="redeliver">
                  {t("redeliver")}
                </button>
              </Form>
            ),
          },
        ]}
      />
      <Link to="/configuration/webhooks">{t("back")}</Link>
    </ListPage>
  );
}
