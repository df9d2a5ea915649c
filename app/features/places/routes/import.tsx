import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { CSV_COLUMNS } from "../../../../server/modules/places/places.formats";
import { IMPORT_MAX_BYTES, commitImport, getImportSummary, uploadPlaces } from "../../../../server/modules/places/places.import";
import { CsrfInput, useErrorText } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { formAction, intent, refuse } from "../../../lib/forms.server";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "places:write");
  const token = new URL(request.url).searchParams.get("token");
  return { summary: token ? await load(() => getImportSummary(context.app, p, token)) : null };
}

/** Step 1 (intent=upload) checks the file and keeps it under a token; step 2 (intent=commit) saves it. */
export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "places:write");
  // Multipart overhead on top of the file itself; a bigger body is refused before it is read.
  if (Number(request.headers.get("content-length") ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) {
    return refuse("save", "IMPORT_TOO_LARGE", 413);
  }
  return formAction({ request, context }, {
    // The upload form posts intent=upload, answered as this page's "save".
    save: intent({
      run: async ({ form }) => {
        const file = form.get("file");
        if (!file || typeof file === "string") return refuse("save", "IMPORT_FORMAT");
        const summary = await uploadPlaces(context.app, p, file);
        return redirect(`/places/import?token=${summary.token}`);
      },
    }),
    commit: intent({
      run: async ({ form }) => {
        const saved = await commitImport(context.app, p, String(form.get("token") ?? ""), { validOnly: form.get("validOnly") === "1" });
        return redirect(`/places/points?imported=${saved}`);
      },
    }),
  });
}

export default function ImportPlaces({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("places");
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const { summary } = loaderData;
  const code = formFailure(actionData)?.code;
  return (
    <section className="stack">
      <header className="page-header"><h1>{t("import.title")}</h1></header>
      {code && <div className="alert alert-error" role="alert" data-testid="import-alert">{errorText(code)}</div>}
      {!summary && (
        <Form method="post" encType="multipart/form-data" className="card stack" data-testid="import-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          <p>{t("import.intro")}</p>
          <p className="muted">{t("import.csvHeader")} <code>{CSV_COLUMNS.join(",")}</code></p>
          <label htmlFor="file">{t("fields.file")}</label>
          <input id="file" name="file" type="file" accept=".csv,.geojson,.json,.kml,text/csv,application/geo+json,application/vnd.google-earth.kml+xml" required />
          <div className="form-actions"><button type="submit" className="button primary">{t("import.upload")}</button></div>
        </Form>
      )}
      {summary && (
        <div className="card stack" data-testid="import-summary">
          <p data-testid="import-counts">{t("import.summary", { file: summary.fileName, total: summary.total, valid: summary.valid, invalid: summary.invalid })}</p>
          {summary.errors.length > 0 && (
            <>
              <h2>{t("import.errorsTitle")}</h2>
              <table className="table import-errors" data-testid="import-errors">
                <thead><tr><th>{t("import.row")}</th><th>{t("import.field")}</th><th>{t("import.message")}</th></tr></thead>
                <tbody>
                  {summary.errors.slice(0, 500).map((e, i) => (
                    <tr key={i} data-row={e.row} data-field={e.field}>
                      <td>{e.row}</td>
                      <td>{t(`fields.${e.field}`, { defaultValue: e.field })}</td>
                      <td>{errorText(e.message)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <Form method="post" action={`/places/import?${params}`} className="form-actions">
            <CsrfInput />
            <input type="hidden" name="intent" value="commit" />
            <input type="hidden" name="token" value={summary.token} />
            {summary.invalid === 0 && <button type="submit" className="button primary" data-testid="import-save">{t("import.saveAll", { count: summary.valid })}</button>}
            {summary.invalid > 0 && summary.valid > 0 && (
              <button type="submit" name="validOnly" value="1" className="button primary" data-testid="import-save-valid">{t("import.saveValid", { count: summary.valid })}</button>
            )}
            {summary.invalid > 0 && summary.valid === 0 && <p>{t("import.nothingValid")}</p>}
            <Link to="/places/import" className="button">{t("import.another")}</Link>
          </Form>
        </div>
      )}
    </section>
  );
}
