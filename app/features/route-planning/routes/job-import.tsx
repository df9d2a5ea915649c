import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import {
  commitJobImport,
  getJobImport,
  uploadJobs,
} from "../../../../server/modules/route-planning/route-planning.import";
import { JOB_CSV_COLUMNS, JOB_IMPORT_MAX_BYTES } from "../../../../server/modules/route-planning/route-planning.schema";
import { ImportAlert, ImportPreview, ImportUploadForm } from "../../../components/ImportPreview";
import { formFailure } from "../../../lib/form-failure";
import { previewFromToken, tokenImportAction } from "../../../lib/import.server";
import { requirePermission } from "../../../lib/route-kit.server";
import { JOBS_LIST_PATH, JOBS_PATH } from "../paths";
import type { Route } from "./+types/job-import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const PATH = `${JOBS_PATH}/import`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "routePlanning:write");
  return previewFromToken(request, (token) => getJobImport(context.app, p, token));
}

/** Step 1 (upload) checks the file and keeps it under a token; step 2 (commit) saves all of it, or the valid rows only. */
export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "routePlanning:write");
  return tokenImportAction(
    { request, context },
    {
      maxBytes: JOB_IMPORT_MAX_BYTES,
      upload: (file) => uploadJobs(context.app, p, file),
      preview: (token) => `${PATH}?token=${token}`,
      commit: (token, opts) => commitJobImport(context.app, p, token, opts),
      saved: (count) => `${JOBS_LIST_PATH}?imported=${count}`,
    },
  );
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
