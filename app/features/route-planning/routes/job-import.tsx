import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { commitJobImport, getJobImport, uploadJobs } from "../../../../server/modules/route-planning/route-planning.import";
import { JOB_CSV_COLUMNS, JOB_IMPORT_MAX_BYTES } from "../../../../server/modules/route-planning/route-planning.schema";
import { CsrfInput, useErrorText } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { formAction, intent, refuse } from "../../../lib/forms.server";
import { load, requirePermission } from "../../../lib/route-kit.server";
import { JOBS_PATH } from "../paths";
import type { Route } from "./+types/job-import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const PATH = `${JOBS_PATH}/import`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "routePlanning:write");
  const token = new URL(request.url).searchParams.get("token");
  return { summary: token ? await load(() => getJobImport(context.app, p, token)) : null };
}

/** Step 1 (upload) checks the file and keeps it under a token; step 2 (commit) saves all of it, or the valid rows only. */
export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "routePlanning:write");
  if (Number(request.headers.get("content-length") ?? 0) > JOB_IMPORT_MAX_BYTES + 64 * 1024) return refuse("save", "IMPORT_TOO_LARGE", 413);
  return formAction({ request, context }, {
    save: intent({
      run: async ({ form }) => {
        const file = form.get("file");
        if (!file || typeof file === "string") return refuse("save", "IMPORT_FORMAT");
        const summary = await uploadJobs(context.app, p, file);
        return redirect(`${PATH}?token=${summary.token}`);
      },
    }),
    commit: intent({
      run: async ({ form }) => {
        const saved = await commitJobImport(context.app, p, String(form.get("token") ?? ""), { validOnly: form.get("validOnly") === "1" });
        return redirect(`${JOBS_PATH}?imported=${saved}`);
      },
    }),
  });
}

export default function ImportJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const errorText = useErrorText();
  const navigation = useNavigation();
  const { summary } = loaderData;
  const code = formFailure(actionData)?.code;
  const busy = navigation.state === "submitting";
  return (
    <section className="stack">
      <header className="page-header"><h1>{t("import.title")}</h1><Link to={JOBS_PATH} className="button">{t("common.back")}</Link></header>
      {code && <div className="alert alert-error" role="alert" data-testid="import-alert">{code === "IMPORT_HAS_ERRORS" ? t("import.hasErrors") : errorText(code)}</div>}
      {busy && <div className="alert" role="status" data-testid="import-progress"><progress /> {t("import.progress")}</div>}
      {!summary && (
        <Form method="post" encType="multipart/form-data" className="card stack" data-testid="import-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          <p>{t("import.intro")}</p>
          <p className="muted">{t("import.columns")}: <code>{JOB_CSV_COLUMNS.join(",")}</code></p>
          <p><a href="/route-planning/sample-jobs.csv" download data-testid="sample-link">{t("import.sample")}</a></p>
          <label htmlFor="file">{t("fields.file")}</label>
          <input id="file" name="file" type="file" accept=".csv,text/csv" required />
          <div className="form-actions"><button type="submit" className="button primary" disabled={busy}>{t("import.upload")}</button></div>
        </Form>
      )}
      {summary && (
        <div className="card stack" data-testid="import-summary">
          <p data-testid="import-counts">{t("import.summary", { file: summary.fileName, total: summary.total, valid: summary.valid, invalid: summary.invalid })}</p>
          {summary.errors.length > 0 && (
            <>
              <h2>{t("import.errorsTitle")}</h2>
              <table className="table" data-testid="import-errors">
                <thead><tr><th>{t("import.row")}</th><th>{t("import.field")}</th><th>{t("import.message")}</th></tr></thead>
                <tbody>
                  {summary.errors.slice(0, 1000).map((e, i) => (
                    <tr key={i} data-row={e.row} data-field={e.field}><td>{e.row}</td><td>{e.field}</td><td>{errorText(e.message)}</td></tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <Form method="post" className="form-actions">
            <CsrfInput />
            <input type="hidden" name="intent" value="commit" />
            <input type="hidden" name="token" value={summary.token} />
            {summary.invalid === 0 && <button type="submit" className="button primary" data-testid="import-save" disabled={busy}>{t("import.saveAll", { count: summary.jobs })}</button>}
            {summary.invalid > 0 && summary.valid > 0 && (
              <>
                <button type="submit" className="button" data-testid="import-save" disabled={busy}>{t("import.saveAll", { count: summary.jobs })}</button>
                <button type="submit" name="validOnly" value="1" className="button primary" data-testid="import-save-valid" disabled={busy}>{t("import.saveValid", { count: summary.valid })}</button>
              </>
            )}
            {summary.invalid > 0 && summary.valid === 0 && <p>{t("import.nothingValid")}</p>}
            <Link to={PATH} className="button">{t("import.another")}</Link>
          </Form>
        </div>
      )}
    </section>
  );
}
