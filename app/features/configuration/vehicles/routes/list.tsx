import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { VEHICLE_CATEGORIES } from "../../../../../server/modules/vehicles/vehicles.schema";
import { SearchBox } from "../../../../components/ListControls";
import { ListPage } from "../../../../components/ListPage";
import { RecordTable } from "../../../../components/RecordTable";
import type { Route } from "./+types/list";
import { vehiclesListLoader } from "../vehicles.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => vehiclesListLoader(request, context);

export default function VehicleList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const { page, teams, canWrite } = loaderData;
  const none = (v: string | number | null) => v ?? t("common:none");
  const filtered = params.get("q") || params.get("team") || params.get("category");
  return (
    <ListPage
      title={t("list.title")}
      add={canWrite && { to: "/configuration/vehicles/add", label: t("list.add"), testId: "add-vehicle" }}
      filters={
        <SearchBox placeholder={t("list.searchPlaceholder")}>
          <select name="category" defaultValue={params.get("category") ?? ""} aria-label={t("fields.category")}>
            <option value="">{t("list.allCategories")}</option>
            {VEHICLE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
          <select name="team" defaultValue={params.get("team") ?? ""} aria-label={t("fields.team_id")}>
            <option value="">{t("list.allTeams")}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </SearchBox>
      }
      page={page}
    >
      <RecordTable
        testId="vehicles-table"
        rows={page.items}
        rowKey={(v) => v.id}
        empty={t(filtered ? "common:list.noResults" : "common:list.empty")}
        columns={[
          {
            header: t("fields.registration"),
            sort: "registration",
            cell: (v) => <Link to={`/configuration/vehicles/details/${v.id}`}>{v.registration}</Link>,
          },
          { header: t("fields.category"), sort: "category", cell: (v) => t(`categories.${v.category}`) },
          { header: t("fields.identifier_name"), sort: "name", cell: (v) => none(v.identifier_name) },
          { header: t("fields.fleet_number"), sort: "fleet", cell: (v) => none(v.fleet_number) },
          { header: t("fields.team_id"), sort: "team", cell: (v) => none(v.team_name) },
          { header: t("fields.driver_id"), cell: (v) => none(v.driver_name) },
          { header: t("fields.vehicle_year"), sort: "year", cell: (v) => none(v.vehicle_year) },
          { header: t("list.device"), cell: (v) => v.device_imei ?? t("list.noDevice") },
        ]}
      />
    </ListPage>
  );
}
