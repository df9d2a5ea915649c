import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { listTeams } from "../../../../../server/modules/teams/teams.service";
import { Pagination, SearchBox, SortHeader } from "../../../../components/ListControls";
import { listQueryFrom, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/index";
import { can } from "../../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "teams:read");
  const page = await load(() => listTeams(context.app, p, listQueryFrom(request)));
  return { page, canWrite: can(p, "teams:write") };
}

export default function TeamList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("teams.title")}</h1>
        {canWrite && (
          <Link to="/configuration/vehicles/teams/add" className="button primary" data-testid="add-team">
            {t("teams.add")}
          </Link>
        )}
      </header>
      {params.get("deleted") && (
        <div className="alert alert-ok" role="status">
          {t("teams.deleted")}
        </div>
      )}
      <SearchBox placeholder={t("teams.searchPlaceholder")} />
      <table className="table" data-testid="teams-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("teams.name")} />
            <th>{t("teams.description")}</th>
            <SortHeader column="vehicles" label={t("teams.vehicles")} />
            <SortHeader column="members" label={t("teams.members")} />
          </tr>
        </thead>
        <tbody>
          {page.items.map((team) => (
            <tr key={team.id}>
              <td>
                <Link to={`/configuration/vehicles/teams/update/${team.id}`}>{team.name}</Link>
              </td>
              <td>{team.description ?? t("common:none")}</td>
              <td>{Number(team.vehicle_count ?? 0)}</td>
              <td>{Number(team.member_count ?? 0)}</td>
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                {t(params.get("q") ? "common:list.noResults" : "common:list.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
