import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
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
    <section className="stack">
      <header className="page-header">
        <h1>{t("deliveries")}</h1>
        <Link to={`/configuration/webhooks/update/${webhook.id}`}>{t("edit")}</Link>
      </header>
      <p>
        <code>{webhook.url}</code> · {webhook.active ? t("statusActive") : t("statusInactive")}
      </p>
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      <table className="table" data-testid="deliveries-table">
        <thead>
          <tr>
            <th>{t("time")}</th>
            <th>{t("event")}</th>
            <th>{t("status")}</th>
            <th>{t("answer")}</th>
            <th>{t("attempts")}</th>
            <th>{t("nextAttempt")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-delivery={d.id} data-status={d.status}>
              <td>{d.time}</td>
              <td>
                {t(eventKey(d.eventType))} <code className="muted">{d.eventType}</code>
              </td>
              <td>{t(`deliveryStatus.${d.status}`)}</td>
              <td data-testid="answer">
                {d.answer ?? "–"}
                {d.error && d.status !== "delivered" && <div className="muted">{d.error}</div>}
              </td>
              <td>{d.attempts}</td>
              <td>{d.next ?? "–"}</td>
              <td>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="redeliver" />
                  <input type="hidden" name="delivery" value={d.id} />
                  <button type="submit" className="button" data-testid="redeliver">
                    {t("redeliver")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
          {deliveries.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                {t("deliveriesEmpty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Link to="/configuration/webhooks">{t("back")}</Link>
    </section>
  );
}
