import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CSV_COLUMNS } from "../../../../server/modules/places/places.schema";
import { ImportAlert, ImportPreview, ImportUploadForm } from "../../../components/ImportPreview";
import { formFailure } from "../../../lib/form-failure";
import { placesImportAction, placesImportLoader } from "../place-files.server";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return placesImportLoader(context, request);
}

/** Step 1 (intent=upload) checks the file and keeps it under a token; step 2 (intent=commit) saves it. */
export function action({ request, context }: Route.ActionArgs) {
  return placesImportAction(context, request);
}

export default function ImportPlaces({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("places");
  const [params] = useSearchParams();
  const { summary } = loaderData;
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("import.title")}</h1>
      </header>
      <ImportAlert code={formFailure(actionData)?.code} />
      {!summary && (
        <ImportUploadForm
          intent="upload"
          fileLabel={t("fields.file")}
          uploadLabel={t("import.upload")}
          accept=".csv,.geojson,.json,.kml,text/csv,application/geo+json,application/vnd.google-earth.kml+xml"
        >
          <p>{t("import.intro")}</p>
          <p className="muted">
            {t("import.csvHeader")} <code>{CSV_COLUMNS.join(",")}</code>
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
          maxErrors={500}
          labels={{
            errorsTitle: t("import.errorsTitle"),
            row: t("import.row"),
            field: t("import.field"),
            message: t("import.message"),
          }}
          fieldText={(field) => t(`fields.${field}`, { defaultValue: field })}
          commit={{
            action: `/places/import?${params}`,
            fields: { intent: "commit", token: summary.token },
            saveAll: t("import.saveAll", { count: summary.valid }),
            saveValid: t("import.saveValid", { count: summary.valid }),
            nothingValid: t("import.nothingValid"),
            another: { to: "/places/import", label: t("import.another") },
          }}
        />
      )}
    </section>
  );
}
