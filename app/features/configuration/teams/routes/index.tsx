import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SearchBox } from "../../../../components/ListControls";
import { ListPage, Notice } from "../../../../components/ListPage";
import { RecordTable } from "../../../../components/RecordTable";
import type { Route } from "./+types/index";
import { teamsListLoader } from "../teams.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => teamsListLoader(request, context);

export default function TeamList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <ListPage
      title={t("teams.title")}
      add={canWrite && { to: "/configuration/vehicles/teams/add", label: t("teams.add"), testId: "add-team" }}
      notices={params.get("deleted") && <Notice>{t("teams.deleted")}</Notice>}
      filters={<SearchBox placeholder={t("teams.searchPlaceholder")} />}
      page={page}
    >
      <RecordTable
        testId="teams-table"
        rows={page.items}
        rowKey={(team) => team.id}
        empty={t(params.get("q") ? "common:list.noResults" : "common:list.empty")}
        columns={[
          {
            header: t("teams.name"),
            sort: "name",
            cell: (team) => <Link to={`/configuration/vehicles/teams/update/${team.id}`}>{team.name}</Link>,
          },
          { header: t("teams.description"), cell: (team) => team.description ?? t("common:none") },
          {
            header: t("teams.vehicles"),
            sort: "vehicles",

            cell: (team) => Number(team.vehicle_count ?? 0),
          },
          {
            header: t("teams.members"),
            sort: "members",

            cell: (team) => Number(team.member_count ?? 0),
          },
        ]}
      />
    </ListPage>
  );
}
