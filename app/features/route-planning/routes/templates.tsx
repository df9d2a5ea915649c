import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination, SearchBox, SortHeader } from "../../../components/ListControls";
import { templatesListLoader } from "../route-planning.server";
import { TEMPLATES_PATH } from "../paths";
import type { Route } from "./+types/templates";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return templatesListLoader(context, request);
}

export default function TemplatesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("templates.title")}</h1>
        {canWrite && (
          <Link to={`${TEMPLATES_PATH}/add`} className="button primary" data-testid="add-template">
            {t("templates.add")}
          </Link>
        )}
      </header>
      {params.has("deleted") && (
        <div className="alert alert-ok" role="status">
          {t("templates.deleted")}
        </div>
      )}
      <p className="muted">{t("templates.intro")}</p>
      <SearchBox placeholder={t("templates.search")} />
      <table className="table" data-testid="templates-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("fields.name")} />
            <th>{t("fields.days")}</th>
            <th>{t("fields.dates")}</th>
            <th>{t("templates.stops")}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((tpl) => (
            <tr key={tpl.id}>
              <td>
                <Link to={`${TEMPLATES_PATH}/edit/${tpl.id}`}>{tpl.name}</Link>
              </td>
              <td>{tpl.days.map((d) => t(`weekdaysShort.${d}`)).join(", ")}</td>
              <td>{tpl.dates.join(", ")}</td>
              <td>{Number(tpl.stops ?? 0)}</td>
            </tr>
          ))}
          {!page.items.length && (
            <tr>
              <td colSpan={4} className="muted">
                {t("templates.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
