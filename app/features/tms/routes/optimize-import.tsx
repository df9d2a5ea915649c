import { useTranslation } from "react-i18next";
import { FormAlert, useErrorText } from "../../../components/forms";
import { ImportPreview, ImportUploadForm } from "../../../components/ImportPreview";
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
      <header className="page-header">
        <h1>{t("import.title")}</h1>
      </header>
      <p>{t("import.intro", { max: loaderData.max })}</p>
      <p className="muted">
        {t("import.columns")}: <code>{loaderData.columns.join(", ")}</code> ·{" "}
        <a href="/tms/optimize/import/sample.csv" data-testid="import-sample">
          {t("import.sample")}
        </a>
      </p>
      <FormAlert code={failure?.code} />
      <ImportUploadForm
        intent="check"
        accept=".csv,.xlsx,text/csv"
        fileLabel={t("import.file")}
        uploadLabel={t("import.upload")}
        buttonTestId="import-check"
      />
      {check && (
        <ImportPreview
          counts={t("import.rows", { valid: check.valid.length, total: check.total })}
          valid={check.valid.length}
          invalid={check.errors.length}
          // One line a row: its order id, and all its problems with the field each is about.
          errors={check.errors.map((e) => ({
            row: e.row,
            field: e.orderId,
            message: e.messages.map(message).join("; "),
          }))}
          labels={{ row: t("import.row"), field: t("order.fields.order_id"), message: t("import.errors") }}
          messageText={(m) => m}
          commit={{
            fields: { intent: "save", rows: JSON.stringify(check.valid) },
            saveAll: `${t("import.save")} (${check.valid.length})`,
            nothingValid: t("import.none"),
          }}
        />
      )}
    </section>
  );
}
