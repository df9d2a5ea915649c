import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
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
    <section className="stack">
      <header className="page-header">
        <h1>{t("title")}</h1>
        <Link to="/configuration/forwarding/add" className="button primary" data-testid="add-forwarding">
          {t("add")}
        </Link>
      </header>
      <p className="muted">{t("intro")}</p>
      {params.get("deleted") && (
        <div className="alert alert-ok" role="status">
          {t("deleted")}
        </div>
      )}
      <table className="table" data-testid="forwarding-table">
        <thead>
          <tr>
            <th>{t("fields.name")}</th>
            <th>{t("fields.kind")}</th>
            <th>{t("fields.url")}</th>
            <th>{t("fields.active")}</th>
            <th>{t("status.last")}</th>
            <th>{t("status.sent")}</th>
            <th>{t("status.failedBatches")}</th>
            <th>{t("status.dropped")}</th>
          </tr>
        </thead>
        <tbody>
          {targets.map((target) => (
            <tr key={target.id} data-target={target.name}>
              <td>
                <Link to={`/configuration/forwarding/update/${target.id}`}>{target.name}</Link>
              </td>
              <td>{t(`kinds.${target.kind}`)}</td>
              <td>
                <code>{target.url}</code>
                {target.topic && <div className="muted">{target.topic}</div>}
              </td>
              <td>{t(`active.${String(target.active) as "true" | "false"}`)}</td>
              <td data-testid="last-status">
                {target.last_status ? (
                  <>
                    {t(`status.${target.last_status}`)} · {target.last_attempt_text}
                    {target.last_status === "failed" && target.last_error && (
                      <div className="muted">{target.last_error}</div>
                    )}
                  </>
                ) : (
                  t("status.never")
                )}
              </td>
              <td>{target.sent_count}</td>
              <td>{target.failed_batches}</td>
              <td>{target.dropped_count}</td>
            </tr>
          ))}
          {targets.length === 0 && (
            <tr>
              <td colSpan={8} className="muted">
                {t("empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
