import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator } from "react-router";
import { CsrfInput, FormAlert } from "../../../../components/forms";
import { formFailure } from "../../../../lib/form-failure";
import { archiveAction, archivePage } from "../archive.server";
import type { Route } from "./+types/archive";
import "../../../../styles/reports.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader(args: Route.LoaderArgs) {
  return archivePage(args);
}

export function action(args: Route.ActionArgs) {
  return archiveAction(args);
}

/** How often the list refreshes itself while a report is RUNNING (with JavaScript; without, the Refresh link). */
const REFRESH_MS = 3000;

/** Archived reports: RUNNING with progress, COMPLETED with downloads, FAILED with the reason and a retry. */
export default function Archive({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("analytics");
  const d = loaderData;
  const failed = formFailure(actionData, "retry");
  const running = d.items.some((a) => a.status === "RUNNING");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const reason = (code: string | null) =>
    t(`archive.errors.${code ?? "INTERNAL"}`, { defaultValue: t("archive.errors.INTERNAL") });
  return (
    <section className="archive-page" data-testid="archive-page">
      <header className="page-header">
        <h1>{t("archive.heading")}</h1>
        <p className="muted">{t("archive.intro")}</p>
      </header>
      {d.started && (
        <p className="alert alert-info" role="status" data-testid="archive-started">
          {t("archive.started")}
        </p>
      )}
      <FormAlert code={failed?.code} />
      {running && (
        <p>
          <Link to="/analytics/archive" data-testid="archive-refresh">
            {t("archive.refresh")}
          </Link>
        </p>
      )}
      {!d.items.length ? (
        <p className="muted" data-testid="archive-empty">
          {t("archive.empty")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="archive-table">
            <thead>
              <tr>
                <th scope="col">{t("archive.report")}</th>
                <th scope="col">{t("params.period")}</th>
                <th scope="col">{t("archive.requested")}</th>
                <th scope="col">{t("archive.status")}</th>
                <th scope="col">{t("archive.result")}</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((a) => (
                <tr key={a.id} data-testid="archive-row" data-id={a.id} data-status={a.status}>
                  <td>
                    {a.title}
                    {a.schedule && <div className="muted">{a.schedule}</div>}
                  </td>
                  <td>
                    {a.from} – {a.to}
                  </td>
                  <td>{a.created}</td>
                  <td>
                    <span className={`status status-${a.status.toLowerCase()}`}>
                      {t(`archive.statuses.${a.status}`)}
                    </span>
                  </td>
                  <td>
                    {a.status === "RUNNING" && (
                      <span className="archive-progress">
                        <progress max={100} value={a.progress} aria-label={t("archive.progress")} />{" "}
                        <span data-testid="archive-progress">{`${a.progress} %`}</span>
                      </span>
                    )}
                    {a.status === "COMPLETED" && (
                      <span className="archive-files">
                        <span className="muted">{t("run.rows", { count: a.rows ?? 0 })}</span>{" "}
                        {(["pdf", "xlsx", "csv"] as const).map((f) => (
                          <a
                            key={f}
                            className="button small"
                            href={`/analytics/archive/${a.id}/files/${f}`}
                            download
                            data-testid={`archive-${f}`}
                          >
                            {t(`run.export_${f}`)}
                          </a>
                        ))}
                      </span>
                    )}
                    {a.status === "FAILED" && (
                      <span className="archive-failed">
                        <span className="field-error" data-testid="archive-reason">
                          {reason(a.error)}
                        </span>
                        {d.canRetry && (
                          <Form method="post" className="inline-form">
                            <CsrfInput />
                            <input type="hidden" name="id" value={a.id} />
                            <button
                              type="submit"
                              name="intent"
                              value="retry"
                              className="button small"
                              data-testid="archive-retry"
                            >
                              {t("archive.retry")}
                            </button>
                          </Form>
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.pages > 1 && (
        <nav className="pager" aria-label={t("archive.pages")}>
          {d.page > 1 && <Link to={`?page=${d.page - 1}`}>{t("archive.previous")}</Link>}
          <span>
            {d.page} / {d.pages}
          </span>
          {d.page < d.pages && <Link to={`?page=${d.page + 1}`}>{t("archive.next")}</Link>}
        </nav>
      )}
    </section>
  );
}
