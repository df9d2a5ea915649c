import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput, FormAlert, useErrorText } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { importAction, importLoader } from "../import.server";
import type { Route } from "./+types/optimize-import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return importLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return importAction(context, request);
}

/** Orders from CSV or XLSX: every row checked and its problems listed before anything is saved. */
export default function ImportOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const errorText = useErrorText();
  const failure = formFailure(actionData);
  const check = actionData && typeof actionData === "object" && "check" in actionData ? actionData.check : null;
  const message = (m: string) => {
    const [field, key] = m.split(":");
    return `${field ? `${t(`order.fields.${field}`, { defaultValue: field })}: ` : ""}${errorText(key)}`;
  };
  return (
    <section className="stack">
      <header className="page-header"><h1>{t("import.title")}</h1></header>
      <p>{t("import.intro", { max: loaderData.max })}</p>
      <p className="muted">{t("import.columns")}: <code>{loaderData.columns.join(", ")}</code> · <a href="/tms/optimize/import/sample.csv" data-testid="import-sample">{t("import.sample")}</a></p>
      <FormAlert code={failure?.code} />
      <Form method="post" encType="multipart/form-data" className="card tms-filters" data-testid="import-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="check" />
        <label><span>{t("import.file")}</span><input type="file" name="file" accept=".csv,.xlsx,text/csv" required /></label>
        <button type="submit" className="button primary" data-testid="import-check">{t("import.upload")}</button>
      </Form>
      {check && (
        <section className="card stack" data-testid="import-result" data-valid={check.valid.length} data-errors={check.errors.length}>
          <p role="status">{t("import.rows", { valid: check.valid.length, total: check.total })}</p>
          {check.errors.length > 0 && (
            <table className="table compact" data-testid="import-errors">
              <thead><tr><th>{t("import.row")}</th><th>{t("order.fields.order_id")}</th><th>{t("import.errors")}</th></tr></thead>
              <tbody>
                {check.errors.map((e) => (
                  <tr key={e.row}><td>{e.row}</td><td>{e.orderId}</td><td>{e.messages.map(message).join("; ")}</td></tr>
                ))}
              </tbody>
            </table>
          )}
          {check.valid.length > 0 ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="rows" value={JSON.stringify(check.valid)} />
              <button type="submit" className="button primary" data-testid="import-save">{t("import.save")} ({check.valid.length})</button>
            </Form>
          ) : <p className="muted">{t("import.none")}</p>}
        </section>
      )}
    </section>
  );
}
