import { useTranslation } from "react-i18next";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/export";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "places:read");
  return null;
}

export default function ExportPlaces() {
  const { t } = useTranslation("places");
  return (
    <section className="card stack">
      <h1>{t("export.title")}</h1>
      <p>{t("export.intro")}</p>
      <div className="form-actions">
        {/* Plain links with reloadDocument semantics: the browser downloads the file. */}
        <a href="/places/export.csv" className="button primary" download data-testid="export-csv">
          {t("export.csv")}
        </a>
        <a href="/places/export.geojson" className="button" download data-testid="export-geojson">
          {t("export.geojson")}
        </a>
      </div>
    </section>
  );
}
