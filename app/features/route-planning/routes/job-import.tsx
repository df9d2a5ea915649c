import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { JOB_CSV_COLUMNS } from "../../../../server/modules/route-planning/route-planning.schema";
import { ImportAlert, ImportPreview, ImportUploadForm } from "../../../components/ImportPreview";
import { formFailure } from "../../../lib/form-failure";
import { jobImportAction, jobImportLoader } from "../job-import.server";
import { JOBS_LIST_PATH, JOBS_PATH } from "../paths";
import type { Route } from "./+types/job-import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const PATH = `${JOBS_PATH}/import`;

export function loader({ request, context }: Route.LoaderArgs) {
  return jobImportLoader(context, request);
}

/** Step 1 (upload) checks the file and keeps it under a token; step 2 (commit) saves all of it, or the valid rows only. */
export function action({ request, context }: Route.ActionArgs) {
  return jobImportAction(context, request);
}

export default function ImportJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const busy = useNavigation().state === "submitting";
  const { summary } = loaderData;
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("import.title")}</h1>
        <Link to={JOBS_LIST_PATH} className="button">
          {t("common.back")}
        </Link>
      </header>
      <ImportAlert code={formFailure(actionData)?.code} hasErrors={t("import.hasErrors")} />
      {busy && (
        <div className="alert" role="status" data-testid="import-progress">
          <progress /> {t("import.progress")}
        </div>
      )}
      {!summary && (
        <ImportUploadForm
          intent="upload"
          accept=".csv,text/csv"
          fileLabel={t("fields.file")}
          uploadLabel={t("import.upload")}
          busy={busy}
        >
          <p>{t("import.intro")}</p>
          <p className="muted">
            {t("import.columns")}: <code>{JOB_CSV_COLUMNS.join(",")}</code>
          </p>
          <p>
            <a href="/route-planning/sample-jobs.csv" download data-testid="sample-link">
              {t("import.sample")}
            </a>
          </p>
        </ImportUploadForm>
      )}
      {summary && (
        <ImportPreview
          counts={t("import.summary", {
            file: summary.fileName,
            total: summary.total,
            valid: summary.valid,
            invalid: summary.invalid,
          })}
          valid={summary.valid}
          invalid={summary.invalid}
          errors={summary.errors}
          maxErrors={1000}
          labels={{
            errorsTitle: t("import.errorsTitle"),
            row: t("import.row"),
            field: t("import.field"),
            message: t("import.message"),
          }}
          commit={{
            fields: { intent: "commit", token: summary.token },
            busy,
            saveAll: t("import.saveAll", { count: summary.jobs }),
            saveValid: t("import.saveValid", { count: summary.valid }),
            saveAllWithErrors: true,
            nothingValid: t("import.nothingValid"),
            another: { to: PATH, label: t("import.another") },
          }}
        />
      )}
    </section>
  );
}
