import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
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
    <section className="stack">
      <header className="page-header">
        <h1>{t("title")}</h1>
        <Link to="/configuration/webhooks/add" className="button primary" data-testid="add-webhook">
          {t("add")}
        </Link>
      </header>
      <p className="muted">{t("intro")}</p>
      {params.get("deleted") && (
        <div className="alert alert-ok" role="status">
          {t("deleted")}
        </div>
      )}
      <table className="table" data-testid="webhooks-table">
        <thead>
          <tr>
            <th>{t("url")}</th>
            <th>{t("events")}</th>
            <th>{t("status")}</th>
            <th>{t("lastDelivery")}</th>
            <th>{t("deliveries")}</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((w) => (
            <tr key={w.id} data-webhook={w.url}>
              <td>
                <Link to={`/configuration/webhooks/update/${w.id}`}>
                  <code>{w.url}</code>
                </Link>
                {w.description && <div className="muted">{w.description}</div>}
              </td>
              <td>
                {w.events.map((e) => (
                  <div key={e}>{t(eventKey(e))}</div>
                ))}
              </td>
              <td>
                {w.failing ? t("statusFailing") : w.active ? t("statusActive") : t("statusInactive")}
                {w.failingSince && <div className="muted">{t("failingSince", { time: w.failingSince })}</div>}
              </td>
              <td data-testid="last-delivery">
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
              </td>
              <td>
                <Link to={`/configuration/webhooks/deliveries/${w.id}`}>{t("deliveries")}</Link>
              </td>
            </tr>
          ))}
          {webhooks.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t("empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
