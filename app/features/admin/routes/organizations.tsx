import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pagination, SearchBox } from "../../../components/ListControls";
import { organizationsLoader } from "../admin.server";
import { OrganizationsTable } from "../components/OrganizationsTable";
import type { Route } from "./+types/organizations";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return organizationsLoader(request, context);
}

export default function Organizations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { page, notice } = loaderData;
  return (
    <section>
      <header className="page-header">
        <div>
          <h1>{t("organizations.title")}</h1>
          <p className="muted">{t("organizations.intro")}</p>
        </div>
        <Link to="/administration/organizations/add" className="button primary" data-testid="add-organization">
          {t("organizations.add")}
        </Link>
      </header>
      {notice === "deleted" && (
        <div className="alert alert-ok" role="status">
          {t("notices.deleted")}
        </div>
      )}
      <SearchBox placeholder={t("organizations.search")} />
      <OrganizationsTable items={page.items} />
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
