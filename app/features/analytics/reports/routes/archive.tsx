import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator } from "react-router";
import { CsrfInput, FormAlert } from "../../../../components/forms";
import { ListPage } from "../../../../components/ListPage";
import { RecordTable } from "../../../../components/RecordTable";
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
  return (
    <ListPage
      className="archive-page"
      testId="archive-page"
      title={t("archive.heading")}
      intro={<p className="muted">{t("archive.intro")}</p>}
      notices={
        <>
          {d.started && (
            <p className="alert alert-info" role="status" data-testid="archive-started">
              {t("archive.started")}
            </p>
          )}
          <FormAlert code={failed?.code} />
        </>
      }
    >
      {running && (
        <p>
          <Link to="/analytics/archive" data-testid="archive-refresh">
            {t("archive.refresh")}
          </Link>
        </p>
      )}
      <RecordTable
        testId="archive-table"
        scroll
        rows={d.items}
        rowKey={(a) => a.id}
        rowProps={(a) => ({ "data-testid": "archive-row", "data-id": a.id, "data-status": a.status })}
        columns={[
          {
            header: t("archive.report"),
            cell: (a) => (
              <>
                {a.title}
                {a.schedule && <div className="muted">{a.schedule}</div>}
              </>
            ),
          },
          { header: t("params.period"), cell: (a) => `${a.from} – ${a.to}` },
          { header: t("archive.requested"), cell: (a) => a.created },
          {
            header: t("archive.status"),
            cell: (a) => (
              <span className={`status status-${a.status.toLowerCase()}`}>{t(`archive.statuses.${a.status}`)}</span>
            ),
          },
          { header: t("archive.result"), cell: (a) => <ArchiveResult archive={a} canRetry={d.canRetry} /> },
        ]}
        empty={t("archive.empty")}
        emptyAlone={{ className: "muted", testId: "archive-empty" }}
      />
      {d.pages > 1 && (
        <nav className="pager" aria-label={t("archive.pages")}>
          {d.page > 1 && <Link to={`?page=${d.page - 1}`}>{t("archive.previous")}</Link>}
          <span>
            {d.page} / {d.pages}
          </span>
          {d.page < d.pages && <Link to={`?page=${d.page + 1}`}>{t("archive.next")}</Link>}
        </nav>
      )}
    </ListPage>
  );
}

type ArchiveItem = Route.ComponentProps["loaderData"]["items"][number];

/** The result cell: progress while RUNNING, the downloads when COMPLETED, the reason and a retry when FAILED. */
function ArchiveResult({ archive: a, canRetry }: { archive: ArchiveItem; canRetry: boolean }) {
  const { t } = useTranslation("analytics");
  if (a.status === "RUNNING")
    return (
      <span className="archive-progress">
        <progress max={100} value={a.progress} aria-label={t("archive.progress")} />{" "}
        <span data-testid="archive-progress">{`${a.progress} %`}</span>
      </span>
    );
  if (a.status === "COMPLETED")
    return (
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
    );
  if (a.status === "FAILED")
    return (
      <span className="archive-failed">
        <span className="field-error" data-testid="archive-reason">
          {t(`archive.errors.${a.error ?? "INTERNAL"}`, { defaultValue: t("archive.errors.INTERNAL") })}
        </span>
        {canRetry && (
          <Form method="post" className="inline-form">
            <CsrfInput />
            <input type="hidden" name="id" value={a.id} />
            <button type="submit" name="intent" value="retry" className="button small" data-testid="archive-retry">
              {t("archive.retry")}
            </button>
          </Form>
        )}
      </span>
    );
  return null;
}
